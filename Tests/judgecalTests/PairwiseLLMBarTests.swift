import DataFormats
import Foundation
import Testing
import _TestSupport

/// The local judge's pairwise replies on LLMBar natural, recorded through the batch route
/// (`Tests/Recordings/pairwise-llmbar/README.md`), read back without a server.
@Suite("LLMBar natural judged pairwise by the local judge: the recorded replies read back, each refusal asked again")
struct PairwiseLLMBarTests {
    static let recordings = SharedData.projectURL("Tests/Recordings/pairwise-llmbar")

    static func recorded(_ name: String) -> String { recordings.appendingPathComponent(name).path }

    @Test("Every recorded reply is stored and read; the ones that copy the placeholder rationale get a follow-up")
    func recordedReplies() throws {
        let folder = try SharedData.temporaryFolder("pairwise-llmbar")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("llmbar.run.jsonl").path
        let imported = try JudgeCalProcess.run(["import", Self.recorded("llmbar-natural-short10.json"), "--output", run])
        try #require(imported.status == 0, "\(imported.error)")
        let options = [
            run, "--rubric", "rubrics/llmbar-pairwise.md", "--pairwise", "--model-config", Self.recorded("model.json"),
            "--cache", folder.appendingPathComponent("cache.sqlite").path, "--base-url", "http://127.0.0.1:9/v1",
            "--output", folder.appendingPathComponent("llmbar.judgments.jsonl").path,
        ]
        // The first round's requests are the ones recorded, byte for byte.
        let written = folder.appendingPathComponent("round1.requests.jsonl").path
        let wrote = try JudgeCalProcess.run(["judge"] + options + ["--batch-requests", written])
        #expect(wrote.status == 0, "\(wrote.error)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: written))
                == Data(contentsOf: URL(fileURLWithPath: Self.recorded("round1.requests.jsonl"))))
        // 7 replies were recorded; 6 copy the placeholder rationale, one (row 3, b shown first) gives a verdict.
        let (replies, refused) = (7, 6)
        let read = try JudgeCalProcess.run(["judge"] + options + ["--batch-results", Self.recorded("round1.output.jsonl")])
        #expect(read.status == 0, "\(read.error)")
        #expect(
            read.output.contains("read \(replies) lines of ") && read.output.contains("\(replies) replies stored in the cache")
                && read.output.contains("0 malformed, 0 duplicate, 0 error, 0 foreign, \(20 - replies) missing"),
            "\(read.output)")
        #expect(read.output.contains("(\(refused) follow-up requests after replies that could not be used"), "\(read.output)")
        #expect(read.error.contains("server: 0 requests"), "\(read.error)")
        // The next round asks each refused reply again, saying why, and the rows never answered.
        let next = folder.appendingPathComponent("round2.requests.jsonl").path
        let second = try JudgeCalProcess.run(["judge"] + options + ["--batch-requests", next])
        #expect(second.status == 0, "\(second.error)")
        let lines = try String(contentsOfFile: next, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 20 - (replies - refused), "the one usable reply is not asked again")
        #expect(lines.count { $0.contains("the rationale is the prompt's placeholder") } == refused)
    }

    /// LLMBar natural's 100 pairs imported into `folder` as a run, and their human majority as a label sheet.
    static func llmbarNatural(in folder: URL) throws -> (run: String, labels: URL) {
        let data = SharedData.url("data/judge-bench/llmbar__data-natural.json").path
        let run = folder.appendingPathComponent("llmbar.run.jsonl").path
        let imported = try JudgeCalProcess.run(["import", data, "--output", run])
        try #require(imported.status == 0, "\(imported.error)")
        let labels = folder.appendingPathComponent("llmbar.labels.csv")
        let sheet = try ChildProcess(
            command: "python3", arguments: [SharedData.projectURL("scripts/judge-bench-preferences.py").path, data]
        ).run()
        try #require(sheet.status == 0, "\(sheet.error)")
        try Data(sheet.output.utf8).write(to: labels)
        return (run, labels)
    }

    @Test("The live run read back: the first 20 LLMBar natural pairs from the recorded cache, 0 requests, the README's figures")
    func liveRun() throws {
        let folder = try SharedData.temporaryFolder("pairwise-llmbar-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, labels) = try Self.llmbarNatural(in: folder)
        let cache = folder.appendingPathComponent("cache.sqlite")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.recorded("live20.cache.sqlite")), to: cache)
        let r = try JudgeCalProcess.run([
            "align", run, "--rubric", "rubrics/llmbar-pairwise.md", "--pairwise", "--labels", labels.path, "--ids",
            Self.recorded("live20.ids"), "--model-config", Self.recorded("model.json"), "--cache", cache.path,
            "--base-url", "http://127.0.0.1:9/v1", "--no-history", "--json",
        ])
        #expect(r.status == 3, "inconclusive: one pair has an outcome; \(r.error)")
        #expect(r.error.contains("cache: 108 hits, 0 misses; server: 0 requests"), "\(r.error)")
        let report = try JSONValue.parse(Data(r.output.utf8))
        #expect(report["rows"] == .number(20) && report["failed"] == .number(19) && report["inconsistentAsTies"] == .number(1))
        let consistency = report["agreement"]?["positionConsistency"]
        #expect(consistency?["value"] == .number(0) && consistency?["n"] == .number(1), "its one pair chose B in both orders")
        #expect(report["agreement"]?["table"]?["excludedPairs"] == .number(19))
    }

    @Test("All 100 LLMBar natural pairs against the human majority: a longer-answer judge, then a first-position one")
    func plantedJudgesOnLLMBar() throws {
        let folder = try SharedData.temporaryFolder("pairwise-llmbar-all")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, labels) = try Self.llmbarNatural(in: folder)
        let server = try LoopbackServer()
        defer { server.stop() }
        func align(_ scenario: String) throws -> (Int32, JSONValue) {
            let r = try JudgeCalProcess.run([
                "align", run, "--rubric", "rubrics/llmbar-pairwise.md", "--pairwise", "--labels", labels.path, "--json",
                "--no-history", "--cache", folder.appendingPathComponent("\(scenario).sqlite").path, "--concurrency", "4",
                "--base-url", server.baseURL(tag: scenario, scenario: scenario),
            ])
            return (r.status, try JSONValue.parse(Data(r.output.utf8)))
        }
        // Humans chose a 42 times and b 58; the longer output wins 49 of 100, one pair is equal.
        let (status, longer) = try align("longer")
        #expect(status == 2, "not aligned: kappa's interval lies below 0.6")
        #expect(longer["agreement"]?["percentAgreement"]?["value"]?.double == 0.56)
        #expect(abs((longer["agreement"]?["kappa"]?["kappa"]?["value"]?.double ?? 0) - 0.0658 / 0.5058) <= 1e-12)
        #expect(longer["agreement"]?["positionConsistency"]?["value"]?.double == 1)
        let (biasedStatus, first) = try align("firstposition")
        #expect(biasedStatus == 4, "every outcome a tie: kappa 0 with a collapsed interval, no verdict")
        #expect(first["inconsistentAsTies"] == .number(100))
        #expect(first["agreement"]?["positionConsistency"]?["value"]?.double == 0)
    }
}
