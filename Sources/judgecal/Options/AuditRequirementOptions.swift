import CalibrationData
import CalibrationMaps
import CommandLineParsing
import DataFormats
import Foundation

/// `--require-audited`, declared once for `estimate`, `trust` and `align`: a calibration's last transport audit,
/// read from the history, warned on when it failed and required to have passed with the flag (docs/CALIBRATION-MAPS.md).
enum AuditRequirementOptions {
    static let requireAudited = Flag(
        "require-audited", help: "Refuse unless the judge's calibration passed its last audit in the history (judgecal audit).")

    /// Warns when `standing`'s last audit failed; with `--require-audited`, refuses unless it passed, and refuses
    /// a judge with no calibration in the history at `history`.
    static func check(_ standing: CalibrationStanding?, history: String, _ arguments: ParsedArguments, console: Console) throws {
        guard let standing else {
            if arguments[requireAudited] {
                throw UsageError(
                    "--require-audited: \(history) holds no calibration of this judge and rubric; fit one with judgecal calibrate and audit it")
            }
            return
        }
        if arguments[requireAudited] { try standing.requirePassedAudit() }
        if let warning = standing.warning { console.printNote("warning: " + warning) }
    }

    /// ``check(_:history:_:console:)`` for the judge `judge` gives with the rubric `rubricText`: the history's
    /// newest calibration of them, `judge` asked only when the history holds a calibration (`CalibrationStanding.newest`).
    static func check(
        judge: () throws -> JudgeIdentity, rubricText: Data, history: String, _ arguments: ParsedArguments, console: Console
    ) throws {
        let standing = try CalibrationStanding.newest(
            judge: judge, rubricTextHash: SHA256.hexDigest(of: Array(rubricText)), historyAt: URL(fileURLWithPath: history))
        try check(standing, history: history, arguments, console: console)
    }
}
