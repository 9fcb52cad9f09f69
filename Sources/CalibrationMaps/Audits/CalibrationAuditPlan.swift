public import DataFormats
import RunInference

/// How many fresh labels a transport audit of a calibration needs (``RunInference/TransportAuditPlan``
/// per dimension): the fewest rows at which the audit passes with the chosen power when the map's true
/// bias on the new run is `bias` (at least the rows a pass needs), and the fewest at which it fails when the
/// bias is `shift` (from 2: a fail is decided on any number of rows).
///
/// σ, the residuals' standard deviation, is given, or read per dimension from a calibration: its
/// out-of-fold RMSE (``CalibrationFile/Diagnostics/outOfFoldRMSE``), the residuals' spread on the rows
/// the map was fitted on, each read through a map not fitted on it — about the spread fresh rows show
/// when the map holds. Each audit is planned at the per-audit level α/m of a family of m audits decided
/// together (Bonferroni, as ``RunInference/TransportAudit``). The map's own error τ, the SD of its bias
/// from having been fitted on finitely many rows, is averaged over (``RunInference/TransportAuditPlan``):
/// given with σ, or for a calibration σ/√n of its n fitting rows
/// (``RunInference/TransportAuditPlan/mapSD(residualSD:rows:)``). A fail planned at a shift confined to a
/// share p of the rows is planned at the wider spread such a shift leaves
/// (``RunInference/TransportAuditPlan/residualSD(_:shift:share:)``).
public struct CalibrationAuditPlan: Sendable, Hashable, Codable {
    /// What the plan assumes.
    public struct Settings: Sendable, Hashable, Codable {
        /// The margin δ, the family-wise α, the family's size m, the power asked for.
        public var margin: Double
        public var alpha: Double
        public var family: Int
        public var power: Double
        /// The true mean residual a pass is planned at (0: the map holds).
        public var bias: Double
        /// The true mean residual a fail is planned at; `nil` for no fail plan.
        public var shift: Double?
        /// The share of the rows the shift falls on (1: every row).
        public var shiftShare: Double
        /// The fewest rows an audit may pass on (``RunInference/TransportAudit/minimumEffectiveRows``).
        public var minimumRows: Int

        /// The assumptions; by default α 0.05, one audit, power 0.8, bias 0, no shift (on every row), 20 rows.
        ///
        /// - Throws: ``CalibrationAuditSettingsError`` for a margin not positive, α outside (0, 1), a family
        ///   below 1, a minimum below 2; ``CalibrationAuditPlanError`` for a power outside (0, 1), a bias or shift
        ///   not finite, a share outside (0, 1].
        public init(
            margin: Double, alpha: Double = CalibrationAudit.Settings.standard.alpha, family: Int = 1, power: Double = 0.8,
            bias: Double = 0, shift: Double? = nil, shiftShare: Double = 1,
            minimumRows: Int = CalibrationAudit.Settings.standard.minimumEffectiveRows
        ) throws {
            _ = try CalibrationAudit.Settings(margin: margin, alpha: alpha, family: family, minimumEffectiveRows: minimumRows)
            guard power > 0, power < 1 else { throw CalibrationAuditPlanError.power(power) }
            guard bias.isFinite, shift?.isFinite ?? true else { throw CalibrationAuditPlanError.notFinite }
            guard shiftShare > 0, shiftShare <= 1 else { throw CalibrationAuditPlanError.share(shiftShare) }
            self.margin = margin
            self.alpha = alpha
            self.family = family
            self.power = power
            self.bias = bias
            self.shift = shift
            self.shiftShare = shiftShare
            self.minimumRows = minimumRows
        }
    }

    /// One dimension's plan (or the one plan, for a σ given).
    public struct Dimension: Sendable, Hashable, Codable {
        /// The dimension; `nil` for a σ given rather than read from a calibration.
        public var name: String?
        /// σ, and τ (0 when not known).
        public var residualSD: Double
        public var mapSD: Double
        /// σ′, the spread a fail is planned at: σ widened by a shift on a share of the rows below 1
        /// (``Settings/shiftShare``); `nil` without a shift.
        public var shiftedResidualSD: Double?
        /// The rows a pass at ``Settings/bias`` needs; `nil` when no number of rows passes (|bias| ≥ δ) or
        /// not within ``maximumRows``.
        public var rowsToPass: Int?
        /// The rows a fail at ``Settings/shift`` needs, from 2; `nil` without a shift, when no number of rows fails
        /// (|shift| ≤ δ), or not within ``maximumRows``.
        public var rowsToFail: Int?
    }

    /// The most rows planned for.
    public static let maximumRows = 100_000

    public var settings: Settings
    public var dimensions: [Dimension]

    /// The plan for residuals of standard deviation `residualSD` (one plan), or per dimension of
    /// `calibration` at its out-of-fold RMSE.
    ///
    /// - Throws: ``CalibrationAuditPlanError/residualSD(_:)`` or ``CalibrationAuditPlanError/mapSD(_:)`` for a σ or τ not finite or negative.
    public init(settings: Settings, residualSD: Double, mapSD: Double = 0) throws {
        guard residualSD >= 0, residualSD.isFinite else { throw CalibrationAuditPlanError.residualSD(residualSD) }
        guard mapSD >= 0, mapSD.isFinite else { throw CalibrationAuditPlanError.mapSD(mapSD) }
        self.settings = settings
        dimensions = [Self.plan(name: nil, sd: residualSD, mapSD: mapSD, settings)]
    }

    /// The plan per dimension of `calibration`, σ each map's out-of-fold RMSE and τ that over the square
    /// root of the rows it was fitted on.
    public init(settings: Settings, calibration: CalibrationFile) {
        self.settings = settings
        dimensions = calibration.dimensions.map {
            let sd = $0.diagnostics.outOfFoldRMSE
            return Self.plan(name: $0.name, sd: sd, mapSD: TransportAuditPlan.mapSD(residualSD: sd, rows: $0.rows), settings)
        }
    }

    static func plan(name: String?, sd: Double, mapSD: Double, _ s: Settings) -> Dimension {
        let alpha = s.alpha / Double(s.family)
        // A fail is decided on any number of rows (the interval beyond the margin); a pass needs the minimum.
        let rows = { (goal: TransportAuditPlan.Goal, bias: Double, sd: Double) in
            TransportAuditPlan.rowsNeeded(
                for: goal, power: s.power, residualSD: sd, bias: bias, mapSD: mapSD, margin: s.margin, alpha: alpha,
                minimumRows: goal == .pass ? s.minimumRows : 2, maximumRows: maximumRows)
        }
        let shifted = s.shift.map { TransportAuditPlan.residualSD(sd, shift: $0, share: s.shiftShare) }
        return Dimension(
            name: name, residualSD: sd, mapSD: mapSD, shiftedResidualSD: shifted, rowsToPass: rows(.pass, s.bias, sd),
            rowsToFail: s.shift.flatMap { shift in shifted.flatMap { rows(.fail, shift, $0) } })
    }
}

/// An audit plan's assumption that cannot be used; the CLI words it with the option that sets it.
public enum CalibrationAuditPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    case power(Double)
    case residualSD(Double)
    case mapSD(Double)
    case notFinite
    case share(Double)

    public var description: String {
        switch self {
        case .power(let p): "a power of \(p): the chance asked for is between 0 and 1"
        case .residualSD(let s): "a standard deviation of \(s): a finite number, 0 or more"
        case .mapSD(let s): "a map's own error of \(s): a finite number, 0 or more"
        case .notFinite: "the true mean residual planned at is not a finite number"
        case .share(let p): "a share of \(p): the shift falls on more than none and at most all of the rows (0 < p ≤ 1)"
        }
    }
}

extension CalibrationAuditPlanError: KindedError {
    /// Always ``DataFormats/ErrorKind/usage``: an assumption, not the data, is wrong.
    public var kind: ErrorKind { .usage }
}
