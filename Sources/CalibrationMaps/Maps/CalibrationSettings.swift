public import CalibrationData
public import DataFormats
public import RunInference

/// How a calibration is fitted: the folds of the cross-fit and their seed, how a row's several
/// raters make its expert value, and whether the rubric's worked examples count.
public struct CalibrationSettings: Sendable, Hashable {
    /// The folds asked for (``RunInference/CrossFittedMap/folds(rows:asked:)`` uses fewer when a
    /// dimension's rows are fewer than twice as many).
    public var folds: Int
    /// The seed of the fold assignment (``RunInference/CrossFittedMap/assignment(ids:folds:seed:)``).
    public var seed: UInt64
    /// How a row's raters make its expert value: ``CalibrationData/ExpertCombination/mean`` or
    /// ``CalibrationData/ExpertCombination/median``; never the majority, which would put a level where
    /// the map needs the experts' value.
    public var experts: ExpertCombination
    /// Whether the rubric's worked-example rows stay in (left out by default: the judge saw their answers).
    public var includeExamples: Bool
    /// The map fitted: isotonic in the judge's score (by default), or two-stage with covariates.
    public var map: Map

    /// The map a calibration fits per dimension (``RunInference/CrossFittedMap/Method``).
    public enum Map: Sendable, Hashable {
        /// CJE's monotone calibrator: the isotonic map of the judge's score.
        case isotonic
        /// CJE's two-stage calibrator (``RunInference/TwoStageMap``) of the score and these covariates, read
        /// from each row of the run, its splines on `knots` base knots at most.
        case twoStage(covariates: [RowCovariate], knots: Int)

        /// The kind of map, as a calibration file names it.
        public var kind: CrossFittedMap.Kind {
            switch self {
            case .isotonic: .isotonic
            case .twoStage: .twoStage
            }
        }
    }

    /// The largest number of folds: far beyond any labelled set, far below what would overflow a count.
    public static let maximumFolds = 1_000_000

    /// The settings; by default 5 folds (CJE's `JudgeCalibrator`), seed 0, the raters' mean, worked examples left out.
    ///
    /// - Throws: ``CalibrationSettingsError`` for fewer than 2 folds or more than ``maximumFolds``, and for
    ///   the majority of raters.
    public init(
        folds: Int = standard.folds, seed: UInt64 = standard.seed, experts: ExpertCombination = standard.experts,
        includeExamples: Bool = standard.includeExamples, map: Map = standard.map
    ) throws(CalibrationSettingsError) {
        guard (2...Self.maximumFolds).contains(folds) else { throw .folds(folds) }
        guard experts != .majority else { throw .majorityExperts }
        if case .twoStage(let covariates, let knots) = map {
            guard (TwoStageMap.fewestKnots...BSplineBasis.maximumKnots).contains(knots) else { throw .knots(knots) }
            var seen: Set<RowCovariate> = []
            for c in covariates where !seen.insert(c).inserted { throw .covariateTwice(c.description) }
        }
        self.init(checked: folds, seed: seed, experts: experts, includeExamples: includeExamples)
        self.map = map
    }

    /// The settings when nothing is chosen (``init(folds:seed:experts:includeExamples:)``'s defaults).
    public static let standard = CalibrationSettings(checked: 5, seed: 0, experts: .mean, includeExamples: false)

    /// The knots a two-stage map's splines are asked for when none are (CJE's `n_splines`).
    public static let standardKnots = TwoStageMap.standardKnots

    private init(checked folds: Int, seed: UInt64, experts: ExpertCombination, includeExamples: Bool) {
        self.folds = folds
        self.seed = seed
        self.experts = experts
        self.includeExamples = includeExamples
        self.map = .isotonic
    }
}

/// A calibration setting that cannot be used; the CLI words it with the option that sets it.
public enum CalibrationSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than 2 folds (nothing to cross-fit), or more than ``CalibrationSettings/maximumFolds``.
    case folds(Int)
    /// The raters' majority was asked for: a level, where a calibrated mean needs the experts' mean (or median).
    case majorityExperts
    /// A two-stage map's knots outside 5 (CJE's floor) to ``RunInference/BSplineBasis/maximumKnots``; a covariate named twice.
    case knots(Int)
    case covariateTwice(String)

    public var description: String {
        switch self {
        case .folds(let k):
            "\(k) folds: cross-fitting needs from 2 to \(CalibrationSettings.maximumFolds) folds (each fold's map is fitted on the others)"
        case .majorityExperts:
            "the raters' majority is a level, and a map onto the experts' scale needs their value: combine them by mean or median"
        case .knots(let k):
            "\(k) knots: a two-stage map's splines take from \(TwoStageMap.fewestKnots) (CJE's floor) to \(BSplineBasis.maximumKnots)"
        case .covariateTwice(let name): "the covariate \(name) is named twice"
        }
    }
}

extension CalibrationSettingsError: KindedError {
    /// Always ``DataFormats/ErrorKind/usage``: a setting, not the data, is wrong.
    public var kind: ErrorKind { .usage }
}
