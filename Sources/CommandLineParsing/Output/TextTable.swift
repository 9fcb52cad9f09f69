/// Rows of text laid out in aligned columns for a terminal, with a header
/// row; numbers-like columns are right-aligned.
public struct TextTable: Sendable, Hashable {
    /// The column titles.
    public var columns: [String]
    /// The rows, one cell per column.
    public var rows: [[String]]
    /// Which columns are right-aligned (numbers).
    public var rightAligned: Set<Int>

    /// Creates a table.
    ///
    /// - Precondition: every row has one cell per column.
    public init(columns: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        precondition(rows.allSatisfy { $0.count == columns.count }, "every row needs one cell per column")
        self.columns = columns
        self.rows = rows
        self.rightAligned = rightAligned
    }

    /// The table as lines joined by newlines, columns separated by two spaces,
    /// the header styled with `style` (bold on a terminal).
    public func rendered(style: TextStyle) -> String {
        let widths = columns.indices.map { c in
            ([columns[c]] + rows.map { $0[c] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - cells[c].count)
                return rightAligned.contains(c) ? pad + cells[c] : cells[c] + (c == cells.count - 1 ? "" : pad)
            }.joined(separator: "  ")
        }
        return ([style.bold(line(columns))] + rows.map(line)).joined(separator: "\n")
    }
}
