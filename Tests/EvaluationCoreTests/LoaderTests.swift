import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

@Suite("Loaders name the file and line of a bad row")
struct LoaderTests {
    typealias Sample = ModelSample<Row>

    func write(_ text: String, _ name: String) throws -> URL {
        try SharedData.temporaryFile(text, named: name, in: "loader")
    }

    @Test("JSON Lines: a malformed row is an error naming its line and field")
    func jsonLinesError() async throws {
        let url = try write(
            """
            {"prompt": "one"}

            {"prompt": "two", "expected": {"text": "t", "score": 2}}
            {"expected": {"text": "x"}}
            """, "run.jsonl")
        let error = try await #require(throws: InputError.self) { try await JSONLoader<Sample>(url: url).load() }
        #expect(error.file == url.path)
        #expect(error.line == 4)
        #expect(error.message == "field `prompt` is missing")
    }

    @Test("JSON Lines: invalid JSON on a line is named")
    func jsonSyntaxError() async throws {
        let url = try write("{\"prompt\": \"one\"}\n{\"prompt\": \"two\"\n", "broken.jsonl")
        let error = try await #require(throws: InputError.self) { try await JSONLoader<Sample>(url: url).load() }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("not valid JSON"))
    }

    @Test("JSON array: the element's starting line is named")
    func jsonArrayError() async throws {
        let url = try write(
            """
            [
              {"prompt": "one, with a comma and a ] bracket"},
              {"prompt": "two",
               "expected": {"text": 3}}
            ]
            """, "run.json")
        let error = try await #require(throws: InputError.self) { try await JSONLoader<Sample>(url: url).load() }
        #expect(error.line == 3)
        #expect(error.message == "field `expected.text` is not of the expected type String")
    }

    @Test("JSON array: well-formed input loads every element in order")
    func jsonArrayLoads() async throws {
        let url = try write(#"[{"prompt": "a \"quoted\" one"}, {"prompt": "b", "instructions": "be brief"}]"#, "ok.json")
        let loaded = try await JSONLoader<Sample>(url: url).load()
        #expect(loaded.samples.map(\.prompt) == ["a \"quoted\" one", "b"])
        #expect(loaded.samples[1].instructions == "be brief")
        #expect(loaded.skipped.isEmpty)
    }

    @Test("An unterminated JSON array is an error, not a short dataset")
    func unterminatedArray() async throws {
        let url = try write("[{\"prompt\": \"a\"},\n{\"prompt\": \"b\"}", "cut.json")
        let error = try await #require(throws: InputError.self) { try await JSONLoader<Sample>(url: url).load() }
        #expect(error.message.contains("never closed"))
    }

    @Test("Lenient mode skips bad rows and the run lists them")
    func lenientMode() async throws {
        let url = try write("{\"prompt\": \"a\"}\n{\"prompt\": 7}\n{\"prompt\": \"c\"}\n", "mixed.jsonl")
        struct Echo: Evaluation {
            var dataset: JSONLoader<ModelSample<Row>>
            func subject(from sample: ModelSample<Row>) async throws -> ModelSubject<String> { ModelSubject(value: sample.prompt) }
            var evaluators: Evaluators { Evaluator { _, _ in Metric("Seen").passing() } }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) { aggregator.computeMean(of: Metric("Seen")) }
        }
        let result = try await Echo(dataset: JSONLoader(url: url, malformedRows: .skip)).run()
        #expect(result.samples.count == 2)
        #expect(result.errors.skippedRows.count == 1)
        #expect(result.errors.skippedRows.first?.line == 2)
        #expect(result.errors.hasFailures)
    }

    @Test("A missing file is an error naming it")
    func missingFile() async throws {
        let url = URL(fileURLWithPath: "/nonexistent/judgecal/run.jsonl")
        let error = try await #require(throws: InputError.self) { try await JSONLoader<Sample>(url: url).load() }
        #expect(error.file == url.path)
        #expect(error.message.hasPrefix("cannot be read"))
    }

    @Test("ModelSample round-trips through JSON and JSONLoader")
    func sampleRoundTrip() async throws {
        let samples = [Sample(prompt: "p1", expected: Row(text: "x", score: 3)), Sample(prompt: "p2")]
        let url = try SharedData.temporaryFolder("roundtrip").appendingPathComponent("samples.json")
        try JSONEncoder().encode(samples).write(to: url)
        let loaded = try await JSONLoader<Sample>(url: url).load()
        #expect(loaded.samples == samples)
    }

    @Test("StreamLoader reads an async sequence to its end")
    func streamLoader() async throws {
        let stream = AsyncStream<Sample> { c in
            for p in ["x", "y", "z"] { c.yield(Sample(prompt: p)) }
            c.finish()
        }
        let loaded = try await StreamLoader(stream).load()
        #expect(loaded.samples.map(\.prompt) == ["x", "y", "z"])
    }
}
