import AgreementCoefficients
import CalibrationData
import DataFormats
import EvaluationCore
import EvaluationTesting
import Foundation
import Judging
import LanguageModels
import StatisticsCore
import Testing
import _TestSupport

/// A judge-alignment evaluation written in Swift, in the shape of Apple's Book
/// Tracker `ModelJudgeAlignmentEvaluation`: the subject replays frozen rows,
/// the model judge scores them, and a custom aggregation computes kappa
/// between the expert and the judge.
struct BookTagAlignment: Evaluation {
    static let rows = 4
    static let run: FrozenRun = {
        do {
            let whole = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
            return try FrozenRun(info: whole.info, rows: Array(whole.rows.prefix(rows)))
        } catch {
            fatalError("the sample run does not load: \(error)")
        }
    }()
    static let rubric: Rubric = {
        do {
            return try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        } catch {
            fatalError("the v2 rubric does not load: \(error)")
        }
    }()
    /// Expert-a's Relevance scores for the same rows, in dataset order.
    static let expertRelevance: [Double?] = {
        do {
            let labels = try ExpertLabels.load(
                from: [SharedData.projectURL("calibration/book-tags.labels.csv")], dimensions: rubric.dimensions)
            let scores = labels.scores(dimension: "Relevance", rater: "expert-a")
            return run.rows.map { scores[$0.id] }
        } catch {
            fatalError("the sample labels do not load: \(error)")
        }
    }()

    var dataset = FrozenRunLoader(Self.run)
    let judge: any LanguageModel
    var relevance: ScoreDimension { Self.rubric.dimensions[0] }

    func subject(from sample: FrozenSample) async throws -> ModelSubject<JSONValue> {
        sample.replay()
    }

    var evaluators: Evaluators {
        ModelJudgeEvaluator(judge: judge, rubric: Self.rubric)
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        let scale = relevance.categoryScale
        aggregator.group("Relevance") { group in
            group.computeMean(of: relevance.metric)
            group.custom(of: relevance.metric, label: "Relevance alignment") { judge in
                try CohenKappa(first: Self.expertRelevance, second: judge, scale: scale, weights: .quadratic).kappa.value
            }
        }
    }
}

@Suite("A judge-alignment evaluation in Swift, under .evaluates", .tags(.liveJudge), .needs(.localJudge))
struct AlignmentEvaluationExampleTests {
    static let judge: any LanguageModel = {
        do {
            return try OpenAICompatibleModel(configuration: .resolved())
        } catch {
            fatalError("no judge configuration: \(error)")
        }
    }()

    @Test(
        "Every row is judged or counted as failed, and the custom kappa is the one the scores give",
        .evaluates(BookTagAlignment(judge: judge)))
    func alignment() throws {
        let result = EvaluationContext.current.result
        #expect(result.samples.count == BookTagAlignment.rows)
        let relevance = result.samples.map { $0.metric("Relevance")?.doubleValue }
        let judged = relevance.compactMap { $0 }.count
        // A row is either scored on every dimension or an evaluator failure: nothing vanishes.
        #expect(judged + result.errors.evaluatorFailures == BookTagAlignment.rows)
        for score in relevance.compactMap({ $0 }) { #expect([1, 2, 3, 4].contains(score)) }
        let expected = try CohenKappa(
            first: BookTagAlignment.expertRelevance, second: relevance, scale: CategoryScale(1...4), weights: .quadratic
        ).kappa
        let aggregate = try #require(result.aggregate(.custom(label: "Relevance alignment")))
        #expect(aggregate.value == expected.value)
        #expect(aggregate.n == judged)
        #expect(result.aggregate(.mean(of: Metric("Relevance")))?.n == judged)
    }
}
