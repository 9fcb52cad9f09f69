public import RunInference
public import StatisticsCore

/// A run's figures as the experts would have given them, per dimension: the
/// judge's own figure, the experts' figure on the labelled rows, and the
/// judge's figure corrected with those labels, each with its interval, n and N,
/// or undefined with the reason (issue #13; docs/ESTIMATION.md).
///
/// Computed by ``init(_:versus:settings:)`` from the estimators of
/// `RunInference/RunEstimates/`: the mean by PPI++ (``RunMeanEstimate``),
/// the pass rate at ``EstimationSettings/passLevel`` by judge level and PPI++
/// (``RunPassRate``), the share of each level by judge level and PPI++
/// (``RunLevelDistribution``), and, with a second run, the
/// difference A − B (``RunDifference``). Rendered as text, JSON (this type's
/// `Codable` form), Markdown and an HTML page with a chart per dimension.
public struct EstimationReport: Sendable, Hashable, Codable {
    /// Run A's (and, with a second run, run B's) names, rubric and judge model.
    public var info: AlignmentInfo
    /// Run B's, when two runs are compared.
    public var versusInfo: AlignmentInfo?
    /// What the figures rest on: how the labelled rows were drawn.
    public var sampling: EstimationSampling
    /// The dimension whose judge levels stratified the labelled rows (``EstimationRun/judgeStratifiedBy``);
    /// absent otherwise and in older reports.
    public var judgeStratifiedBy: String? = nil
    /// The level at and above which a row passes; `nil` when no pass rate was asked for.
    public var passLevel: Double?
    /// The intervals' confidence level.
    public var level: Double
    /// One entry per dimension, in rubric (or label sheet) order.
    public var dimensions: [DimensionEstimate]
    /// The saved calibration the judge's scores were also read through (what it was fitted on), when one was,
    /// and the fingerprint of the fresh labels that corrected them (``CalibrationData/ExpertLabels/fingerprint``).
    public var calibratedWith: String? = nil
    public var freshLabelFingerprint: String? = nil
    /// The gates read on the corrected figures (``read(_:)``), in the order given; `nil` without any.
    public var gates: [GatedFigure]? = nil

    /// Whether the figures may be read as estimates of the run (not with hand-picked rows).
    public var isValidForInference: Bool { sampling != .notForInference }
}

/// One dimension's estimates.
public struct DimensionEstimate: Sendable, Hashable, Codable {
    /// The dimension's name.
    public var name: String
    /// Its declared scale; `nil` when none is known (then no pass rate nor level distribution).
    public var scale: CategoryScale?
    /// The rows that went in and the rows left out.
    public var rows: RowCounts
    /// The mean: judge only, experts only, PPI++.
    public var mean: RunMeanEstimate
    /// The mean, the pass rate and the level shares through a saved calibration's maps, each corrected by
    /// the labels as fresh ones; `nil` without a calibration or when it has no map for this dimension.
    public var calibrated: CalibratedFigures? = nil
    /// The pass rate at ``EstimationReport/passLevel``; `nil` when none was asked for or it cannot be computed.
    public var passRate: RunPassRate?
    /// Why there is no pass rate although one was asked for (no scale); `nil` otherwise.
    public var passRateUndefined: UndefinedReason?
    /// The share of each level; `nil` when the dimension has no scale.
    public var levels: RunLevelDistribution?
    /// Why there is no level distribution; `nil` when there is one.
    public var levelsUndefined: UndefinedReason?
    /// Run A − run B, when a second run was given and has this dimension.
    public var versus: Difference?

    /// What went in: n labelled and N unlabelled rows, and the rows left out because the judge gave no score.
    public struct RowCounts: Sendable, Hashable, Codable {
        /// n, rows with an expert label and a judge score.
        public var labelled: Int
        /// N, rows with a judge score and no label.
        public var unlabelled: Int
        /// Labelled rows left out because the judge failed on them (no score).
        public var labelledWithoutJudgeScore: Int
        /// Unlabelled rows left out because the judge failed on them.
        public var unlabelledWithoutJudgeScore: Int
        /// Scores placed on the nearest level for the pass rate and the level
        /// distribution (fractional means), half up; the mean uses them as they are.
        public var roundedToLevel: Int
    }

    /// The difference between two runs on this dimension.
    public struct Difference: Sendable, Hashable, Codable {
        /// Run B's rows.
        public var rows: RowCounts
        /// Run B's mean.
        public var versusMean: RunMeanEstimate
        /// A − B of the means.
        public var mean: RunDifference
        /// A − B of the pass rates, when both are defined to compute.
        public var passRate: RunDifference?
    }

    /// Whether the correction of the mean narrowed its interval enough to matter (the report's notes
    /// say the same of the pass rate and the level shares): `false` when the
    /// corrected mean's interval is at least ``usefulNarrowing`` (95%) as wide as the
    /// experts-only one, so the judge is too weak for the correction to help (PPI++'s
    /// λ then falls towards 0 and the corrected mean is nearly the experts' own);
    /// `nil` when either has no interval.
    public var correctionHelps: Bool? {
        widthRatio.map { $0 < Self.usefulNarrowing }
    }

    /// The corrected mean's interval width as a multiple of the experts-only one; `nil` when either has none.
    public var widthRatio: Double? { Self.widthRatio(mean.corrected, mean.expertsOnly) }

    /// A corrected interval's width as a multiple of the experts-only one; `nil` when either has none.
    package static func widthRatio(_ corrected: Estimate, _ experts: Estimate) -> Double? {
        guard let c = corrected.interval, let e = experts.interval, e.upper > e.lower else { return nil }
        return (c.upper - c.lower) / (e.upper - e.lower)
    }

    /// Below this width ratio the correction is said to help: a 5% narrower interval
    /// is worth about 10% more labelled rows.
    public static let usefulNarrowing = 0.95
}
