import DataFormats

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

    /// The table as aligned plain text, for a terminal: titles, a rule, and
    /// the rows, cells longer than 60 characters cut.
    public func rendered() -> String {
        TextTable(
            columns: columns, rows: rows.map { $0.map(\.description) }, ruled: true, maximumCellWidth: 60
        ).rendered()
    }
}

private func format4(_ d: Double) -> String {
    let scaled = (d * 10_000).rounded() / 10_000
    return String(scaled)
}
