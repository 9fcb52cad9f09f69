import Foundation

/// Writes comma-separated values (RFC 4180) that ``CSVReader`` and
/// spreadsheets read back unchanged.
///
/// A field is quoted only when it must be: when it holds the separator, a
/// quote (written doubled), a CR or an LF, or when it is empty in a one-column
/// row (an empty line would not be a record).
public struct CSVWriter: Sendable {
    /// The field separator.
    public let separator: Character
    /// The record terminator: `"\n"` by default, `"\r\n"` for RFC 4180's CRLF.
    public let lineEnding: String
    /// The separator's UTF-8 bytes.
    private let separatorBytes: [UInt8]

    /// A writer with the given separator and line ending.
    public init(separator: Character = ",", lineEnding: String = "\n") {
        self.separator = separator
        self.lineEnding = lineEnding
        separatorBytes = Array(String(separator).utf8)
    }

    /// One field, quoted if needed.
    ///
    /// Looked for, and quotes doubled, as bytes, as a reader splits them: a quote or separator that
    /// Unicode joins to a combining mark after it (`",\u{301}"` is one `Character`, not a comma)
    /// still makes the field quoted, and such a quote is still doubled.
    public func field(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D } || text.utf8.firstRange(of: separatorBytes) != nil
        guard needsQuotes else { return text }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        quoted.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            quoted.append(byte)
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
        }
        quoted.append(UInt8(ascii: "\""))
        return String(decoding: quoted, as: UTF8.self)
    }

    /// A cell of untrusted text (a response, a rationale, an expert's note)
    /// made inert for a spreadsheet: prefixed with `'` when it begins with
    /// `=`, `+`, `-` or `@` (which a spreadsheet runs as a formula, such as
    /// `=HYPERLINK(…)` or `@SUM(…)`), a tab or a CR (which some strip before
    /// looking), or `'` itself (so that the prefix is always reversible).
    ///
    /// A plain decimal number (`-2`, `+0.5`, `-1e3`: a sign, digits, at most
    /// one point, an exponent) is left as it is, so a number is never changed:
    /// a spreadsheet reads it as a number, not a formula, and a reader parses
    /// it as written. ``spreadsheetOriginal(_:)`` undoes the prefix:
    /// `spreadsheetOriginal(spreadsheetSafe(x)) == x` for every `x`, including
    /// text that begins with `'`.
    public static func spreadsheetSafe(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaPrefixes.contains(first), !isPlainNumber(text) else {
            return text
        }
        return "'" + text
    }

    /// Whether `text` is `[+-]?(digits[.digits?] | .digits)([eE][+-]?digits)?` and nothing else.
    private static func isPlainNumber(_ text: String) -> Bool {
        var scalars = text.unicodeScalars[...]
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        var mantissa = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }

    /// The text a ``spreadsheetSafe(_:)`` cell was made from: one leading `'`
    /// removed when a formula prefix or another `'` follows it; any other cell
    /// as it is.
    public static func spreadsheetOriginal(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, formulaPrefixes.contains(second) else {
            return cell
        }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    /// The first characters that make a cell a formula, or that a prefix protects.
    private static let formulaPrefixes: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// One record with its line ending.
    public func record<Fields: Sequence<String>>(_ fields: Fields) -> String {
        let written = fields.map(field)
        if written == [""] { return "\"\"" + lineEnding }
        return written.joined(separator: String(separator)) + lineEnding
    }

    /// A whole table: the header, then each row.
    public func document(_ table: RecordTable) -> String {
        var out = record(table.columns)
        for r in 0..<table.rowCount { out += record(table.row(r)) }
        return out
    }
}
