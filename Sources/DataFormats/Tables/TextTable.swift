/// Rows of text laid out in aligned columns for a terminal or a plain-text
/// report: the one table layout of the package.
///
/// Columns are two spaces apart and as wide as their widest cell; a
/// right-aligned column (numbers) is padded on the left; trailing spaces are
/// trimmed from every line. A row with fewer cells than there are columns is
/// laid out as if the missing cells were empty.
public struct TextTable: Sendable, Hashable {
    /// The column titles, the table's first line.
    public var columns: [String]
    /// The rows, one cell per column.
    public var rows: [[String]]
    /// Which columns are right-aligned (numbers), by position.
    public var rightAligned: Set<Int>
    /// Whether a line of dashes, one per column, separates the titles from the rows.
    public var ruled: Bool
    /// Cells longer than this many characters are cut, ending in "...".
    public var maximumCellWidth: Int?

    /// Creates a table.
    public init(
        columns: [String],
        rows: [[String]] = [],
        rightAligned: Set<Int> = [],
        ruled: Bool = false,
        maximumCellWidth: Int? = nil
    ) {
        self.columns = columns
        self.rows = rows
        self.rightAligned = rightAligned
        self.ruled = ruled
        self.maximumCellWidth = maximumCellWidth
    }

    /// Appends a row.
    public mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The table as lines joined by newlines.
    ///
    /// - Parameter header: applied to the titles' line once laid out (bold on
    ///   a terminal); the identity by default.
    public func rendered(header: (String) -> String = { $0 }) -> String {
        let body = rows.map { row in row.map(cut) }
        let count = max(columns.count, body.map(\.count).max() ?? 0)
        let widths = (0..<count).map { c in
            ([columns] + body).map { c < $0.count ? $0[c].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = (0..<count).map { c in
                let cell = c < cells.count ? cells[c] : ""
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return rightAligned.contains(c) ? pad + cell : cell + pad
            }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [header(line(columns))]
        if ruled { lines.append(line(widths.map { String(repeating: "-", count: $0) })) }
        return (lines + body.map(line)).joined(separator: "\n")
    }

    private func cut(_ cell: String) -> String {
        guard let maximumCellWidth, cell.count > maximumCellWidth else { return cell }
        return String(cell.prefix(max(0, maximumCellWidth - 3))) + "..."
    }
}
