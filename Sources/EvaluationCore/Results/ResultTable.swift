/// A small table of named columns, for the summary and per-sample views of a
/// result (TabularData's `DataFrame` does not exist on Linux).
public struct ResultTable: Sendable, Hashable, Codable {
    /// One cell.
    public enum Cell: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A number.
        case number(Double)
        /// Text.
        case text(String)
        /// No value, with the reason.
        case missing(String)

        public var description: String {
            switch self {
            case .number(let d):
                d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(format4(d))
            case .text(let s): s
            case .missing: "—"
            }
        }

        /// The number, if this cell holds one.
        public var number: Double? {
            if case .number(let d) = self { return d }
            return nil
        }
    }

    /// The column names.
    public var columns: [String]
    /// The rows, each with one cell per column.
    public var rows: [[Cell]]

    /// Creates a table.
    public init(columns: [String], rows: [[Cell]] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// The cells of the named column, or `nil` when there is no such column.
    public subscript(column name: String) -> [Cell]? {
        guard let i = columns.firstIndex(of: name) else { return nil }
        return rows.map { $0[i] }
    }

    /// The table as aligned plain text, for a terminal.
    public func rendered() -> String {
        let body = rows.map {
            $0.map { cell -> String in
                let text = cell.description
                return text.count > 60 ? String(text.prefix(57)) + "..." : text
            }
        }
        var widths = columns.map(\.count)
        for row in body {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }
                .joined(separator: "  ")
                .trimmingTrailingSpaces()
        }
        var out = [line(columns), line(widths.map { String(repeating: "-", count: $0) })]
        out += body.map(line)
        return out.joined(separator: "\n")
    }
}

private func format4(_ d: Double) -> String {
    let scaled = (d * 10_000).rounded() / 10_000
    return String(scaled)
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
