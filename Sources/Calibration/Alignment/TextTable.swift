import AgreementStatistics
import Foundation

/// Plain-text layout for terminal reports.
///
/// Left-aligned columns padded to their widest cell, and the number formats
/// every report shares. No colour:
/// the command-line tool adds it.
struct TextTable {
    private var rows: [[String]]

    /// A table with a header row.
    init(header: [String]) {
        rows = [header]
    }

    /// Appends a row of cells.
    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The table, one line per row, columns two spaces apart, trailing spaces trimmed.
    var rendered: String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (c, cell) in row.enumerated() {
                line += cell
                if c < row.count - 1 { line += String(repeating: " ", count: widths[c] - cell.count + 2) }
            }
            return line
        }.joined(separator: "\n")
    }

    /// A value to three decimals, or "—" when undefined.
    static func number(_ x: Double?) -> String {
        guard let x else { return "—" }
        return String(format: "%.3f", x)
    }

    /// A score: an integer as such ("3"), anything else to three decimals ("2.667").
    static func score(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : number(x)
    }

    /// An estimate's value, or "—".
    static func value(_ e: Estimate) -> String {
        number(e.value)
    }

    /// "0.712 [0.551, 0.873]", the value alone without an interval, or "— (reason)"
    /// when `withReason` and undefined.
    static func withInterval(_ e: Estimate, withReason: Bool = false) -> String {
        guard let v = e.value else {
            return withReason ? "— (\(e.undefinedReason?.message ?? "no value"))" : "—"
        }
        guard let ci = e.interval else { return number(v) }
        return "\(number(v)) [\(number(ci.lower)), \(number(ci.upper))]"
    }
}
