public import Calibration
import DataFormats

extension EstimationReport {
    /// The estimates as plain text for a terminal.
    ///
    /// Per dimension, the rows that went in, then each figure judge-only, experts-only and corrected side by
    /// side with its interval and rows, undefined figures with their reason. No colour codes.
    public func renderText() -> String {
        var out = headLines
        for d in dimensions {
            out.append("")
            out.append("\(d.name)" + (d.scale.map { " (scale \($0))" } ?? "") + ": " + Self.rowsLine(d.rows))
            if let v = d.versus { out.append("  run B: " + Self.rowsLine(v.rows)) }
            out.append(TextTable(columns: Self.tableHeader, rows: tableRows(d), rightAligned: [2]).rendered())
            out.append(contentsOf: Self.notes(d, stratified: d.name.lowercased() == judgeStratifiedBy?.lowercased()))
        }
        if let gates {
            out.append("")
            out.append(contentsOf: gates.map { "gate \($0.verdict.reason)" })
        }
        // Names come from runs, rubrics and label sheets: no control character of theirs reaches the terminal.
        return TerminalText.visible(out.joined(separator: "\n") + "\n")
    }

    /// The estimates as Markdown: the head, then a table per dimension, text escaped.
    public func renderMarkdown() -> String {
        var out = ["# " + HTMLEscaping.markdownCell(headLines[0]), ""] + headLines.dropFirst().map { HTMLEscaping.markdownCell($0) + "\n" }
        for d in dimensions {
            out.append("## \(HTMLEscaping.markdownCell(d.name))\n")
            out.append(HTMLEscaping.markdownCell(Self.rowsLine(d.rows)) + "\n")
            out.append(MarkdownTable(header: Self.tableHeader, rows: tableRows(d)).rendered)
            out.append(contentsOf: Self.notes(d, stratified: d.name.lowercased() == judgeStratifiedBy?.lowercased()).map { HTMLEscaping.markdownCell($0) + "\n" })
        }
        if let gates {
            out.append("## Gates\n")
            out.append(contentsOf: gates.map { "- **\($0.verdict.outcome.rawValue)**: " + HTMLEscaping.markdownCell($0.verdict.reason) })
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// The gates as test cases for a CI reporter, one per gate (``VerdictSuite``), in a suite named for `command`
    /// and the run; `nil` without gates, so that an estimate without one writes no reporter's file.
    public func verdictSuite(command: String) -> VerdictSuite? {
        guard let gates else { return nil }
        return VerdictSuite(
            name: "\(command) \(info.verdictSubject())",
            cases: gates.map { VerdictCase(name: $0.gate.phrase, classname: "judgecal.\(command)", verdict: $0.verdict, figure: nil) },
            properties: [.init("intervals", "\((level * 100).plainText)%")])
    }
}
