import CalibrationMaps
import DataFormats

/// `audit`'s and `plan --audit`'s words for their settings' errors and notes, naming the options that set them.
enum AuditMessages {
    static func message(for error: CalibrationAuditSettingsError) -> String {
        switch error {
        case .margin(let x): "--margin \(x.plainText): the margin is a positive number on the experts' scale (the mean residual is tested against ±δ)"
        case .alpha(let x): "--alpha \(x.plainText): a level between 0 and 1"
        case .family(let m): "--family \(m): at least 1 audit"
        case .minimumRows(let n): "--min-rows \(n): at least 2"
        case .bins(let b): "--bins \(b): at least 1"
        }
    }

    static func message(for error: CalibrationAuditError) -> String? {
        switch error {
        case .familyTooSmall(let m, let audited):
            "--family \(m) is fewer than the \(audited) audits this command decides; --family counts every audit decided together"
        default: nil
        }
    }

    static func message(for error: CalibrationAuditPlanError) -> String {
        switch error {
        case .power(let p): "--power \(p.plainText): a chance between 0 and 1"
        case .residualSD(let s): "--residual-sd \(s.plainText): a finite number, 0 or more"
        case .notFinite: "--bias and --shift are finite numbers"
        }
    }

    /// The note when no margin was declared.
    static let notGraded = "no --margin: the audits are not graded, and the exit is 0 whatever the residuals; declare --margin δ to gate on them"
}
