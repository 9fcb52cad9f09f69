import EvaluationCore
import Foundation
import Synchronization
import Testing
import _TestSupport

struct Row: Codable, Sendable, Hashable {
    var text: String
    var score: Double?
}

struct FlakyFailure: Error, CustomStringConvertible {
    var description: String { "the feature timed out" }
}

/// An evaluation whose subject throws for chosen samples and whose evaluators
/// can be made to clash or throw, to check that nothing is lost silently.
struct ProbeEvaluation: Evaluation {
    // Named explicitly: with this many generic evaluators the compiler does not infer it.
    typealias Sample = ModelSample<Row>
    var dataset: ArrayLoader<ModelSample<Row>>
    var failingPrompts: Set<String> = []
    var clash = false
    var throwingEvaluator = false

    let length = Metric("Length")
    let score = Metric("Score")
    let neverRecorded = Metric("Never Recorded")

    func subject(from sample: ModelSample<Row>) async throws -> ModelSubject<String> {
        if failingPrompts.contains(sample.prompt) { throw FlakyFailure() }
        // Finish out of order to check that results keep dataset order.
        try await Task.sleep(nanoseconds: UInt64((sample.prompt.count % 4) * 2_000_000))
        return ModelSubject(value: sample.prompt.uppercased())
    }

    var evaluators: Evaluators {
        Evaluator { _, subject in length.scoring(Double(subject.value.count)) }
        Evaluator { sample, _ in
            guard let s = sample.expected?.score else { return score.ignore(rationale: "no expected score") }
            return score.scoring(s)
        }
        if clash {
            Evaluator { _, _ in length.scoring(-1) }
        }
        if throwingEvaluator {
            Evaluator("Strict") { sample, _ in
                if sample.prompt == "bb" { throw FlakyFailure() }
                return Metric("Strict").passing()
            }
        } else {
            Evaluator("Lenient") { _, _ in Metric("Lenient").passing() }
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: length)
        aggregator.computeMean(of: score)
        aggregator.computeMode(of: length)
        aggregator.computeMean(of: neverRecorded)
        aggregator.custom(of: score, label: "Scores in order") { values in
            // Encodes the positions of missing values, to check the order and the nils.
            values.enumerated().reduce(0.0) { $0 + ($1.element == nil ? pow(10, Double($1.offset)) : 0) }
        }
    }

    static func samples(_ prompts: [String], scores: [Double?]) -> ArrayLoader<ModelSample<Row>> {
        ArrayLoader(zip(prompts, scores).map { ModelSample(prompt: $0, expected: Row(text: $0, score: $1)) })
    }
}

@Suite("Failures are counted and reported, never hidden")
struct FailureReportingTests {
    @Test("A throwing subject keeps its row, is counted, and aggregates say their n")
    func inferenceFailure() async throws {
        var e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "ccc", "dddd"], scores: [1, 2, 3, 4]))
        e.failingPrompts = ["bb"]
        let result = try await e.run(concurrency: 3)
        #expect(result.samples.map(\.index) == [0, 1, 2, 3])
        #expect(result.samples.map(\.prompt) == ["a", "bb", "ccc", "dddd"])
        #expect(result.samples[1].inferenceError == "the feature timed out")
        #expect(result.samples[1].metrics.isEmpty)
        #expect(result.errors.inferenceFailures == 1)
        #expect(result.errors.hasFailures)
        let mean = try #require(result.aggregate(.mean(of: e.length)))
        #expect(mean.n == 3)
        #expect(mean.value == (1 + 3 + 4) / 3.0)
        #expect(result.detailed.rows[1].last == .text("the feature timed out"))
    }

    @Test("A throwing evaluator is counted by name and its sample keeps its other metrics")
    func evaluatorFailure() async throws {
        var e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "ccc"], scores: [1, 2, 3]))
        e.throwingEvaluator = true
        let result = try await e.run()
        #expect(result.errors.evaluatorFailures == 1)
        #expect(result.errors.failedEvaluators == ["#3 Strict": 1])
        #expect(result.samples[1].metric("Length")?.doubleValue == 2)
        #expect(result.samples[1].evaluatorErrors == [EvaluatorFailure(evaluator: "#3 Strict", message: "the feature timed out")])
    }

    @Test("An aggregate over nothing is nil with a reason, never −1")
    func aggregateOverNothing() async throws {
        let e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb"], scores: [nil, nil]))
        let result = try await e.run()
        let allIgnored = try #require(result.aggregate(.mean(of: e.score)))
        #expect(allIgnored.value == nil)
        #expect(allIgnored.n == 0)
        #expect(allIgnored.reason?.contains("every sample ignored or failed") == true)
        #expect(result.aggregateValue(.mean(of: e.neverRecorded)) == nil)
        #expect(result.aggregate(.mean(of: e.neverRecorded))?.reason == "no sample recorded metric \"Never Recorded\"")
        #expect(result.errors.metricsNotFound == ["Never Recorded"])
        // Not requested at all: also nil.
        #expect(result.aggregateValue(.median(of: e.length)) == nil)
    }

    @Test("An empty dataset gives undefined aggregates")
    func emptyDataset() async throws {
        let e = ProbeEvaluation(dataset: ProbeEvaluation.samples([], scores: []))
        let result = try await e.run()
        #expect(result.samples.isEmpty)
        #expect(result.aggregateValue(.mean(of: e.length)) == nil)
        #expect(result.aggregate(.mean(of: e.length))?.reason != nil)
    }

    @Test("Two evaluators emitting one metric name are reported, not pooled")
    func metricNameClash() async throws {
        var e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb"], scores: [1, 2]))
        e.clash = true
        let result = try await e.run()
        #expect(result.errors.metricNameConflicts == [MetricNameConflict(metric: "Length", evaluators: ["#1 Evaluator", "#3 Evaluator"])])
        let mean = try #require(result.aggregate(.mean(of: e.length)))
        #expect(mean.value == nil)
        #expect(mean.reason?.contains("several evaluators") == true)
    }

    @Test("A custom aggregation receives values in dataset order with nil for missing")
    func customOrder() async throws {
        var e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "ccc", "dddd"], scores: [1, nil, 3, nil]))
        e.failingPrompts = ["a"]
        let result = try await e.run(concurrency: 4)
        // Missing at positions 0 (failed), 1 and 3 (ignored): 1 + 10 + 1000.
        #expect(result.aggregateValue(.custom(label: "Scores in order")) == 1011)
        #expect(result.aggregate(.custom(label: "Scores in order"))?.n == 1)
    }

    @Test("A tie for the mode is undefined and lists the tied values")
    func modeTie() async throws {
        let e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "cc", "d"], scores: [1, 1, 1, 1]))
        let result = try await e.run()
        let mode = try #require(result.aggregate(.mode(of: e.length)))
        #expect(mode.value == nil)
        #expect(mode.reason == "2 values are equally most frequent: 1, 2")
    }

    @Test("Progress is reported once per sample")
    func progress() async throws {
        let e = ProbeEvaluation(dataset: ProbeEvaluation.samples(["a", "bb", "ccc"], scores: [1, 2, 3]))
        let seen = Mutex<[Int]>([])
        _ = try await e.run(concurrency: 2) { p in seen.withLock { $0.append(p.completed) } }
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }
}
