import DataFormats
import EvaluationCore
import Foundation
import Testing

/// An agent stand-in: each prompt's answer and the tool calls it made are fixed.
struct RecordedAgentEvaluation: Evaluation {
    static let transcripts: [String: [TranscriptEntry]] = [
        "Find my gothic books.": [
            TranscriptEntry(role: "user", content: "Find my gothic books."),
            TranscriptEntry(
                role: "assistant", content: "",
                toolCalls: [ToolCall(id: "c1", name: "searchBooks", arguments: .object(["tag": .string("gothic")]))]),
            TranscriptEntry(role: "tool", content: "[\"Dracula\"]", toolCallID: "c1"),
            TranscriptEntry(role: "assistant", content: "You have Dracula."),
        ],
        // The right answer without the tool that would make it true.
        "Which gothic books do I have?": [
            TranscriptEntry(role: "user", content: "Which gothic books do I have?"),
            TranscriptEntry(role: "assistant", content: "You have Dracula."),
        ],
    ]

    var dataset: ArrayLoader<ModelSample<String>>
    let argumentJudge: (any ArgumentJudge)?
    let pass = Metric("All Passed")
    let percent = Metric("Percentage Passed")

    func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
        let transcript = Self.transcripts[sample.prompt] ?? []
        return ModelSubject(value: transcript.last?.content ?? "", transcript: transcript)
    }

    var evaluators: Evaluators {
        ToolCallEvaluator(allPass: pass, percentagePass: percent, argumentJudge: argumentJudge)
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: pass)
        aggregator.computeMean(of: percent)
    }

    static let gothic = TrajectoryExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("gothic"))])
}

@Suite("ToolCallEvaluator: both metrics, and the seeds' gotchas that apply to tool calls")
struct ToolCallEvaluatorTests {
    @Test("allPass and percentagePass over a run; the tool call's answer is paired by its id")
    func metrics() async throws {
        let evaluation = RecordedAgentEvaluation(
            dataset: ArrayLoader([
                ModelSample(prompt: "Find my gothic books.", expectations: RecordedAgentEvaluation.gothic),
                ModelSample(prompt: "Which gothic books do I have?", expectations: RecordedAgentEvaluation.gothic),
            ]),
            argumentJudge: nil)
        let result = try await evaluation.run(concurrency: 1)
        #expect(result.aggregateValue(.mean(of: evaluation.pass)) == 0.5)
        #expect(result.aggregateValue(.mean(of: evaluation.percent)) == 0.5)
        #expect(!result.errors.hasFailures)
        let subject = try await evaluation.subject(from: ModelSample(prompt: "Find my gothic books."))
        #expect(subject.toolCalls.map(\.result) == ["[\"Dracula\"]"])
    }

    @Test("Gotcha (session 299): a plausible answer without the right tool call fails both metrics")
    func rightAnswerWrongRoute() async throws {
        let evaluation = RecordedAgentEvaluation(
            dataset: ArrayLoader([ModelSample(prompt: "Which gothic books do I have?", expectations: RecordedAgentEvaluation.gothic)]),
            argumentJudge: nil)
        let outcome = try #require(try await evaluation.run().samples.first)
        #expect(outcome.response == "\"You have Dracula.\"")
        #expect(outcome.metric("All Passed")?.value == .failing)
        #expect(outcome.metric("Percentage Passed")?.value == .score(0))
        #expect(outcome.metric("All Passed")?.rationale?.contains("searchBooks was never called") == true)
    }

    @Test("Gotcha (§17.5): samples without expectations are ignored, and a mean over none is undefined with its reason, never -1")
    func nothingToAggregate() async throws {
        let evaluation = RecordedAgentEvaluation(
            dataset: ArrayLoader([ModelSample(prompt: "Find my gothic books.")]), argumentJudge: nil)
        let result = try await evaluation.run()
        let mean = try #require(result.aggregate(.mean(of: evaluation.pass)))
        #expect(mean.value == nil)
        #expect(mean.n == 0)
        #expect(mean.reason?.contains("nothing to aggregate") == true)
        #expect(result.samples[0].metric("All Passed")?.rationale == "the sample has no trajectory expectation")
    }

    @Test("Gotcha (§17.7): a natural-language matcher with no judge answer fails the sample loudly, not to 0 or 1")
    func judgeFailureIsCounted() async throws {
        struct Unreachable: ArgumentJudge {
            func answer(_ question: ArgumentQuestion) async throws -> ArgumentMatch { throw CocoaError(.fileReadUnknown) }
        }
        let expectation = TrajectoryExpectation(
            "searchBooks", arguments: [.naturalLanguage(argumentName: "tag", criteria: "Should refer to gothic fiction")])
        for judge in [Unreachable() as (any ArgumentJudge)?, nil] {
            let evaluation = RecordedAgentEvaluation(
                dataset: ArrayLoader([ModelSample(prompt: "Find my gothic books.", expectations: expectation)]), argumentJudge: judge)
            let result = try await evaluation.run()
            #expect(result.errors.evaluatorFailures == 1)
            #expect(result.samples.count == 1, "the sample keeps its row")
            #expect(result.samples[0].metrics.isEmpty)
            #expect(result.aggregateValue(.mean(of: evaluation.pass)) == nil)
        }
    }

    @Test("Gotcha (§17.4): one metric given for both is an evaluator failure, not one metric hiding the other")
    func sameMetricTwice() async throws {
        let same = Metric("Tool Calls")
        let evaluator = ToolCallEvaluator<ModelSample<String>, ModelSubject<String>>(allPass: same, percentagePass: same)
        await #expect(throws: ToolCallEvaluatorError.self) {
            _ = try await evaluator.metrics(
                subject: ModelSubject(value: "", transcript: []),
                input: ModelSample(prompt: "p", expectations: TrajectoryExpectation("searchBooks")))
        }
    }

    @Test("Gotcha (§17.1): a dataset row whose expectations are written wrongly stops the load with its line")
    func corruptDataset() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("toolcalls-\(UInt64.random(in: 0...UInt64.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let good = #"{"prompt": "Find my gothic books.", "expectations": {"unordered": [{"name": "searchBooks"}]}}"#
        let bad =
            #"{"prompt": "Find my gothic books.", "expectations": {"unordered": [{"name": "searchBooks", "arguments": [{"kind": "fuzzy", "argument": "tag"}]}]}}"#
        try Data((good + "\n" + bad + "\n").utf8).write(to: file)
        let error = await #expect(throws: InputError.self) {
            _ = try await JSONLoader<ModelSample<String>>(url: file).load()
        }
        #expect(error?.line == 2)
        #expect(error?.message.contains("unknown matcher") == true, "\(String(describing: error))")
        let loaded = try await JSONLoader<ModelSample<String>>(url: file, malformedRows: .skip).load()
        #expect(loaded.samples.count == 1)
        #expect(loaded.skipped.count == 1, "skipped, but listed")
    }

    @Test("Transcripts written before tool calls read as before, and tool calls are written in OpenAI's key names")
    func transcriptCompatibility() throws {
        let old = try JSONDecoder().decode([TranscriptEntry].self, from: Data(#"[{"role": "user", "content": "hi"}]"#.utf8))
        #expect(old == [TranscriptEntry(role: "user", content: "hi")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(RecordedAgentEvaluation.transcripts["Find my gothic books."]), as: UTF8.self)
        #expect(written.contains(#""tool_calls":[{"arguments":{"tag":"gothic"},"id":"c1","name":"searchBooks"}]"#))
        #expect(written.contains(#""tool_call_id":"c1""#))
        #expect(!written.contains("toolCallID"))
    }
}
