import Calibration
public import CalibrationData
public import Foundation
public import Judging
import RunInference

/// The record of `judgecal trust`: each dimension's threshold, with the guarantee it was certified
/// at and the judge it was measured on, so that using the thresholds later can check that the judge
/// is still the one measured (the same model, settings and rubric text).
public struct TrustCertificate: Sendable, Hashable, Codable {
    /// One dimension's threshold.
    public struct Dimension: Sendable, Hashable, Codable {
        /// The dimension's name.
        public var name: String
        /// The outcome (``TrustOutcome``): only a trusted dimension has a threshold.
        public var outcome: TrustOutcome
        /// Rows with a confidence at or above it are kept; `nil` when no threshold was certified.
        public var threshold: Double?
        /// How the confidences were measured.
        public var methods: [JudgeConfidence.Method]
        /// Labelled rows the threshold was certified on, and kept at it.
        public var labelledRows: Int
        public var keptRows: Int?
        /// The exact upper bound on the disagreement rate of the rows kept, at confidence 1 − δ.
        public var riskBound: Double?
        /// The share of the run's judged rows kept.
        public var coverage: Double?
    }

    /// Which file this is: `judgecal trust certificate`.
    public var kind = TrustCertificate.kindName
    /// When it was made.
    public var created: Date
    /// The rubric's name and the SHA-256 (hex) of its text.
    public var rubric: String?
    public var rubricTextHash: String?
    /// The judge measured.
    public var judge: JudgeIdentity
    /// The run the thresholds were measured on.
    public var run: String?
    /// α, δ, the agreement and the fewest rows kept.
    public var risk: Double
    public var error: Double
    public var agreement: TrustSettings.Agreement
    public var minimumKept: Int
    /// Each dimension, in the rubric's order.
    public var dimensions: [Dimension]

    /// The certificate of `report`, measured on `judge` with the rubric whose text hashes to `rubricTextHash`.
    public init(_ report: TrustReport, judge: JudgeIdentity, rubricTextHash: String?, created: Date = Date()) {
        self.created = created
        rubric = report.info.rubric
        self.rubricTextHash = rubricTextHash
        self.judge = judge
        run = report.info.run
        risk = report.settings.risk
        error = report.settings.error
        agreement = report.settings.agreement
        minimumKept = report.settings.minimumKept
        dimensions = report.dimensions.map { d in
            Dimension(
                name: d.name, outcome: d.verdict.outcome, threshold: d.threshold.threshold, methods: d.methods,
                labelledRows: d.threshold.rows, keptRows: d.threshold.chosen?.kept, riskBound: d.threshold.chosen?.riskBound,
                coverage: d.coverage?.share)
        }
    }
}
