public import Calibration
public import CalibrationData
public import Foundation
import DataFormats
public import Judging
import LanguageModels
public import RunInference
public import SelectiveTrust

/// `judgecal trust`, from the files read to the report and certificate: the run judged (every row,
/// through the response cache, so that coverage is the run's) or a judge's scores made elsewhere,
/// the expert labels, and ``SelectiveTrust/TrustReport`` on them.
public struct TrustMeasurement: Sendable {
    /// The run: the rows the thresholds are measured and the coverage counted on.
    public var run: FrozenRun
    /// The rubric: dimensions, scales and worked examples.
    public var rubric: Rubric
    /// The rubric's text, whose SHA-256 the certificate keeps.
    public var rubricText: String
    /// The expert labels on the run's rows.
    public var labels: ExpertLabels
    /// The guarantee asked for and how it is measured.
    public var settings: TrustSettings

    /// Creates the measurement's inputs.
    public init(run: FrozenRun, rubric: Rubric, rubricText: String, labels: ExpertLabels, settings: TrustSettings) {
        self.run = run
        self.rubric = rubric
        self.rubricText = rubricText
        self.labels = labels
        self.settings = settings
    }

    /// The SHA-256 (hex) of the rubric's text.
    public var rubricTextHash: String { SHA256.hexDigest(of: Array(rubricText.utf8)) }

    /// Judges every row of the run with `judge`, through its cache.
    ///
    /// - Throws: as ``JudgeSession/judgments(run:rubric:pairwise:display:)``.
    public func judgments(judge: JudgeSession, display: JudgeSession.ProgressDisplay = .none) async throws -> JudgmentSet {
        try await judge.judgments(run: run, rubric: rubric, display: display)
    }

    /// A judge's judgments of the run with the alignment input built from them once, on the run's rows
    /// and labels: what the report, the prediction sets and the abstain band are all measured on.
    public struct Judged: Sendable {
        /// The judgments.
        public let judgments: JudgmentSet
        /// Their alignment input, with the rubric text's hash.
        let input: AlignmentInput
    }

    /// `judgments` (this toolkit's, or a judge-scores file's, ``CalibrationData/JudgmentSet/load(judgeScoresAt:rubric:run:pairwise:)``)
    /// on the run's rows and labels.
    ///
    /// - Throws: as ``Calibration/AlignmentInput/init(run:rubric:rubricText:judgments:labels:groupBy:)``.
    public func judged(_ judgments: JudgmentSet) throws -> Judged {
        Judged(judgments: judgments, input: try input(judgments))
    }

    /// Measures trust on `judged`.
    ///
    /// - Throws: as ``SelectiveTrust/TrustReport/init(_:settings:)``.
    public func report(_ judged: Judged) throws -> TrustReport {
        try TrustReport(judged.input, settings: settings)
    }

    /// Per-row prediction sets at `coverage` from the judgments' level distributions
    /// (``Judging/DimensionJudgment/levelDistribution(on:)``), calibrated on the labelled rows.
    ///
    /// - Throws: ``SelectiveTrust/TrustError/noLevelDistribution(dimension:)`` for a dimension no row has one for; as
    ///   ``SelectiveTrust/TrustPredictionSets/init(_:distributions:coverage:rule:settings:)``.
    public func predictionSets(_ judged: Judged, coverage: Double, rule: OrdinalPredictionSets.SetRule) throws -> TrustPredictionSets {
        let distributions = try levelDistributions(judged.judgments, of: rubric.dimensions)
        return try TrustPredictionSets(judged.input, distributions: distributions, coverage: coverage, rule: rule, settings: settings)
    }

    /// Refuses an abstain band before any judging when no dimension of the rubric has two levels.
    ///
    /// - Throws: ``SelectiveTrust/TrustError/noTwoLevelDimension(_:)``, naming each dimension and its levels.
    public func checkAbstainBand() throws(TrustError) {
        _ = try TrustAbstainBand.split(scaleSizes)
    }

    /// The abstain band of each two-level dimension from the judgments' level distributions
    /// (``Judging/DimensionJudgment/levelDistribution(on:)``), calibrated on the labelled rows at the
    /// settings' error δ; dimensions of other levels are left out and listed.
    ///
    /// - Throws: as ``checkAbstainBand()``; ``SelectiveTrust/TrustError/noLevelDistribution(dimension:)`` for a two-level
    ///   dimension no row has one for; as ``SelectiveTrust/TrustAbstainBand/init(_:distributions:settings:band:)``.
    public func abstainBand(_ judged: Judged, band: TrustAbstainBand.Settings) throws -> TrustAbstainBand {
        let twoLevels = try TrustAbstainBand.split(scaleSizes).twoLevels
        let distributions = try levelDistributions(judged.judgments, of: rubric.dimensions.filter { twoLevels.contains($0.name) })
        return try TrustAbstainBand(judged.input, distributions: distributions, settings: settings, band: band)
    }

    /// Each rubric dimension and its scale's number of levels.
    private var scaleSizes: [TrustAbstainBand.ScaleSize] {
        rubric.dimensions.map { TrustAbstainBand.ScaleSize(dimension: $0.name, levels: $0.scale.levels.count) }
    }

    /// Dimension name → row id → the judge's probability of each level of `dimensions`, from `judgments`.
    ///
    /// - Throws: ``SelectiveTrust/TrustError/noLevelDistribution(dimension:)`` for a dimension no row has one for.
    private func levelDistributions(_ judgments: JudgmentSet, of dimensions: [ScoreDimension]) throws(TrustError) -> [String: [String: [Double]]] {
        var distributions: [String: [String: [Double]]] = [:]
        for d in dimensions {
            for j in judgments.judgments {
                if let p = j.score(d.name)?.levelDistribution(on: d.scale) { distributions[d.name, default: [:]][j.id] = p }
            }
            guard distributions[d.name] != nil else { throw .noLevelDistribution(dimension: d.name) }
        }
        return distributions
    }

    /// The alignment input of `judgments` on the run's rows and labels, with the rubric text's hash.
    private func input(_ judgments: JudgmentSet) throws -> AlignmentInput {
        try AlignmentInput(run: run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: labels)
    }

    /// The cascade of `stages` (each judge's name and judgments, cheapest first) on the run's rows (``SelectiveTrust/TrustCascade``).
    ///
    /// - Throws: as ``judged(_:)`` and ``report(_:)``.
    public func cascade(_ stages: [(judge: String, judgments: JudgmentSet)]) throws -> TrustCascade {
        try TrustCascade(stages: try stages.map { (judge: $0.judge, input: try input($0.judgments)) }, settings: settings)
    }

    /// The certificate of `report` for `judge`.
    public func certificate(_ report: TrustReport, judge: JudgeIdentity) -> TrustCertificate {
        TrustCertificate(report, judge: judge, rubricTextHash: rubricTextHash)
    }

    /// The history's line for `report` and its `certificate`, with the rubric's text.
    public func historyEntry(_ report: TrustReport, certificate: TrustCertificate) -> TrustHistoryEntry {
        TrustHistoryEntry(report: report, certificate: certificate, rubricText: rubricText)
    }
}
