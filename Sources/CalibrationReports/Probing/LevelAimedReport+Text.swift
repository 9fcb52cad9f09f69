import CalibrationData
import DataFormats
import Foundation
public import JudgeProbes
import StatisticsCore

extension LevelAimedReport {
    /// The report as plain text for a terminal: per dimension, each level's responses written, kept and
    /// scored with the judge's mean score, the confusion table (rows the level aimed at, columns the judge's
    /// score), and the agreement figures; names from the run and the rubric made visible (``TerminalText``).
    public func renderText() -> String {
        var out = [
            TerminalText.visible(
                "responses at each level on \(run) with \(rubric): \(rows) rows, written by \(generator) into \(field), judged by \(model)"),
            TerminalText.visible(
                validator.map { "kept: those the validation judge \($0) scored at the level aimed at" }
                    ?? "kept: every readable response (no validation judge: each is aimed at its level, not checked to be there)"),
        ]
        for d in dimensions {
            out.append("")
            var levels = TextTable(
                columns: ["level aimed at", "asked", "unreadable", "rejected", "kept", "scored", "judge's mean"],
                rightAligned: [1, 2, 3, 4, 5, 6], ruled: true)
            for level in d.levels {
                levels.append([
                    TerminalText.visible(level.label), String(level.asked), String(level.unreadable), String(level.rejected),
                    String(level.kept), String(level.scored), ReportNumber.number(level.meanScore),
                ])
            }
            out.append(TerminalText.visible(d.dimension) + ":")
            out.append(levels.rendered())
            var confusion = TextTable(
                columns: ["aimed \\ scored"] + d.levelLabels.map(TerminalText.visible), rightAligned: Set(1...d.levelLabels.count),
                ruled: true)
            for (label, counts) in zip(d.levelLabels, d.confusion) { confusion.append([TerminalText.visible(label)] + counts.map(String.init)) }
            out.append(confusion.rendered())
            out.append(
                "scored at the level aimed at: \(ReportNumber.withInterval(d.exactAgreement)); quadratic-weighted kappa, aimed against "
                    + "scored: \(ReportNumber.withInterval(d.quadraticKappa))"
                    + (d.scoresRounded > 0 ? "; \(d.scoresRounded) scores between levels placed at the nearest" : ""))
            if d.fewRowsForInterval, d.quadraticKappa.interval != nil {
                out.append(
                    "note: the kappa's interval rests on \(d.rowsScored) \(d.rowsScored == 1 ? "row" : "rows"), fewer than "
                        + "\(LevelAimedDimension.fewRows): it covers somewhat less than its level there, expanded as it is "
                        + "(docs/PROBES.md, \"Does the interval cover?\"); write responses for more rows")
            }
        }
        return out.joined(separator: "\n")
    }

    /// The report as JSON (schema in docs/FORMATS.md).
    public func renderJSON() throws -> String {
        String(decoding: try JSONEncoder.report.encode(self), as: UTF8.self)
    }
}
