import CalibrationMaps
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing

/// `plan --audit`'s options: the fresh labels a transport audit of a calibration needs (docs/CALIBRATION-MAPS.md).
enum AuditPlanOptions {
    static let audit = Flag("audit", help: "Plan the fresh labels of a calibration's transport audit (judgecal audit) instead.")
    static let margin = OptionKey<Double?>(
        "margin", valueName: "δ", help: "With --audit: the audit's margin on the mean residual (required).")
    static let residualSD = OptionKey<Double?>(
        "residual-sd", valueName: "σ", help: "With --audit: the residuals' standard deviation (or --calibration).")
    static let mapSD = OptionKey<Double?>(
        "map-sd", valueName: "τ",
        help: "With --audit and --residual-sd: the map's own error, the SD of its bias from its fit (a calibration records it).")
    static let calibration = OptionKey<String?>(
        "calibration", valueName: "file", help: "With --audit: a calibration whose out-of-fold RMSE per dimension is σ, and its map's own error τ.")
    static let bias = OptionKey<Double>(
        "bias", valueName: "b", help: "With --audit: the true mean residual a PASS is planned at.", defaultValue: 0)
    static let shift = OptionKey<Double?>(
        "shift", valueName: "s", help: "With --audit: also the rows a FAIL needs when the true mean residual is s.")
    static let shiftShare = OptionKey<Double?>(
        "shift-share", valueName: "p",
        help: "With --audit and --shift: the share of rows the shift falls on (1: every row); fewer spread the residuals wider.")
    static let power = OptionKey<Double>("power", valueName: "p", help: "With --audit: the chance asked for.", defaultValue: 0.8)
    static let alpha = OptionKey<Double>(
        "alpha", valueName: "α", help: "With --audit: the level over the family.", defaultValue: CalibrationAudit.Settings.standard.alpha)
    static let family = OptionKey<Int>(
        "family", valueName: "m", help: "With --audit: audits decided together (each at α/m).", defaultValue: 1, range: 1...)
    static let minRows = OptionKey<Int>(
        "min-rows", valueName: "n", help: "With --audit: the fewest effective rows a PASS needs.",
        defaultValue: CalibrationAudit.Settings.standard.minimumEffectiveRows, range: 2...)

    static let options: [any OptionDeclaration] = [margin, residualSD, mapSD, calibration, bias, shift, shiftShare, power, alpha, family, minRows]

    /// The plan the options describe: σ given, or each dimension's of the calibration.
    static func plan(_ arguments: ParsedArguments) throws -> CalibrationAuditPlan {
        guard let margin = try arguments[margin] else {
            throw UsageError("--audit needs --margin δ: the audit's margin on the mean residual")
        }
        let share = try arguments[shiftShare]
        if share != nil, try arguments[shift] == nil { throw UsageError("--shift-share goes with --shift: the share of rows that shift falls on") }
        let settings = try CalibrationAuditPlan.Settings(
            margin: margin, alpha: try arguments[alpha], family: try arguments[family], power: try arguments[power],
            bias: try arguments[bias], shift: try arguments[shift], shiftShare: share ?? 1, minimumRows: try arguments[minRows])
        switch (try arguments[residualSD], try arguments[calibration]) {
        case (let sd?, nil): return try CalibrationAuditPlan(settings: settings, residualSD: sd, mapSD: try arguments[mapSD] ?? 0)
        case (nil, let path?):
            if arguments.isGiven(mapSD) { throw UsageError("--map-sd goes with --residual-sd: a calibration records each map's own") }
            let (saved, _) = try CalibrationAudit.calibration(at: try InputFiles.existing(path, role: "calibration"))
            return CalibrationAuditPlan(settings: settings, calibration: saved)
        case (.some, .some): throw UsageError("give --residual-sd or --calibration, not both: each says what σ is")
        case (nil, nil): throw UsageError("--audit needs σ: --residual-sd σ, or --calibration FILE for each map's out-of-fold RMSE")
        }
    }
}
