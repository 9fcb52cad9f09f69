import CalibrationData
import RunImports
import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

@Suite("Frozen runs: reading, writing and importing exports")
struct FrozenRunTests {
    func write(_ text: String, _ name: String) throws -> URL {
        try SharedData.temporaryFile(text, named: name, in: "run")
    }

    static let header = #"{"run": {"name": "demo", "info": {"Model": "m"}}}"#

    @Test("A run survives a save and load unchanged")
    func roundTrip() throws {
        let run = try FrozenRun(
            info: RunInfo(name: "demo", source: "test", info: ["Model": "m"]),
            rows: [
                FrozenRow(
                    id: "a", input: .object(["review": .string("Dark and \"witty\".")]),
                    response: .object(["tags": .array([.string("noir")])])),
                FrozenRow(
                    id: "b", input: .string("x"), expected: .number(3), response: .string("y"), metadata: ["genre": .string("mystery")]),
            ])
        let url = try SharedData.temporaryFolder("run").appendingPathComponent("demo.run.jsonl")
        try run.save(to: url)
        #expect(try FrozenRun.load(from: url) == run)
        #expect(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count == 3)
    }

    @Test("A duplicate id is an error naming both rows' lines")
    func duplicateID() throws {
        let url = try write(
            Self.header + "\n" + #"{"id": "a", "input": 1, "response": 2}"# + "\n" + #"{"id": "a", "input": 3, "response": 4}"#, "dup.jsonl"
        )
        let error = try #require(throws: InputError.self) { try FrozenRun.load(from: url) }
        #expect(error.line == 3)
        #expect(error.column == "id")
        #expect(error.message == "duplicate id \"a\" (first used on line 2); ids must be unique")
        let inMemory = try #require(throws: InputError.self) {
            try FrozenRun(
                info: RunInfo(name: "x"), rows: ["a", "b", "a"].map { FrozenRow(id: $0, input: .number(1), response: .number(2)) })
        }
        #expect(inMemory.message == "duplicate id \"a\" (first used by row 1); ids must be unique", "no file, so a row")
    }

    @Test("A row without a response names its line and field")
    func missingResponse() throws {
        let url = try write(Self.header + "\n\n" + #"{"id": "a", "input": 1}"#, "missing.jsonl")
        let error = try #require(throws: InputError.self) { try FrozenRun.load(from: url) }
        #expect(error.line == 3)
        #expect(error.message == "field `response` is missing")
    }

    @Test(
        "An empty file, a missing header and a run with no rows are errors",
        arguments: [
            ("", "is empty"),
            (#"{"id": "a", "input": 1, "response": 2}"#, "the first line must be the run header"),
            (header, "has a header but no rows"),
        ])
    func emptyOrHeaderless(text: String, expected: String) throws {
        let url = try write(text, "bad.jsonl")
        let error = try #require(throws: InputError.self) { try FrozenRun.load(from: url) }
        #expect(error.message.contains(expected), "\(error)")
    }

    @Test("Xcode's evaluation-result JSON imports the way Book Tracker's DatasetExtractor reads it")
    func xcodeImport() throws {
        let url = try write(
            """
            {"results": [
              {"Input": "{\\"input\\": {\\"prompt\\": \\"A heist in Venice.\\"}}", "Response": {"value": "heist, venice, caper"}, "Tag Count": 1},
              {"Input": "{\\"input\\": {\\"prompt\\": \\"Bees and grief.\\"}}", "Response": {"value": "{\\"tags\\": [\\"grief\\", \\"bees\\"]}"}}
            ]}
            """, "book.xcevalresult.json")
        #expect(try RunImporter.detectFormat(of: url) == .xcodeResult)
        let run = try RunImporter.importRun(from: url, format: .xcodeResult)
        #expect(run.rows.count == 2)
        #expect(run.rows[0].input == .object(["prompt": .string("A heist in Venice.")]))
        #expect(run.rows[0].response == .string("heist, venice, caper"))
        #expect(run.rows[1].response == .object(["tags": .array([.string("grief"), .string("bees")])]))
        #expect(run.rows[0].metadata["Tag Count"] == .number(1))
        // Content-derived ids are stable across imports and distinct.
        let again = try RunImporter.importRun(from: url, format: .xcodeResult)
        #expect(again.rows.map(\.id) == run.rows.map(\.id))
        #expect(Set(run.rows.map(\.id)).count == 2)
        #expect(run.rows.allSatisfy { $0.id.hasPrefix("r-") && $0.id.count == 18 })
    }

    @Test("An Xcode result without an Input string is an error naming the result")
    func xcodeMissingInput() throws {
        let url = try write(#"{"results": [{"Response": {"value": "x"}}]}"#, "bad.json")
        let error = try #require(throws: InputError.self) { try RunImporter.importRun(from: url, format: .xcodeResult) }
        #expect(error.column == "results[0].Input")
    }

    @Test("This toolkit's EvaluationResult imports with prompts and responses")
    func evaluationResultImport() async throws {
        struct Echo: Evaluation {
            var dataset = ArrayLoader([ModelSample<String>(prompt: "one"), ModelSample<String>(prompt: "two", expected: "2")])
            func subject(from sample: ModelSample<String>) async throws -> ModelSubject<[String: Int]> {
                ModelSubject(value: ["length": sample.prompt.count])
            }
            var evaluators: Evaluators { Evaluator { _, _ in Metric("Seen").passing() } }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) {}
        }
        let result = try await Echo().run(info: ["Model": "echo"])
        let url = try SharedData.temporaryFolder("run").appendingPathComponent("result.json")
        try result.save(to: url)
        #expect(try RunImporter.detectFormat(of: url) == .evaluationResult)
        let run = try RunImporter.importRun(from: url, format: .evaluationResult)
        #expect(run.info.info["Model"] == "echo")
        #expect(run.rows.map(\.input) == [.object(["prompt": .string("one")]), .object(["prompt": .string("two")])])
        #expect(run.rows[1].response == .object(["length": .number(3)]))
        #expect(run.rows[1].expected == .string("2"))
    }

    @Test("JUDGE-BENCH Newsroom imports all 420 summaries with their ids")
    func judgeBenchImport() throws {
        let url = SharedData.url("data/judge-bench/newsroom__newsroom.json")
        #expect(try RunImporter.detectFormat(of: url) == .judgeBench)
        let run = try RunImporter.importRun(from: url, format: .judgeBench)
        #expect(run.rows.count == 420)
        #expect(run.rows[0].id == "newsroom-1")
        #expect(run.info.info["Dataset"] == "newsroom")
        let text = try #require(run.rows[0].response["instance"]?.string)
        #expect(text.hasPrefix("### Generated Summary"))
    }

    @Test("Generic JSON Lines with a field mapping; a missing mapped field names line and path")
    func genericMapping() throws {
        let url = try write(
            """
            {"key": "x1", "q": {"text": "Summarise this."}, "a": "Done.", "system": "M1"}
            {"key": "x2", "q": {"text": "Again."}, "system": "M2"}
            """, "export.jsonl")
        let mapping = FieldMapping(id: "key", input: ["q.text"], response: "a", expected: nil)
        let error = try #require(throws: RunImporter.ImportError.self) {
            try RunImporter.importRun(from: url, format: .jsonRecords(mapping))
        }
        #expect(error.line == 2)
        #expect(error.column == "a")
        let good = try write(#"{"key": "x1", "q": {"text": "Summarise this."}, "a": "Done.", "system": "M1"}"#, "good.jsonl")
        let run = try RunImporter.importRun(from: good, format: .jsonRecords(mapping))
        #expect(run.rows[0].id == "x1")
        #expect(run.rows[0].input == .string("Summarise this."))
        #expect(run.rows[0].metadata == ["system": .string("M1")], "q held only the input, so nothing of it is left")
    }
}

@Suite("The sample runs in the repository")
struct SampleRunTests {
    @Test(
        "Each sample run loads with unique ids",
        arguments: [
            ("notebooks-data/book-tags.run.jsonl", 42),
            ("notebooks-data/summeval-sample.run.jsonl", 48),
        ])
    func loads(path: String, rows: Int) throws {
        let run = try FrozenRun.load(from: SharedData.projectURL(path))
        #expect(run.rows.count == rows)
        #expect(Set(run.rows.map(\.id)).count == rows)
    }
}
