import CalibrationData
public import CalibrationMaps
import DataFormats
import Foundation

extension CalibrationAuditPlan {
    /// The plan as plain text: the assumptions, then per dimension (or once, for a σ given) σ and the
    /// rows a pass and a fail need, or why none does. Names from the user's files are made visible.
    public func renderText() -> String {
        let s = settings
        let perAudit = s.alpha / Double(s.family)
        var out = [
            "Fresh labels for a transport audit: margin ±\(s.margin.plainText), α \(s.alpha.plainText) over \(s.family) "
                + "\(s.family == 1 ? "audit" : "audits") (\(perAudit.plainText) each), power \(ReportNumber.percent(s.power)), "
                + "at least \(s.minimumRows) rows"
        ]
        for d in dimensions {
            out.append("")
            let shifted = d.shiftedResidualSD.flatMap { sd in
                s.shiftShare < 1 ? " (\(ReportNumber.number(sd)) under a shift on \(ReportNumber.percent(s.shiftShare)) of the rows)" : nil
            } ?? ""
            let sd = "residual SD \(ReportNumber.number(d.residualSD))\(shifted), the map's own error \(ReportNumber.number(d.mapSD))"
            out.append(d.name.map { "\($0): \(sd) (the calibration's out-of-fold RMSE, and it over the square root of its rows)" } ?? sd)
            out.append("  " + passLine(d))
            if let shift = s.shift { out.append("  " + failLine(d, shift: shift)) }
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The plan as JSON: the settings and each dimension's σ and rows.
    public func renderJSON() throws -> String {
        String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self)
    }

    func passLine(_ d: Dimension) -> String {
        let at = "if the map's true mean residual is \(settings.bias.plainText)"
        if let n = d.rowsToPass { return "PASS with \(ReportNumber.percent(settings.power)) chance: \(n) fresh labelled rows \(at)" }
        if abs(settings.bias) >= settings.margin {
            return "PASS: no number of rows \(at): it is not inside the margin"
        }
        if d.mapSD > 0 { return "PASS: no number of rows reaches that chance \(at): the map's own error alone leaves it short" }
        return "PASS: more than \(Self.maximumRows) rows \(at)"
    }

    func failLine(_ d: Dimension, shift: Double) -> String {
        let at = "if the map's true mean residual is \(shift.plainText)"
        if let n = d.rowsToFail { return "FAIL with \(ReportNumber.percent(settings.power)) chance: \(n) fresh labelled rows \(at)" }
        if abs(shift) <= settings.margin {
            return "FAIL: no number of rows \(at): a shift within the margin is not a failure"
        }
        if d.mapSD > 0 { return "FAIL: no number of rows reaches that chance \(at): the map's own error alone leaves it short" }
        return "FAIL: more than \(Self.maximumRows) rows \(at)"
    }
}
