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
            out.append(contentsOf: Self.sentences(d).map { "  " + $0 })
            let bins = Self.binRows(d)
            if !bins.isEmpty {
                let indented = Self.binHeader.enumerated().map { $0 == 0 ? "  " + $1 : $1 }
                out.append(TextTable(columns: indented, rows: bins.map { ["  " + $0[0]] + $0.dropFirst() }, rightAligned: [1, 2, 3]).rendered())
            }
            let curve = Self.curveRows(d)
            if !curve.isEmpty {
                out.append("  coverage–risk (labelled rows, from the most confident down):")
                let indented = Self.curveHeader.enumerated().map { $0 == 0 ? "  " + $1 : $1 }
                out.append(TextTable(columns: indented, rows: curve.map { ["  " + $0[0]] + $0.dropFirst() }, rightAligned: [1, 2, 3, 4]).rendered())
            }
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

    /// The sentences under a dimension's outcome: the reason, the judge alone, the rows kept, the calibration, the rows left out.
    static func sentences(_ d: Dimension) -> [String] {
        var out = [d.verdict.reason]
        if let alone = d.judgeAloneAgreement {
            out.append("the judge alone agrees on \(ReportNumber.percent(alone)) of \(d.threshold.rows) labelled rows (experts: \(d.experts.reportName))")
        }
        if let kept = d.keptAgreement { out.append("on the labelled rows kept it agrees on \(ReportNumber.percent(kept))") }
        let c = d.calibration
        out.append("calibration: ECE \(ReportNumber.withInterval(c.expectedCalibrationError, withReason: true)), Brier \(ReportNumber.value(c.brierScore))")
        if let line = leftOutLine(d.leftOut) { out.append(line) }
        return out
    }

    static let binHeader = ["confidence", "rows", "mean confidence", "agreement"]

    /// The reliability table's non-empty bins.
    static func binRows(_ d: Dimension) -> [[String]] {
        d.calibration.bins.filter { $0.rows > 0 }.map { b in
            [binLabel(b), String(b.rows), ReportNumber.number(b.meanConfidence), ReportNumber.number(b.agreement)]
        }
    }

    static let curveHeader = ["threshold", "kept", "disagree", "risk bound", "certifiable α"]

    /// Up to ten points of the coverage–risk curve.
    static func curveRows(_ d: Dimension) -> [[String]] {
        curvePoints(d.threshold.candidates).map { p in
            [
                ReportNumber.number(p.threshold), String(p.kept), String(p.disagreements), ReportNumber.number(p.riskBound),
                ReportNumber.number(p.certifiableRisk),
            ]
        }
    }

    var headLine: String {
        var parts = ["Trust"]
        if let run = info.run { parts.append("run \(run)") }
        if let rubric = info.rubric { parts.append("rubric \(rubric)") }
        if let model = info.model { parts.append("judge \(model)") }
        return parts.joined(separator: ", ")
    }

    var guaranteeLine: String {
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
