import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

@Suite("Results save, load and append to a history")
struct ResultFilesTests {
    func sampleResult() async throws -> EvaluationResult {
        var e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "ccc"], scores: [1, nil, 3]))
        e.failingPrompts = ["ccc"]
        return try await e.run(info: ["Model": "m", "Version": "1"])
    }

    @Test("JSON round trip keeps everything, including undefined aggregates and errors")
    func roundTrip() async throws {
        let result = try await sampleResult()
        let url = try SharedData.temporaryFolder("result").appendingPathComponent("result.json")
        try result.save(to: url)
        let loaded = try EvaluationResult.load(from: url)
        #expect(loaded.samples == result.samples)
        #expect(loaded.aggregates == result.aggregates)
        #expect(loaded.errors == result.errors)
        #expect(loaded.info == result.info)
        #expect(abs(loaded.duration - result.duration) < 0.002)
        #expect(loaded.aggregateValue(.mean(of: Metric("Score"))) == 1)
    }

    @Test("History: one line per run, read back in order")
    func history() async throws {
        let url = try SharedData.temporaryFolder("history").appendingPathComponent("history.jsonl")
        let first = try await sampleResult()
        var second = try await sampleResult()
        second.info["Version"] = "2"
        try first.appendLine(to: url)
        try second.appendLine(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2)
        let runs = try EvaluationResult.loadHistory(from: url)
        #expect(runs.map { $0.info["Version"] } == ["1", "2"])
    }

    @Test("A corrupt history line is named")
    func corruptHistory() async throws {
        let url = try SharedData.temporaryFolder("history").appendingPathComponent("history.jsonl")
        try await sampleResult().appendLine(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"name\": \"cut short\"}\n".utf8))
        try handle.close()
        let error = try #require(throws: InputError.self) { try EvaluationResult.loadHistory(from: url) }
        #expect(error.line == 2)
    }

    @Test("The summary table shows undefined aggregates as missing with the reason")
    func summaryTable() async throws {
        let result = try await sampleResult()
        let table = result.summary
        #expect(table.columns == ["Group", "Aggregate", "Value", "N", "Note"])
        let neverRow = try #require(table.rows.first { $0[1] == .text("Mean of Never Recorded") })
        #expect(neverRow[2] == .missing("no sample recorded metric \"Never Recorded\""))
        #expect(table.rendered().contains("Mean of Length"))
    }
}

@Suite("The evaluators builder")
struct BuilderTests {
    struct Branching: Evaluation {
        var flag: Bool
        var extra: Int
        var dataset = ArrayLoader([ModelSample<String>(prompt: "x")])
        func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> { ModelSubject(value: sample.prompt) }
        var evaluators: Evaluators {
            if flag {
                Evaluator { _, _ in Metric("A").passing() }
            } else {
                Evaluator { _, _ in Metric("B").failing() }
            }
            for i in 0..<extra {
                Evaluator { _, _ in Metric("Loop \(i)").scoring(Double(i)) }
            }
            switch extra {
            case 0: Evaluator { _, _ in Metric("None").passing() }
            default: [any EvaluatorProtocol<ModelSample<String>, ModelSubject<String>>]()
            }
        }
        func aggregateMetrics(using aggregator: inout MetricsAggregator) {}
    }

    @Test("if/else, for and switch all build", arguments: [(true, 0), (false, 3)])
    func branches(flag: Bool, extra: Int) async throws {
        let result = try await Branching(flag: flag, extra: extra).run()
        let names = result.samples[0].metrics.map(\.name)
        if flag {
            #expect(names == ["A", "None"])
        } else {
            #expect(names == ["B", "Loop 0", "Loop 1", "Loop 2"])
        }
    }

    @Test("Metric factories carry value, rationale and the number they aggregate as")
    func metricFactories() {
        let m = Metric("M")
        #expect(m.value == .unrecorded)
        #expect(m.passing(rationale: "ok").doubleValue == 1)
        #expect(m.passing(rationale: "ok").rationale == "ok")
        #expect(m.failing().doubleValue == 0)
        #expect(m.scoring(3.5).doubleValue == 3.5)
        #expect(m.ignore(rationale: "n/a").doubleValue == nil)
        #expect(m.scoring(2, rationale: "why").description == "M: 2.0 (why)")
    }
}
