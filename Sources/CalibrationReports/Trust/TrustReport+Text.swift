import Calibration
import CalibrationData
import DataFormats
import Foundation
import RunInference
public import SelectiveTrust
import StatisticsCore

extension TrustReport {
    /// The report as plain text for a terminal: the guarantee asked for, then per dimension the
    /// outcome with its reason, the threshold's coverage and agreement, the judge alone, the
    /// calibration with its reliability table, a coverage–risk curve of up to ten points, and the
    /// rows left out. No colour codes; names from the user's files are made visible.
    public func renderText() -> String {
        var out = [headLine, guaranteeLine]
        for d in dimensions {
            out.append("")
            let methods = d.methods.isEmpty ? "" : " (confidence: \(d.methods.map(\.rawValue).joined(separator: ", ")))"
            out.append("\(d.name)\(methods): \(d.verdict.outcome.rawValue)")
            out.append("  " + d.verdict.reason)
            if let alone = d.judgeAloneAgreement {
                out.append("  the judge alone agrees on \(ReportNumber.percent(alone)) of \(d.threshold.rows) labelled rows (experts: \(d.experts.reportName))")
            }
            if let kept = d.keptAgreement { out.append("  on the labelled rows kept it agrees on \(ReportNumber.percent(kept))") }
            let c = d.calibration
            out.append(
                "  calibration: ECE \(ReportNumber.withInterval(c.expectedCalibrationError, withReason: true)), Brier \(ReportNumber.value(c.brierScore))")
            let bins = c.bins.filter { $0.rows > 0 }
            if !bins.isEmpty {
                out.append(
                    TextTable(
                        columns: ["  confidence", "rows", "mean confidence", "agreement"],
                        rows: bins.map { b in
                            ["  " + Self.binLabel(b), String(b.rows), ReportNumber.number(b.meanConfidence), ReportNumber.number(b.agreement)]
                        }, rightAligned: [1, 2, 3]
                    ).rendered())
            }
            let curve = Self.curvePoints(d.threshold.candidates)
            if !curve.isEmpty {
                out.append("  coverage–risk (labelled rows, from the most confident down):")
                out.append(
                    TextTable(
                        columns: ["  threshold", "kept", "disagree", "risk bound", "certifiable α"],
                        rows: curve.map { p in
                            [
                                "  " + ReportNumber.number(p.threshold), String(p.kept), String(p.disagreements),
                                ReportNumber.number(p.riskBound), ReportNumber.number(p.certifiableRisk),
                            ]
                        }, rightAligned: [1, 2, 3, 4]
                    ).rendered())
            }
            if let line = Self.leftOutLine(d.leftOut) { out.append("  " + line) }
        }
        if let outside = info.rowsNotInRunSentence { out.append(""); out.append(outside) }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The report as JSON: the worst outcome, then the report (every candidate of the coverage–risk
    /// curve, every bin).
    public func renderJSON() throws -> String {
        struct Document: Encodable {
            var outcome: TrustOutcome
            var trust: TrustReport
        }
        return String(decoding: try JSONEncoder.report.encode(Document(outcome: outcome, trust: self)), as: UTF8.self)
    }

    private var headLine: String {
        var parts = ["Trust"]
        if let run = info.run { parts.append("run \(run)") }
        if let rubric = info.rubric { parts.append("rubric \(rubric)") }
        if let model = info.model { parts.append("judge \(model)") }
        return parts.joined(separator: ", ")
    }

    private var guaranteeLine: String {
        let agreement = settings.agreement == .exact ? "the same level" : "levels within one"
        return "Kept rows disagree with the experts (\(agreement)) on at most \(ReportNumber.percent(settings.risk)) of them, "
            + "with probability \(ReportNumber.percent(1 - settings.error)); a threshold keeps at least \(settings.minimumKept) labelled rows."
    }

    /// "(0.8, 0.9]", the first bin "[0, 0.1]".
    static func binLabel(_ b: ConfidenceCalibration.Bin) -> String {
        // The edges are k × (1/bins), as scikit-learn's: 6 × 0.1 is 0.6000000000000001, written 0.6.
        let edge = { (x: Double) in ((x * 1e9).rounded() / 1e9).plainText }
        return (b.lower == 0 ? "[0" : "(\(edge(b.lower))") + ", \(edge(b.upper))]"
    }

    /// Up to ten candidates spread evenly over the curve, its first and last among them.
    static func curvePoints(_ candidates: [TrustThreshold.Candidate]) -> [TrustThreshold.Candidate] {
        guard candidates.count > 10 else { return candidates }
        let last = candidates.count - 1
        return (0..<10).map { candidates[($0 * last) / 9] }
    }

    static func leftOutLine(_ l: LeftOut) -> String? {
        let parts = [
            (l.workedExamples, "worked examples"), (l.noExpertLevel, "raters' majority tied"), (l.noJudgeScore, "no judge score"),
            (l.noConfidence, "no confidence"),
        ].filter { $0.0 > 0 }.map { "\($0.1) \($0.0)" }
        return parts.isEmpty ? nil : "left out of the labelled rows: " + parts.joined(separator: ", ")
    }
}
