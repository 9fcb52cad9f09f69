/// A Markdown (GitHub) table whose cells are escaped with ``HTMLEscaping/markdownCell(_:)``.
struct MarkdownTable {
    var header: [String]
    var rows: [[String]]

    /// The table's lines, ending in a blank line.
    var rendered: String {
        let line = { (cells: [String]) in "| " + cells.map(HTMLEscaping.markdownCell).joined(separator: " | ") + " |" }
        return ([line(header), "|" + String(repeating: " --- |", count: header.count)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
