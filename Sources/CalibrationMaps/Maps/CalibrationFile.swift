import AgreementCoefficients
public import Calibration
public import CalibrationData
public import Foundation
public import RunInference

/// The record of `judgecal calibrate`: per dimension of a rubric, the cross-fitted map from the
/// judge's score onto the experts' scale (``RunInference/CrossFittedMap``, CJE's monotone
/// calibrator) with what it buys, and what it was fitted on — the rubric and the SHA-256 of its
/// text, the judge, the label set's fingerprint, the folds and their seed, the experts'
/// combination — so that a later run's scores are read through the map of this judge, rubric and
/// labels and of no other.
///
/// A dimension with at least ``RunInference/CrossFittedMap/minimumRows`` rows has a map
/// (``dimensions``); one with fewer is listed in ``unfitted`` with the rows it needs, and has none.
/// Fitted by ``init(_:settings:judge:labelFingerprint:created:)``; written by ``json()`` and read
/// back, checked, by ``load(from:)``.
public struct CalibrationFile: Sendable, Hashable, Codable {
    /// Labelled rows left out of a dimension's fit, by why: a worked example, no expert value on the
    /// dimension, no judge score (``Calibration/ExpertPanel/judgedRows(_:judge:examples:)``).
    public typealias LeftOut = ExpertPanel.LeftOut

    /// What a map buys on the rows it was fitted on.
    ///
    /// Each row is read through the map not fitted on it (``RunInference/CrossFittedMap/outOfFold``),
    /// with yᵢ the experts' value, sᵢ the judge's score and f₋ₖ₍ᵢ₎ the map of the folds without row i's:
    ///
    /// - out-of-fold RMSE √(Σ (yᵢ − f₋ₖ₍ᵢ₎(sᵢ))² / n), beside the raw RMSE √(Σ (yᵢ − sᵢ)² / n) of the
    ///   judge's score taken as it is (both on the experts' scale);
    /// - the mean out-of-fold residual Σ (yᵢ − f₋ₖ₍ᵢ₎(sᵢ)) / n: near 0 when the map is not biased.
    ///
    /// An audit is planned with the out-of-fold RMSE as σ and σ/√n as the map's own error
    /// (``RunInference/TransportAuditPlan/mapSD(residualSD:rows:)``). Files written before this release
    /// also hold `mapSD`, the fold jackknife the plan read then; it is no longer read.
    public struct Diagnostics: Sendable, Hashable, Codable {
        public var outOfFoldRMSE: Double
        public var rawRMSE: Double
        public var meanResidual: Double

        /// The figures of `rows` read through `map`'s out-of-fold values.
        public init(rows: [CrossFittedMap.Row], map: CrossFittedMap) {
            let n = Double(rows.count)
            let residuals = rows.map { $0.target - (map.outOfFold[$0.id] ?? $0.score) }
            outOfFoldRMSE = (residuals.reduce(0) { $0 + $1 * $1 } / n).squareRoot()
            rawRMSE = (rows.reduce(0) { $0 + ($1.target - $1.score) * ($1.target - $1.score) } / n).squareRoot()
            meanResidual = residuals.reduce(0, +) / n
        }
    }

    /// One dimension's map.
    public struct Dimension: Sendable, Hashable, Codable {
        /// The dimension's name, as in the rubric.
        public var name: String
        /// The scale's lowest and highest values: the bounds the map's values are clipped into.
        public var lowest: Double
        public var highest: Double
        /// The rows the map was fitted on.
        public var rows: Int
        /// The map: the full map, the fold maps, each row's fold and out-of-fold value.
        public var map: CrossFittedMap
        /// The pass map at each level above the scale's lowest, in ascending level, on the same rows and
        /// folds (``RunInference/PassMap``); absent from files written before they were fitted.
        public var passMaps: [PassMap]?
        /// What the map buys.
        public var diagnostics: Diagnostics
        /// Labelled rows left out of the fit, by why.
        public var leftOut: LeftOut

        /// The map and the pass maps, as an estimate reads a run through them.
        public var maps: ScaleMaps { ScaleMaps(value: map, passes: passMaps) }
    }

    /// A dimension without a map: too few rows.
    public struct Unfitted: Sendable, Hashable, Codable {
        /// The dimension's name.
        public var name: String
        /// The rows it had, and the fewest a map needs (``RunInference/CrossFittedMap/minimumRows``).
        public var rows: Int
        public var rowsNeeded: Int
        /// Labelled rows left out, by why.
        public var leftOut: LeftOut
    }

    /// Which file this is: `judgecal calibration`.
    public var kind = CalibrationFile.kindName
    /// When it was made.
    public var created: Date
    /// The rubric's name and the SHA-256 (hex) of its text.
    public var rubric: String?
    public var rubricTextHash: String?
    /// The judge the maps were fitted on.
    public var judge: JudgeIdentity
    /// The run the labelled rows are of.
    public var run: String?
    /// The label set's fingerprint (``CalibrationData/ExpertLabels/fingerprint``).
    public var labelFingerprint: String
    /// The folds asked for (a dimension's ``RunInference/CrossFittedMap/folds`` are those used), their seed,
    /// the experts' combination, and whether worked examples were kept.
    public var foldsAsked: Int
    public var seed: UInt64
    public var experts: ExpertCombination
    public var includeExamples: Bool
    /// Each dimension with a map, in the rubric's order.
    public var dimensions: [Dimension]
    /// Each dimension with too few rows for one, in the rubric's order.
    public var unfitted: [Unfitted]

    /// ``CalibrationOutcome/fitted`` when some dimension has a map, else ``CalibrationOutcome/tooFewRows``.
    public var outcome: CalibrationOutcome { dimensions.isEmpty ? .tooFewRows : .fitted }

    /// The value of ``kind`` every calibration file carries.
    static let kindName = "judgecal calibration"
}

/// What `judgecal calibrate` decided.
public enum CalibrationOutcome: String, Sendable, Hashable, Codable {
    /// At least one dimension has a map.
    case fitted
    /// No dimension has rows enough for a map.
    case tooFewRows = "too few rows"
}
