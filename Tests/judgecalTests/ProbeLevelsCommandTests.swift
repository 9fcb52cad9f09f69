import Foundation
import JudgeProbes
import StatisticsCore
import Testing
import _TestSupport

@Suite("probe --levels: responses written at each level by a planted writer, judged by planted judges over HTTP")
struct ProbeLevelsCommandTests {
    static let base = [
        "probe", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--field", "response.tags",
        "--sample", "8", "--seed", "1", "--concurrency", "1", "--json",
    ]

    /// A model configuration file for the server on `port`, named `model`.
    static func config(_ folder: URL, _ name: String, port: Int, model: String) throws -> String {
        let url = folder.appendingPathComponent("\(name).json")
        try #"{"baseURL": "http://127.0.0.1:\#(port)/v1", "model": "\#(model)"}"#.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("A judge that reads the level text as the writer does scores every response at its level; a blind one does not")
    func levels() throws {
        // The planted judge's server writes the responses too (as another model name, so its replies are cached apart).
        let writer = try LoopbackServer(
            script: "benchmarks/ProbeSimulation/planted_judge_server.py", arguments: ["--miss", "0.5", "--seed", "2"])
        defer { writer.stop() }
        let judge = try LoopbackServer(
            script: "benchmarks/ProbeSimulation/planted_judge_server.py", arguments: ["--noise", "0", "--bias", "0", "--seed", "3"])
        defer { judge.stop() }
        let folder = try SharedData.temporaryFolder("probe-levels")
        let generator = try Self.config(folder, "writer", port: writer.port, model: "planted-writer")
        let judging = ["--base-url", "http://127.0.0.1:\(judge.port)/v1", "--model", "planted-judge"]
        let cache = ["--cache", folder.appendingPathComponent("cache.sqlite").path]

        // Unchecked: the writer misses half the time (one level up), so the judge, which scores what it was given,
        // agrees with the level aimed at only where the writer hit it.
        let unchecked = try JudgeCalProcess.run(
            Self.base + judging + cache + ["--levels", "Relevance", "--generator-model-config", generator])
        #expect(unchecked.status == 0, "\(unchecked.error)")
        let plain = try JSONDecoder().decode(LevelAimedReport.self, from: Data(unchecked.output.utf8))
        #expect(plain.rows == 8 && plain.validator == nil && plain.generator == "planted-writer")
        let relevance = try #require(plain.dimensions.first)
        #expect(relevance.levels.map(\.asked) == [8, 8, 8, 8])
        #expect(relevance.levels.allSatisfy { $0.kept == 8 && $0.rejected == 0 && $0.unreadable == 0 && $0.scored == 8 })
        #expect(relevance.confusion.flatMap { $0 }.reduce(0, +) == 32)
        // A miss moves a response one level up, never down: nothing below the diagonal, and the top level always hit.
        for (aimed, row) in relevance.confusion.enumerated() {
            #expect(row.enumerated().allSatisfy { $0.offset == aimed || $0.offset == aimed + 1 || $0.element == 0 }, "\(relevance.confusion)")
        }
        #expect(relevance.confusion[3][3] == 8)
        let hits = (0..<4).map { relevance.confusion[$0][$0] }.reduce(0, +)
        #expect(hits < 32 && hits > 8, "\(relevance.confusion)")
        #expect(relevance.exactAgreement.value == Double(hits) / 32)
        let kappa = try #require(relevance.quadraticKappa.value)
        #expect(kappa > 0.5 && kappa < 1)
        // Eight rows: the interval is read at the expanded level for eight rows, labelled 95%, and the report says the rows are few.
        let interval = try #require(relevance.quadraticKappa.interval)
        #expect(interval.level == 0.95 && relevance.rowsScored == 8 && relevance.fewRowsForInterval)
        let expanded = String(format: "%.4g", 100 * Bootstrap.expandedLevel(0.95, items: 8))
        #expect(interval.method.description.contains("rows, read at the expanded level \(expanded)% for 8 rows"), "\(interval.method)")

        // Checked by the same judge as validator: only the responses placed at their level are kept, so the judge
        // agrees on every one; the misses are counted as rejected.
        let validator = try Self.config(folder, "validator", port: judge.port, model: "planted-judge")
        let checked = try JudgeCalProcess.run(
            Self.base + judging + cache + ["--levels", "Relevance", "--generator-model-config", generator, "--validator-model-config", validator])
        #expect(checked.status == 0, "\(checked.error)")
        let kept = try #require(try JSONDecoder().decode(LevelAimedReport.self, from: Data(checked.output.utf8)).dimensions.first)
        #expect(kept.levels.map(\.kept) == (0..<4).map { relevance.confusion[$0][$0] })
        #expect(kept.levels.allSatisfy { $0.kept + $0.rejected + $0.unreadable == $0.asked })
        #expect(kept.quadraticKappa.value == 1 && kept.exactAgreement.value == 1)

        // The planted judge gives Usefulness 3 whatever it reads: blind to the level text, kappa 0.
        let blind = try JudgeCalProcess.run(
            Self.base + judging + cache + ["--levels", "Usefulness", "--generator-model-config", generator])
        let usefulness = try #require(try JSONDecoder().decode(LevelAimedReport.self, from: Data(blind.output.utf8)).dimensions.first)
        #expect(usefulness.confusion.allSatisfy { row in row.enumerated().allSatisfy { $0.offset == 2 || $0.element == 0 } })
        #expect(usefulness.quadraticKappa.value == 0)
        #expect(usefulness.levels.map(\.meanScore) == [3, 3, 3, 3])

        // Replayed from the cache: the same report, no request.
        let again = try JudgeCalProcess.run(
            Self.base + judging + cache + ["--levels", "Relevance", "--generator-model-config", generator])
        #expect(again.output == unchecked.output)
        #expect(again.error.components(separatedBy: "server: 0 requests").count == 3, "judge and generator: \(again.error)")
        // The writer was asked once per row and level (the cache is shared, and so are its counts).
        #expect(unchecked.error.contains("; server: 32 requests, 0 retries, 0 failures"), "\(unchecked.error)")
        let text = try JudgeCalProcess.run(
            Self.base.filter { $0 != "--json" } + judging + cache + ["--levels", "Relevance", "--generator-model-config", generator])
        #expect(text.output.contains("quadratic-weighted kappa, aimed against scored"), "\(text.output)")
        #expect(text.output.contains("no validation judge"), "\(text.output)")
        #expect(text.output.contains("note: the kappa's interval rests on 8 rows, fewer than 40"), "\(text.output)")
    }

    @Test(
        "--levels and the probes' options are refused where they do not apply",
        arguments: [
            (["--levels", "Relevance"], "--levels needs --generator-model-config FILE"),
            (["--levels", "Relevance", "--probe", "length-pad", "--generator-model-config", "g.json"], "--probe does not apply with --levels"),
            (["--levels", "Relevance", "--history", "h.jsonl", "--generator-model-config", "g.json"], "--history does not apply with --levels"),
            (["--generator-model-config", "g.json"], "--generator-model-config applies only with --levels"),
            (["--sample", "3"], "--sample applies only with --levels"),
            (["--levels", "Relevence", "--generator-model-config", "Package.swift"], "has no dimension 'Relevence'; did you mean Relevance?"),
        ])
    func refused(extra: [String], message: String) throws {
        let r = try JudgeCalProcess.run(
            ["probe", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--base-url", "http://127.0.0.1:9/v1"] + extra)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }
}
