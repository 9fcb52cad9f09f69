import AgreementCoefficients
public import Calibration
import CalibrationData
import DataFormats
import Foundation
import StatisticsCore

extension PreferenceAlignment {
    /// The report as plain text for a terminal: counts, the three figures with their intervals,
    /// the judge × human table and the verdict.
    public func renderText() -> String {
        func figure(_ name: String, _ e: Estimate) -> String {
            "\(name): \(ReportNumber.withInterval(e, withReason: true)), n \(e.n)"
        }
        let names = PreferenceOutcome.allCases.map(\.rawValue)
        var table = TextTable(columns: ["judge \\ human"] + names + ["total"], rightAligned: [1, 2, 3, 4], ruled: true)
        for (i, name) in names.enumerated() {
            table.append([name] + (0..<3).map { String(agreement.table[i, $0]) } + [String(agreement.judgeCounts[i])])
        }
        table.append(["total"] + agreement.humanCounts.map(String.init) + [String(agreement.table.n)])
        let lines: [String] = [
            "preferences of \(TerminalText.visible(model)) on \(TerminalText.visible(run)) (\(rows) pairs, rubric "
                + "\(TerminalText.visible(rubric))), against \(labels) human labels",
            "judged in both orders: \(agreement.positionConsistency.n) pairs, \(failed) failed; \(inconsistentAsTies) changed with the order "
                + "and count as ties; \(agreement.table.excludedPairs) labels without a judge outcome left out",
        ] + (info.rowsNotInRunSentence.map { [$0] } ?? []) + [
            "",
            figure("win/tie/loss agreement", agreement.percentAgreement),
            figure(Self.statistic, agreement.kappa.kappa),
            figure("position consistency", agreement.positionConsistency),
            "",
            table.rendered(),
            "",
            "verdict: \(verdict.outcome.rawValue) — \(verdict.reason)",
        ]
        return lines.joined(separator: "\n")
    }

    /// The report as JSON (docs/FORMATS.md, "Preference alignment").
    public func renderJSON() throws -> String {
        String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self)
    }
}
