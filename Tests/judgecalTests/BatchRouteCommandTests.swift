import Calibration
import CalibrationData
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// The batch route end to end on the book-tags sample, from the recording in
/// `Tests/Recordings/batch-book-tags` (its README says how the local judge answered it, through
/// `scripts/play-batch-engine`, with one error line and one duplicated line in round 1).
@Suite("judge --batch-requests and --batch-results on the book-tags sample, answered by a recorded batch engine", .serialized)
struct BatchRouteCommandTests {
    static let recordings = SharedData.projectURL("Tests/Recordings/batch-book-tags")

    static func recorded(_ name: String) -> String { recordings.appendingPathComponent(name).path }

    /// The judge options of every step: the run, the recording's model settings, and an address where
    /// nothing listens, so that any call the route made would fail the step.
    static func options(run: String, cache: String) -> [String] {
        [
            run, "--rubric", "rubrics/book-tags.md", "--model-config", recorded("model.json"), "--cache", cache,
            "--base-url", "http://127.0.0.1:9/v1",
        ]
    }

    /// The first `rows` rows of the book-tags sample and their expert labels, in `folder`: the rows the
    /// recording covers (the local judge, shared and slow, answered these in the time there was).
    static func sample(rows: Int, in folder: URL) throws -> (run: String, labels: String) {
        let run = folder.appendingPathComponent("book-tags.run.jsonl")
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        for (source, target) in [("notebooks-data/book-tags.run.jsonl", run), ("calibration/book-tags.labels.csv", labels)] {
            let lines = try String(contentsOf: SharedData.projectURL(source), encoding: .utf8).split(separator: "\n")
            try Data((lines.prefix(rows + 1).joined(separator: "\n") + "\n").utf8).write(to: target)
        }
        return (run.path, labels.path)
    }

    /// The `batch` member of a `judge --json` summary.
    static func batchSummary(_ output: String) throws -> JSONValue {
        try #require(try JSONValue.parse(Data(output.utf8))["batch"])
    }

    @Test("Requests written as recorded; results read back with the error and the duplicate named; align then calls nothing")
    func roundTrip() throws {
        let folder = try SharedData.temporaryFolder("batch-route")
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let judgments = folder.appendingPathComponent("book-tags.judgments.jsonl").path
        let rounds = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path)
            .filter { $0.hasSuffix(".requests.jsonl") }.count
        #expect(rounds >= 2)
        let rows = try Data(contentsOf: URL(fileURLWithPath: Self.recorded("round1.requests.jsonl")))
            .split(separator: UInt8(ascii: "\n")).count
        let (run, labels) = try Self.sample(rows: rows, in: folder)
        for round in 1...rounds {
            // Each round's requests are exactly those recorded: the same rows, the same bytes.
            let written = folder.appendingPathComponent("round\(round).requests.jsonl").path
            let wrote = try JudgeCalProcess.run(["judge"] + Self.options(run: run, cache: cache) + ["--batch-requests", written])
            #expect(wrote.status == 0, "\(wrote.error)")
            let expected = try Data(contentsOf: URL(fileURLWithPath: Self.recorded("round\(round).requests.jsonl")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == expected, "round \(round)'s requests")
            let read = try JudgeCalProcess.run(
                ["judge"] + Self.options(run: run, cache: cache)
                    + ["--batch-results", Self.recorded("round\(round).output.jsonl"), "--json", "--output", judgments])
            #expect(read.status == 0, "\(read.error)")
            let batch = try Self.batchSummary(read.output)
            let lines = expected.split(separator: UInt8(ascii: "\n")).count
            if round == 1 {
                #expect(batch["error"]?.double == 1 && batch["duplicate"]?.double == 1, "\(batch)")
                #expect(batch["stored"]?.double == Double(lines - 1))
                #expect(
                    read.error.contains("error: Tests/Recordings/batch-book-tags/round1.output.jsonl line 5, column 83"), "\(read.error)")
                #expect(read.error.contains("duplicate: Tests/Recordings/batch-book-tags/round1.output.jsonl line 8, column 2"))
            } else {
                #expect(batch["error"]?.double == 0 && batch["duplicate"]?.double == 0, "\(batch)")
                #expect(batch["stored"]?.double == Double(lines))
            }
            #expect(batch["malformed"]?.double == 0 && batch["foreign"]?.double == 0 && batch["missing"]?.double == 0)
            if round == rounds { #expect(batch["rowsWaiting"]?.double == 0, "every row answered after the last round") }
        }
        let set = try JudgmentSet.load(from: URL(fileURLWithPath: judgments))
        #expect(set.judgments.count == rows)
        #expect(!set.judgments.contains { $0.failure?.code == JudgeFailure.batchPendingCode })

        // align from the cache alone: the address it was given answers nothing, and it is not asked.
        let aligned = try JudgeCalProcess.run(
            ["align"] + Self.options(run: run, cache: cache) + ["--labels", labels, "--json", "--no-history"])
        #expect([0, 2, 3, 4].contains(aligned.status), "\(aligned.error)")
        #expect(aligned.error.contains("cache: "), "\(aligned.error)")
        #expect(aligned.error.contains("server: 0 requests"), "\(aligned.error)")
        let fromBatch = try JSONDecoder().decode(AlignmentReport.self, from: Data(aligned.output.utf8))

        // The live path over HTTP, with a fresh cache, against a server that replays the recorded
        // replies only to bodies identical byte for byte to the recorded request lines.
        let recordedFiles = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted().map(Self.recorded)
        let server = try LoopbackServer(arguments: ["--replay", recordedFiles.joined(separator: ",")])
        defer { server.stop() }
        var live = Self.options(run: run, cache: folder.appendingPathComponent("live.sqlite").path)
        live[live.count - 1] = server.baseURL(tag: "batch", scenario: "replay")
        let liveAligned = try JudgeCalProcess.run(
            ["align"] + live + ["--labels", labels, "--json", "--no-history"])
        #expect(liveAligned.status == aligned.status, "\(liveAligned.error)")
        #expect(!liveAligned.error.contains("server: 0 requests"), "the live path asked the server: \(liveAligned.error)")
        let fromLive = try JSONDecoder().decode(AlignmentReport.self, from: Data(liveAligned.output.utf8))
        #expect(fromLive.dimensions == fromBatch.dimensions, "the same figures by either route")
        #expect(fromLive.halo == fromBatch.halo)
        #expect(fromBatch.dimensions.allSatisfy { $0.counts.paired > 0 })
    }
}
