import AgreementCoefficients
import Calibration
import CalibrationData
import DataFormats
import EvaluationCore
import Foundation
import Judging
import LanguageModels
import StatisticsCore
import Testing
import _TestSupport

/// The calibration loop from the command line against the live local judge,
/// on a few rows of the book-tags sample (each judge call costs seconds).
@Suite("judge, align and compare against the local judge", .tags(.liveJudge), .needs(.localJudge), .serialized)
struct CalibrationLoopTests {
    /// The first `rows` rows of the sample run and their expert-a labels, in a fresh folder.
    static func sample(rows: Int) throws -> (folder: URL, run: String, labels: String) {
        let folder = try SharedData.temporaryFolder("loop")
        let runLines = try String(contentsOf: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(rows + 1)
        let labelLines = try String(contentsOf: SharedData.projectURL("calibration/book-tags.labels.csv"), encoding: .utf8)
            .split(separator: "\n").prefix(rows + 1)
        let run = folder.appendingPathComponent("mini.run.jsonl")
        let labels = folder.appendingPathComponent("mini.labels.csv")
        try Data((runLines.joined(separator: "\n") + "\n").utf8).write(to: run)
        try Data((labelLines.joined(separator: "\n") + "\n").utf8).write(to: labels)
        return (folder, run.path, labels.path)
    }

    /// How long one `judgecal` child may run against the local judge before it is taken for hung: 30 minutes.
    ///
    /// The judge serves one request at a time for every client on the machine, and the client waits up
    /// to its `firstByteTimeout` (600 s) for a queued request, so 600 s for a whole run is too little
    /// when others use the judge: a 3-row judge was killed at 600 s in a suite run while two whole-run
    /// judges were queued on the same server.
    static let liveTimeout: Duration = .seconds(1800)

    /// The environment for the subprocess: the server address when the test run was given one.
    static var environment: [String: String] {
        var e = ["NO_COLOR": "1"]
        if let url = ProcessInfo.processInfo.environment["JUDGECAL_BASE_URL"] { e["JUDGECAL_BASE_URL"] = url }
        return e
    }

    @Test("align's figures equal the statistics on the same pairs, and a second align calls no model")
    func alignMatchesStatistics() throws {
        let (folder, run, labels) = try Self.sample(rows: 3)
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let judgments = folder.appendingPathComponent("mini.judgments.jsonl").path
        let judged = try JudgeCalProcess.run(
            ["judge", run, "--rubric", "rubrics/book-tags-v2.md", "--output", judgments, "--cache", cache],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect(judged.status == 0, "\(judged.error)")
        let set = try JudgmentSet.load(from: URL(fileURLWithPath: judgments))
        #expect(set.judgments.map(\.id) == ["book-001", "book-002", "book-003"])
        for j in set.judgments {
            // Scored on the 1–4 scale, or a counted failure with its raw replies: never both, never neither.
            #expect((j.failure == nil) == (j.scores.count == 2))
            for s in j.scores { #expect([1, 2, 3, 4].contains(s.score)) }
            if j.failure != nil { #expect(!j.rawReplies.isEmpty) }
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mini.judgments.csv").path))

        let aligned = try JudgeCalProcess.run(
            [
                "align", run, "--rubric", "rubrics/book-tags-v2.md", "--labels", labels, "--cache", cache, "--json",
                "--include-examples", "--history", folder.appendingPathComponent("history.jsonl").path,
            ],
            environment: Self.environment, timeout: Self.liveTimeout)
        // Three rows are too few for any verdict but "inconclusive" (exit 3) or "undefined" (exit 4).
        #expect([3, 4].contains(aligned.status), "\(aligned.error)")
        #expect(aligned.error.contains("server: 0 requests"), "the second pass must come from the cache: \(aligned.error)")
        let report = try JSONDecoder().decode(AlignmentReport.self, from: Data(aligned.output.utf8))

        let expert = ["book-001": [4.0, 4.0], "book-002": [4.0, 4.0], "book-003": [3.0, 3.0]]
        for (d, name) in ["Relevance", "Usefulness"].enumerated() {
            let scored = set.judgments.compactMap { j in j.score(name).map { (j.id, $0.score) } }
            let dimension = try #require(report.dimensions.first { $0.name == name })
            #expect(dimension.counts.paired == scored.count)
            #expect(dimension.counts.judgeFailures == set.failedCount)
            let table = try ContingencyTable(
                scale: CategoryScale(1...4), first: scored.map { expert[$0.0]?[d] }, second: scored.map { $0.1 })
            let kappa = CohenKappa(table, weights: .quadratic)
            #expect(dimension.cohenKappa.quadratic.value == kappa.kappa.value)
            #expect(dimension.exactAgreement.value == PercentAgreement.exact(table).value)
        }
        let history = try String(contentsOf: folder.appendingPathComponent("history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(history.contains("\"rubricTextHash\""))

        // compare: v1 is judged afresh, v2 comes from the cache; the difference is experimental − control.
        let compared = try JudgeCalProcess.run(
            [
                "compare", run, "--control", "rubrics/book-tags.md", "--experimental", "rubrics/book-tags-v2.md",
                "--labels", labels, "--cache", cache, "--json", "--include-examples",
            ],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect(compared.status == 0, "\(compared.error)")
        let comparison = try JSONDecoder().decode(RubricComparison.self, from: Data(compared.output.utf8))
        #expect(comparison.dimensions.map(\.name) == ["Relevance", "Usefulness"])
        for d in comparison.dimensions {
            if let c = d.control.value, let e = d.experimental.value, let diff = d.difference.value {
                #expect(abs(diff - (e - c)) < 1e-12)
            }
        }
    }

    @Test("A judge run killed part way resumes from the cache and repeats no completed call")
    func killedRunResumes() async throws {
        let (folder, run, _) = try Self.sample(rows: 8)
        let cache = folder.appendingPathComponent("cache.sqlite")
        let output = folder.appendingPathComponent("mini.judgments.jsonl")
        let process = try JudgeCalProcess.child(
            ["judge", run, "--rubric", "rubrics/book-tags.md", "--output", output.path, "--cache", cache.path, "--concurrency", "1"],
            environment: Self.environment, timeout: Self.liveTimeout
        ).start()
        // Wait until at least one call is stored, then kill -9 before the run can finish: eight rows and a
        // look every 25 ms, so that a judge answering in a fraction of a second (an idle machine) is still caught.
        let deadline = Date().addingTimeInterval(240)
        var stored = 0
        while Date() < deadline, process.isRunning {
            try await Task.sleep(nanoseconds: 25_000_000)
            if FileManager.default.fileExists(atPath: cache.path) { stored = (try? ResponseCache(url: cache).count()) ?? 0 }
            if stored >= 1 { break }
        }
        try #require(process.isRunning, "the run finished before it could be killed; nothing was tested")
        process.signal(SIGKILL)
        #expect(try process.wait().termination == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: output.path), "a killed run leaves no half-written judgments")
        let before = try ResponseCache(url: cache).count()
        #expect(before >= 1)

        let resumed = try JudgeCalProcess.run(
            ["judge", run, "--rubric", "rubrics/book-tags.md", "--output", output.path, "--cache", cache.path, "--concurrency", "1"],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect(resumed.status == 0, "\(resumed.error)")
        // Every completed call came back from the cache; only the rest went to the server.
        #expect(resumed.error.contains("cache: \(before) hits"), "\(resumed.error)")
        let set = try JudgmentSet.load(from: output)
        #expect(set.judgments.count == 8)
        // The killed run's temporary files are gone: the resumed run removed what a dead process left.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")

        // A third run, all from the cache: --json counts are numbers, and both files are named alike.
        let again = try JudgeCalProcess.run(
            ["judge", run, "--rubric", "rubrics/book-tags.md", "--output", output.path, "--cache", cache.path, "--json"],
            environment: Self.environment, timeout: Self.liveTimeout)
        let summary = try JSONValue.parse(Data(again.output.utf8))
        #expect(summary["rows"] == .number(8))
        #expect(summary["scored"]?.double.map { $0 + (summary["failed"]?.double ?? .nan) } == 8)
        #expect(summary["retried"] == .number(0) && summary["unanswered"] == .number(0))
        let judgmentsPath = try #require(summary["judgments"]?.string)
        let tidyPath = try #require(summary["tidy"]?.string)
        #expect(judgmentsPath.hasPrefix("/") == tidyPath.hasPrefix("/"))
        #expect(tidyPath.hasSuffix(".csv"))
    }

    @Test("trust in weighted mode writes a certificate; judge --trust under it keeps exactly the rows at or above its thresholds, from the cache")
    func trustThenEscalate() throws {
        let (folder, run, labels) = try Self.sample(rows: 3)
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let certificate = folder.appendingPathComponent("trust.json").path
        let history = folder.appendingPathComponent("history.jsonl")
        // Three rows can certify only a loose guarantee: α 0.9 at δ 0.5 needs one row with no disagreement.
        let trusted = try JudgeCalProcess.run(
            [
                "trust", run, "--rubric", "rubrics/book-tags-v2.md", "--labels", labels, "--cache", cache, "--certificate", certificate,
                "--history", history.path, "--risk", "0.9", "--error", "0.5", "--min-kept", "1", "--include-examples", "--json", "--resamples", "100",
            ],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect([0, 2, 3].contains(trusted.status), "\(trusted.error)")
        let report = try JSONValue.parse(Data(trusted.output.utf8))
        for d in report["trust"]?["dimensions"]?.array ?? [] {
            #expect(d["methods"]?.array?.compactMap(\.string).allSatisfy { $0 == "level-probability" } == true)
        }
        let judged = try JudgeCalProcess.run(
            [
                "judge", run, "--rubric", "rubrics/book-tags-v2.md", "--mode", "weighted", "--cache", cache, "--trust", certificate,
                "--output", folder.appendingPathComponent("mini.judgments.jsonl").path,
            ],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect(judged.status == 0, "\(judged.error)")
        #expect(judged.error.contains("server: 0 requests"), "judge under the certificate asks nothing new: \(judged.error)")
        let thresholds = Dictionary(
            uniqueKeysWithValues: try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: certificate)))["dimensions"]?.array?.compactMap {
                d in d["name"]?.string.map { ($0, d["threshold"]?.double) }
            } ?? [])
        // The history's line holds the certificate as written.
        let line = try JSONValue.parse(Data(contentsOf: history))
        let written = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: certificate)))
        #expect(line["kind"]?.string == "trust")
        #expect(line["certificate"]?["judge"] == written["judge"] && line["certificate"]?["dimensions"] == written["dimensions"])
        let decisionsURL = folder.appendingPathComponent("mini.trust.csv")
        let decisions = try CSVReader().read(Data(contentsOf: decisionsURL), file: decisionsURL.path)
        #expect(decisions.columns == ["id", "dimension", "decision", "level", "confidence", "reason"])
        #expect(decisions.rowCount == 6)
        for row in 0..<decisions.rowCount {
            let threshold = thresholds[decisions[row, 1]] ?? nil
            let confidence = Double(decisions[row, 4])
            let kept = threshold.flatMap { t in confidence.map { $0 >= t } } ?? false
            #expect((decisions[row, 2] == "kept") == kept, "row \(row): \(decisions[row, 2]) at \(decisions[row, 4]) against \(String(describing: threshold))")
        }
    }

    @Test("trust --mode annotators: two simulated annotators per row, each shown one of the rubric's two worked examples")
    func trustWithAnnotators() throws {
        let (folder, run, labels) = try Self.sample(rows: 3)
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let trusted = try JudgeCalProcess.run(
            [
                "trust", "--no-history", run, "--rubric", "rubrics/book-tags.md", "--labels", labels, "--cache", cache, "--mode", "annotators",
                "--samples", "2", "--risk", "0.9", "--error", "0.5", "--min-kept", "1", "--include-examples", "--json", "--resamples", "100",
            ],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect([0, 2, 3].contains(trusted.status), "\(trusted.error)")
        #expect(trusted.error.contains("6 requests") || trusted.error.contains("misses"), "\(trusted.error)")
        let report = try JSONValue.parse(Data(trusted.output.utf8))
        for d in report["trust"]?["dimensions"]?.array ?? [] {
            #expect(d["methods"]?.array?.compactMap(\.string).allSatisfy { $0 == "annotator-agreement" } == true)
        }
        let tooMany = try JudgeCalProcess.run(
            ["trust", "--no-history", run, "--rubric", "rubrics/book-tags.md", "--labels", labels, "--cache", cache, "--mode", "annotators", "--samples", "3"],
            environment: Self.environment, timeout: Self.liveTimeout)
        #expect(tooMany.status == 65 && tooMany.error.contains("3 simulated annotators need 3 worked examples"), "\(tooMany.error)")
    }
}
