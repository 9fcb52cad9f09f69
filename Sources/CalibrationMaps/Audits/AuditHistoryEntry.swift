public import DataFormats
public import Foundation
public import RunInference

/// One line of the history (``DataFormats/HistoryLog``, kind `audit`): a calibration's transport audit
/// on a later run (``CalibrationAudit``).
///
/// It carries the calibration's identity (``CalibrationAudit/Identity``: its file's SHA-256, and the
/// judge, rubric text hash, run, label fingerprint and creation time it was fitted with), the run
/// audited and its fresh labels' fingerprint, the level and family, the outcome and per dimension
/// what was decided. ``latest(for:in:)`` finds the last audit of a calibration, so that a command
/// about to use the calibration can say that its last audit failed.
public struct AuditHistoryEntry: HistoryRecord, Hashable {
    /// One dimension's figures; a dimension not audited has only its name and why.
    public struct Figures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// Its outcome; `nil` when it was not audited, and ``notAudited`` says why.
        public var outcome: TransportAudit.Outcome?
        public var notAudited: CalibrationAudit.NotAudited?
        /// Fresh rows and effective rows.
        public var rows: Int?
        public var effectiveRows: Double?
        /// The mean residual (expert − calibrated) and its interval's bounds; a bound is `nil` when it is
        /// not finite (one row).
        public var meanResidual: Double?
        public var lower: Double?
        public var upper: Double?
        /// The mean residual's standard error; `nil` when it is not finite (one row), and in lines written
        /// before it was recorded. With the bounds it gives the pass region a later reading given the pass
        /// needs (``RunInference/PassSelectedResidual``).
        public var standardError: Double? = nil
    }

    private static let name = "audit"
    /// The kind of line: `audit`.
    public static var historyKind: String? { name }

    /// `audit`, as the line says which kind it is.
    public var kind = Self.name
    /// When the audit was made, written as ISO 8601 in UTC.
    public var time: Date
    /// The calibration audited.
    public var calibration: CalibrationAudit.Identity
    /// The run audited and its fresh labels' fingerprint.
    public var run: String?
    public var labelFingerprint: String
    /// The margin (`nil`: not graded), the family-wise α and the family's size.
    public var margin: Double?
    public var alpha: Double
    public var familySize: Int
    /// The outcome over the dimensions (``CalibrationAudit/outcome``).
    public var outcome: TransportAudit.Outcome
    /// Each dimension's figures, in the rubric's order.
    public var figures: [Figures]
    /// The SHA-256 (hex) of the history's line before this one (``DataFormats/HistoryRecord/previous``).
    public var previous: String?

    /// The entry for `audit`.
    public init(_ audit: CalibrationAudit) {
        time = audit.time
        calibration = audit.calibration
        run = audit.run
        labelFingerprint = audit.labelFingerprint
        margin = audit.settings.margin
        alpha = audit.settings.alpha
        familySize = audit.familySize
        outcome = audit.outcome
        let finite = { (x: Double) in x.isFinite ? x : nil }
        figures = audit.dimensions.map { d in
            guard let a = d.audit else { return Figures(dimension: d.name, notAudited: d.notAudited) }
            return Figures(
                dimension: d.name, outcome: a.outcome, rows: a.rows, effectiveRows: a.effectiveRows, meanResidual: a.meanResidual,
                lower: finite(a.lower), upper: finite(a.upper), standardError: finite(a.standardError))
        }
    }

    /// The last of `entries` (in the history's order) that audited the calibration `calibration`
    /// (``CalibrationAudit/Identity/isSame(as:)``); `nil` when it was never audited.
    public static func latest(for calibration: CalibrationAudit.Identity, in entries: [AuditHistoryEntry]) -> AuditHistoryEntry? {
        entries.last { $0.calibration.isSame(as: calibration) }
    }
}
