public import Calibration
public import CalibrationData
public import Foundation
public import RunInference

/// The transport audit of a saved calibration on a later run (`judgecal audit`): per dimension with a
/// map, the fresh labelled rows of the run read through the map, and ``RunInference/TransportAudit``
/// on their residuals (expert − calibrated) against a declared margin — CJE's
/// `audit_transportability` (cje-eval 0.9.3; Landesberg 2025).
///
/// **Before any audit** the calibration is checked against the run's judge and rubric
/// (``CalibrationFile/check(judge:rubricTextHash:)``, whose notes are kept in ``notes``) and the
/// labels against the ones it was fitted on (``CalibrationFile/checkFresh(fingerprint:rows:run:)``):
/// a map is not audited on another judge's scores, nor on the rows it was fitted on.
///
/// **Rows.** A dimension's rows are its fresh labelled rows (``CalibrationFile/freshRows(_:of:)``:
/// the experts combined as when the map was fitted, the worked examples left out unless they were
/// kept then, rows without an expert value or a judge score left out and counted). Each weighs
/// 1/π when the label set came with its sampling frame (π the row's inclusion probability), else 1.
///
/// **The family.** All intervals hold together with probability 1 − α over the m audits decided
/// together (Bonferroni): m is ``Settings/family`` when given — a CI job deciding audits of several
/// runs or systems declares them all — else the dimensions audited here. A family smaller than the
/// audits made here is refused.
///
/// **The outcome** is the worst over the dimensions audited: fail, then not enough, then not graded
/// (no margin), then pass. With no dimension audited (no map, or no fresh row, in every one) it is
/// not enough: nothing vouches for the map.
public struct CalibrationAudit: Sendable, Hashable {
    /// How the audit is made.
    public struct Settings: Sendable, Hashable {
        /// The margin δ on the mean residual; `nil` for an audit not graded.
        public var margin: Double?
        /// The family-wise level α.
        public var alpha: Double
        /// The audits decided together (m); `nil` for the dimensions audited here.
        public var family: Int?
        /// The fewest effective rows a pass needs (``RunInference/TransportAudit/minimumEffectiveRows``).
        public var minimumEffectiveRows: Int
        /// The bins of calibrated scores the residuals are shown by.
        public var bins: Int

        /// The power the rows a pass needs are planned for, when an audit has not enough rows: 0.8.
        public static let plannedPower = 0.8

        /// The settings; by default α 0.05, the family the dimensions audited, at least 20 effective
        /// rows for a pass, 10 bins (CJE's defaults).
        ///
        /// - Throws: ``CalibrationAuditSettingsError`` for a margin not positive and finite, α outside
        ///   (0, 1), a family below 1, a minimum below 2 rows, fewer than 1 bin.
        public init(
            margin: Double?, alpha: Double = standard.alpha, family: Int? = nil,
            minimumEffectiveRows: Int = standard.minimumEffectiveRows, bins: Int = standard.bins
        ) throws(CalibrationAuditSettingsError) {
            if let margin, !(margin > 0 && margin.isFinite) { throw .margin(margin) }
            guard alpha > 0, alpha < 1 else { throw .alpha(alpha) }
            if let family, family < 1 { throw .family(family) }
            guard minimumEffectiveRows >= 2 else { throw .minimumRows(minimumEffectiveRows) }
            guard bins >= 1 else { throw .bins(bins) }
            self.init(checked: margin, alpha: alpha, family: family, minimumEffectiveRows: minimumEffectiveRows, bins: bins)
        }

        /// The settings when nothing is chosen: no margin, α 0.05, 20 rows, 10 bins.
        public static let standard = Settings(checked: nil, alpha: 0.05, family: nil, minimumEffectiveRows: 20, bins: 10)

        private init(checked margin: Double?, alpha: Double, family: Int?, minimumEffectiveRows: Int, bins: Int) {
            self.margin = margin
            self.alpha = alpha
            self.family = family
            self.minimumEffectiveRows = minimumEffectiveRows
            self.bins = bins
        }
    }

    /// The audit's decision over every dimension.
    public typealias Outcome = TransportAudit.Outcome

    /// Why a dimension was not audited.
    public enum NotAudited: String, Sendable, Hashable, Codable {
        /// The calibration has no map for it.
        case noMap = "no map"
        /// It has a map, and no fresh labelled row with a judge score.
        case noFreshRows = "no fresh rows"
    }

    /// One dimension of the rubric.
    public struct Dimension: Sendable, Hashable {
        /// The dimension's name.
        public var name: String
        /// The audit; `nil` when the dimension was not audited (``notAudited`` says why).
        public var audit: TransportAudit?
        public var notAudited: NotAudited?
        /// Fresh labelled rows left out, by why (none for a dimension without a map).
        public var leftOut: CalibrationFile.LeftOut
        /// The residuals' standard deviation: √(Σ wᵢ (rᵢ − δ̂)² / Σ wᵢ · n/(n − 1)); `nil` below 2 rows.
        public var residualSD: Double?
        /// For an audit with not enough rows: the fewest rows at which an audit passes with chance
        /// ``Settings/plannedPower`` if the map holds (true mean residual 0), at the residuals' standard
        /// deviation and the per-audit level α/m (``RunInference/TransportAuditPlan``); `nil` otherwise, or
        /// when no number of rows would do.
        public var rowsToPass: Int?
    }

    /// What identifies a calibration: its file's bytes, and what it was fitted on.
    public struct Identity: Sendable, Hashable, Codable {
        /// The SHA-256 (hex) of the calibration file's bytes.
        public var fileHash: String
        /// When it was made, the judge, the rubric and its text's hash, the run and the label set's fingerprint it was fitted on.
        public var created: Date
        public var judge: JudgeIdentity
        public var rubric: String?
        public var rubricTextHash: String?
        public var run: String?
        public var labelFingerprint: String

        /// The identity of `calibration`, whose file's bytes hash to `fileHash`.
        public init(_ calibration: CalibrationFile, fileHash: String) {
            self.fileHash = fileHash
            created = calibration.created
            judge = calibration.judge
            rubric = calibration.rubric
            rubricTextHash = calibration.rubricTextHash
            run = calibration.run
            labelFingerprint = calibration.labelFingerprint
        }

        /// Whether `other` is the same calibration: the same file's bytes, or — a file rewritten
        /// without change to its maps' provenance — the same creation time (to the second, as the file
        /// keeps it), judge, rubric text and label fingerprint.
        public func isSame(as other: Identity) -> Bool {
            fileHash == other.fileHash
                || hasProvenance(created: other.created, judge: other.judge, rubricTextHash: other.rubricTextHash, labelFingerprint: other.labelFingerprint)
        }

        /// Whether this calibration was fitted when, on the judge, rubric text and labels given (to the
        /// second, as its file keeps the time): a calibration known by its history line, without its file's hash.
        public func hasProvenance(created: Date, judge: JudgeIdentity, rubricTextHash: String?, labelFingerprint: String) -> Bool {
            self.created == created && self.judge == judge && self.rubricTextHash == rubricTextHash && self.labelFingerprint == labelFingerprint
        }
    }

    /// The calibration audited.
    public var calibration: Identity
    /// When the audit was made.
    public var time: Date
    /// The run audited, and the fingerprint of its fresh labels (``CalibrationData/ExpertLabels/fingerprint``).
    public var run: String?
    public var labelFingerprint: String
    /// Whether the rows were weighted by 1/π from the label set's sampling frame.
    public var weighted: Bool
    /// The settings, and the family's size m used.
    public var settings: Settings
    public var familySize: Int
    /// What could not be compared of the judge (``CalibrationFile/check(judge:rubricTextHash:)``).
    public var notes: [String]
    /// Every dimension of the run's rubric, in its order.
    public var dimensions: [Dimension]

    /// The worst outcome over the dimensions audited; not enough when none was.
    public var outcome: Outcome {
        Self.worst(dimensions.compactMap(\.audit?.outcome))
    }

    /// The worst of `outcomes`: fail, then not enough, then not graded, then pass; not enough when there are none.
    public static func worst(_ outcomes: [Outcome]) -> Outcome {
        guard !outcomes.isEmpty else { return .notEnough }
        return [Outcome.fail, .notEnough, .notGraded, .pass].first(where: outcomes.contains) ?? .pass
    }
}

extension TransportAudit.Outcome {
    /// What the audit is to a gate: a pass passes and a fail fails; not enough is inconclusive (more
    /// fresh rows would decide it), and so is not graded (no margin was declared, so nothing was tested).
    public var gate: VerdictGate {
        switch self {
        case .pass: .passes
        case .fail: .fails
        case .notEnough, .notGraded: .inconclusive
        }
    }
}
