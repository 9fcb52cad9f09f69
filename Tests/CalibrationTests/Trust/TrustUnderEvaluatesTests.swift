import Calibration
import CalibrationData
import DataFormats
import EvaluationCore
import EvaluationTesting
import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import RunInference
import SelectiveTrust
import Testing
import _TestSupport

/// The sample run replayed through a model judge in weighted mode, the judge planted: it writes expert A's Relevance with
/// probability 0.9 on four rows in five, and on the fifth a wrong level with probability 0.55. What `.evaluates` runs.
struct PlantedConfidenceReplay: Evaluation {
    static let rubric: Rubric = {
        do { return try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")) } catch { fatalError("no rubric: \(error)") }
    }()
    static let run: FrozenRun = {
        do { return try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl")) } catch { fatalError("no run: \(error)") }
    }()
    static let labels: ExpertLabels = {
        do {
            return try ExpertLabels.load(from: [SharedData.projectURL("calibration/book-tags.labels.csv")], dimensions: rubric.dimensions)
        } catch {
            fatalError("no labels: \(error)")
        }
    }()

    /// The judge: finds the row by its review in the prompt.
    static let judge = ScriptedModel(name: "planted") { request, _ in
        let user = request.messages.map(\.content).joined()
        let position = run.rows.firstIndex { row in row.json["input"]?["review"]?.string.map(user.contains) ?? false } ?? 0
        let expert = Int(labels.scores(dimension: "Relevance", rater: "expert-a")[run.rows[position].id] ?? 3)
        let wrong = position % 5 == 0
        let written = wrong ? (expert == 4 ? 3 : expert + 1) : expert, other = wrong ? expert : (expert == 4 ? 3 : expert + 1)
        let text = #"{"Relevance": {"rationale": "The tags fit.", "score": \#(written)}, "Usefulness": {"rationale": "The tags help.", "score": 3}}"#
        return ScriptedModel.Reply(
            scored: text,
            alternatives: [
                [.init(token: "\(written)", logprob: log(wrong ? 0.55 : 0.9)), .init(token: "\(other)", logprob: log(wrong ? 0.45 : 0.1))],
                [.init(token: "3", logprob: 0)],
            ])
    }

    var dataset = FrozenRunLoader(Self.run)

    func subject(from sample: FrozenSample) async throws -> ModelSubject<JSONValue> { sample.replay() }

    var evaluators: Evaluators {
        ModelJudgeEvaluator(judge: Self.judge, rubric: Self.rubric, options: JudgeSettings(mode: .probabilityWeighted(topLogprobs: 5)))
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: Self.rubric.dimensions[0].metric)
    }
}

@Suite("Selective trust on an EvaluationResult, under .evaluates")
struct TrustUnderEvaluatesTests {
    @Test(
        "The confidence metrics reach the result, and a test can require the share kept at a guaranteed level",
        .evaluates(PlantedConfidenceReplay(), concurrency: 2))
    func underEvaluates() throws {
        let result = EvaluationContext.current.result
        let names = JudgeConfidence.metricNames(dimension: "Relevance")
        #expect(result.samples.allSatisfy { $0.metric(names.confidence)?.doubleValue != nil })
        let trust = try result.trust(
            rubric: PlantedConfidenceReplay.rubric, labels: PlantedConfidenceReplay.labels, settings: TrustSettings(risk: 0.1))
        let relevance = try #require(trust.dimensions.first)
        #expect(relevance.methods == [.levelProbability])
        // The sure rows (0.9) are right and kept; the planted wrong ones (0.55) are not.
        let threshold = try #require(relevance.threshold.threshold)
        #expect(threshold > 0.55 && threshold <= 0.9)
        #expect(relevance.keptAgreement == 1)
        #expect((relevance.coverage?.share ?? 0) >= 0.75)
    }
}
