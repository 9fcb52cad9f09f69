public import Calibration
import CalibrationData
import DataFormats
import StatisticsCore

extension JudgeTable {
    /// The table as plain text for a terminal.
    ///
    /// Under the head, what the multiplier and token columns mean and whose tokens are unknown; per
    /// dimension every judge's and panel's n, failures, verdict statistic with its interval and verdict,
    /// whether it could replace a rater (the alternative annotator test's winning rate ω, "passes" at
    /// ω ≥ 0.5, or "—" when refused), its label multiplier with its interval and calibrated R², its
    /// tokens per row (``JudgeTokens``), the panels not formed, and the ranking on the common rows with
    /// the differences from the best and their raw and Holm-adjusted p-values; then each judge's and
    /// panel's own report (``AlignmentReport/renderText()``). Every control character from the data is
    /// shown by ``TerminalText/visible(_:)``.
    public func renderText() -> String {
        var out = headLines + noteLines
        for d in dimensions {
            out += ["", "## \(d.name)"]
            var table = TextTable(columns: tableHeader, rightAligned: [1, 2])
            tableRows(d).forEach { table.append($0) }
            out.append(table.rendered())
            out += notes(d)
            out.append(contentsOf: d.ranking.textLines(header: rankingHeader))
        }
        for entry in judges {
            guard let report = reports[entry.name] else { continue }
            out += ["", "════ \(entry.panel == nil ? "judge" : "panel") \(entry.name)" + (entry.file.map { " (\($0))" } ?? ""), ""]
            out.append(report.renderText())
        }
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }
}

extension JudgeTable.Ranking {
    /// The ranking's lines: how many common rows, the test, one line per entry, and the panels left out.
    func textLines(header: [String]) -> [String] {
        var lines = [commonRowsLine]
        if let reason = undefinedReason {
            return lines + ["  none: \(reason.message)"]
        }
        lines.append("  \(test)")
        var table = TextTable(columns: header, rightAligned: [0, 2, 4, 5])
        rows.forEach { table.append($0) }
        lines.append(table.rendered())
        return lines + leftOutLines
    }
}
