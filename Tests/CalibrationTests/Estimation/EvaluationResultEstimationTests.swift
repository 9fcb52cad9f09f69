import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import EvaluationCore
import EvaluationTesting
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// HANNA's stories replayed with ChatGPT's published Relevance scores (a real judge's recorded outputs) as the
/// evaluation's metric: the shape of a run judged once, whose figures a test then corrects with expert labels.
struct HANNARelevanceReplay: Evaluation {
    static let scoresFile = "notebooks-data/hanna-judges/ChatGPT.p1.csv"
    static let rubricText = """
        ---
        name: hanna-relevance
        version: 1
        ---

        # Instructions

        Score how well the story follows its prompt.

        # Target

        {{response}}

        # Dimension: relevance

        How well the story follows its prompt.

        - 5: Entirely.
        - 4: Mostly.
        - 3: In part.
        - 2: Barely.
        - 1: Not at all.
        """
    static let rubric: Rubric = {
        do {
            return try Rubric.parse(markdown: rubricText, file: "hanna-relevance.md")
        } catch {
            fatalError("the test rubric does not parse: \(error)")
        }
    }()
    /// Story id → ChatGPT's Relevance, in file order.
    static let scores: [(String, Double)] = {
        do {
            let table = try SharedData.projectCSV(scoresFile)
            return (0..<table.rowCount).map { (table[$0, 0], Double(table[$0, 1]) ?? .nan) }
        } catch {
            fatalError("the HANNA scores do not load: \(error)")
        }
    }()

    var dataset = ArrayLoader(scores.map { ModelSample<Double>(prompt: $0.0) })
    let relevance = Metric("relevance")

    func subject(from sample: ModelSample<Double>) async throws -> ModelSubject<Double> {
        ModelSubject(value: Self.scores.first { $0.0 == sample.prompt }?.1 ?? .nan)
    }

    var evaluators: Evaluators {
        Evaluator { _, subject in relevance.scoring(subject.value) }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: relevance)
    }
}

@Suite("Corrected estimates from an EvaluationResult")
struct EvaluationResultEstimationTests {
    /// 100 stories labelled with the crowd's mean, drawn at random with a seed.
    static func labels() throws -> (ExpertLabels, Data) {
        let table = try SharedData.projectCSV("notebooks-data/hanna.labels.csv")
        var generator = SplitMix64(seed: 11)
        let drawn = Array(0..<table.rowCount).shuffled(using: &generator).prefix(100).sorted()
        let csv =
            ([table.columns.joined(separator: ",")] + drawn.map { table.row($0).joined(separator: ",") })
            .joined(separator: "\n") + "\n"
        let labels = try ExpertLabels.read(
            Data(csv.utf8), file: "hanna-sample.labels.csv", defaultRater: "crowd", dimensions: HANNARelevanceReplay.rubric.dimensions,
            values: .means)
        return (labels, Data(csv.utf8))
    }

    @Test(
        "Under .evaluates: the corrected pass rate's lower bound can gate a test, and the figures equal those from the files",
        .evaluates(HANNARelevanceReplay(), concurrency: 2))
    func underEvaluates() throws {
        let result = EvaluationContext.current.result
        let (labels, csv) = try Self.labels()
        let settings = EstimationSettings(passLevel: 3, declaredSampling: .randomSample)
        let estimates = try result.correctedEstimates(rubric: HANNARelevanceReplay.rubric, labels: labels, settings: settings)
        let relevance = try #require(estimates.dimensions.first)
        #expect(relevance.rows.labelled == 100 && relevance.rows.unlabelled == 860)
        // The gate a team would write: the experts' pass rate, corrected (PPI++), is at least 0.3 with 95%
        // confidence; the judge's own rate (about 0.12) would have failed it.
        let passRate = try #require(relevance.passRate)
        #expect(try #require(passRate.predictionPowered.corrected.interval?.lower) >= 0.3)
        #expect(try #require(passRate.judgeOnly.value) < 0.2)
        // The same rows through the file path give the same figures.
        let sheet = try SharedData.temporaryFolder("estimation").appendingPathComponent("hanna-sample.labels.csv")
        try csv.write(to: sheet)
        let rubricFile = try SharedData.temporaryFolder("estimation").appendingPathComponent("hanna-relevance.md")
        try Data(HANNARelevanceReplay.rubricText.utf8).write(to: rubricFile)
        let fromFiles = try EstimationReport(
            files: EstimationFiles(
                judgeScores: SharedData.projectURL(HANNARelevanceReplay.scoresFile), rubric: rubricFile, labels: [sheet],
                means: true),
            settings: settings)
        #expect(fromFiles.dimensions == estimates.dimensions)
    }

    @Test("A sample without a row id, or two with the same, is refused")
    func sampleIdentity() throws {
        let (labels, _) = try Self.labels()
        let outcome = SampleOutcome(
            index: 0, prompt: nil, expected: nil, response: nil, metrics: [], inferenceError: nil, evaluatorErrors: [])
        let result = EvaluationResult(
            name: "x", info: [:], startedAt: Date(), endedAt: Date(), samples: [outcome], aggregates: [], errors: ErrorSummary())
        #expect(throws: EstimationSettingsError.self) {
            try result.correctedEstimates(
                rubric: HANNARelevanceReplay.rubric, labels: labels, settings: EstimationSettings(declaredSampling: .randomSample))
        }
    }
}
