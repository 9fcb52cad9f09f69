import Calibration
import CalibrationData
import DataFormats
import Foundation
public import SelectiveTrust

extension TrustCascade {
    /// The cascade as plain text: the guarantee, then per dimension the outcome with its reason and each
    /// judge's stage as ``TrustReport/renderText()`` words a dimension.
    public func renderText() -> String {
        var out = [
            "Trust through a cascade of \(judges.count) judges: \(judges.joined(separator: ", "))",
            "Kept rows disagree with the experts (\(settings.agreement == .exact ? "the same level" : "levels within one")) on at most "
                + "\(ReportNumber.percent(settings.risk)) of them, with probability \(ReportNumber.percent(1 - stageError * Double(judges.count))); "
                + "each stage is tested at error \(ReportNumber.number(stageError)) on the rows the earlier stages did not keep.",
        ]
        for d in dimensions {
            out.append("")
            out.append("\(d.name): \(d.verdict.outcome.rawValue)")
            out.append("  " + d.verdict.reason)
            for (k, stage) in d.stages.enumerated() {
                out.append("  stage \(k + 1), \(stage.judge): \(stage.trust.verdict.outcome.rawValue); kept \(stage.keptRun) rows of the run")
                out.append(contentsOf: TrustReport.sentences(stage.trust).map { "    " + $0 })
            }
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The cascade as JSON: the worst outcome, then the cascade (every stage's whole trust report).
    public func renderJSON() throws -> String {
        struct Document: Encodable {
            var outcome: TrustOutcome
            var cascade: TrustCascade
        }
        return String(decoding: try JSONEncoder.report.encode(Document(outcome: outcome, cascade: self)), as: UTF8.self)
    }
}
