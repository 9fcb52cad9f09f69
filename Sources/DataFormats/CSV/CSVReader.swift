public import Foundation

/// Reads comma-separated values (RFC 4180) into a ``RecordTable``.
///
/// - The first record is the header naming the columns; names must be
///   distinct. A UTF-8 byte-order mark before it is skipped.
/// - Fields may be quoted with `"`; a quoted field may hold separators, line
///   breaks and doubled quotes (`""` for one `"`). Records end with LF, CRLF or
///   a lone CR.
/// - Every record must have as many fields as the header. A line with no
///   characters at all is not a record (as in pandas and R's `read.csv`), so a
///   one-column file writes a missing value as `""`.
/// - The text must be UTF-8.
///
/// Parsing works on bytes, not `Character`s, and builds a `String` per field
/// only; a million rows of a few fields read in about a second in a release build.
public struct CSVReader: Sendable {
    /// The field separator: `,` for CSV, a tab for TSV.
    public let separator: UInt8

    /// A reader splitting fields on `separator`.
    ///
    /// - Precondition: the separator is an ASCII character other than `"`, CR and LF.
    public init(separator: Unicode.Scalar = ",") {
        precondition(
            separator.isASCII && !"\"\r\n".unicodeScalars.contains(separator), "the separator must be ASCII and not a quote or line break")
        self.separator = UInt8(separator.value)
    }

    /// Parses a whole file's bytes.
    ///
    /// - Parameter file: the file's name as the user gave it, for errors.
    /// - Throws: ``InputError`` with file, line and (character) column: an
    ///   unterminated quoted field (where it starts), a quote inside an
    ///   unquoted field, text after a closing quote, a row with the wrong number
    ///   of fields, a repeated column name, an empty file, text that is not UTF-8.
    public func read(_ data: Data, file: String) throws(InputError) -> RecordTable {
        let result = data.withUnsafeBytes { raw in
            var parser = CSVParser(bytes: raw.bindMemory(to: UInt8.self), separator: separator, file: file)
            return Result { () throws(InputError) in try parser.parse() }
        }
        return try result.get()
    }
}

/// One pass over a CSV file's bytes.
private struct CSVParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    let file: String
    var i = 0
    var line = 1
    var lineStart = 0

    static let quote = UInt8(ascii: "\"")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    init(bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, file: String) {
        self.bytes = bytes
        self.separator = separator
        self.file = file
    }

    mutating func parse() throws(InputError) -> RecordTable {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
            var badLine = 1
            var badLineStart = 0
            for j in 0..<bad where bytes[j] == Self.lf || (bytes[j] == Self.cr && bytes[j + 1] != Self.lf) {
                badLine += 1
                badLineStart = j + 1
            }
            throw error(
                "the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) is not UTF-8; save the file as UTF-8",
                line: badLine, lineStart: badLineStart, at: bad)
        }
        var fields: [String] = []
        var table: RecordTable?
        var width = 0
        while let rowLine = try nextRecord(into: &fields) {
            guard table != nil else {
                table = try header(fields, line: rowLine)
                width = fields.count
                continue
            }
            guard fields.count == width else {
                throw InputError(
                    file: file, line: rowLine,
                    message: "this row has \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header has \(width) columns")
            }
            table?.append(fields, line: rowLine)
        }
        guard let table else {
            throw InputError(file: file, line: 1, message: "the file is empty; expected a header row naming the columns")
        }
        return table
    }

    private func header(_ names: [String], line: Int) throws(InputError) -> RecordTable {
        var seen: [String: Int] = [:]
        for (position, name) in names.enumerated() {
            if let earlier = seen[name] {
                throw InputError(
                    file: file, line: line, column: name,
                    message: "the column name '\(name)' appears twice in the header (columns \(earlier + 1) and \(position + 1))")
            }
            seen[name] = position
        }
        return RecordTable(file: file, columns: names)
    }

    /// The 1-based character column of byte offset `offset` on the current line.
    private func column(of offset: Int, from start: Int) -> Int {
        var c = 1
        var j = start
        while j < offset {
            if bytes[j] & 0xC0 != 0x80 { c += 1 }
            j += 1
        }
        return c
    }

    private func error(_ message: String, line: Int, lineStart: Int, at offset: Int) -> InputError {
        InputError(file: file, line: line, column: String(column(of: offset, from: lineStart)), message: message)
    }

    /// Reads the next record's fields into `fields`.
    ///
    /// Returns the line the record starts on, or `nil` at the end of the file.
    /// Lines with no characters are skipped.
    mutating func nextRecord(into fields: inout [String]) throws(InputError) -> Int? {
        fields.removeAll(keepingCapacity: true)
        while i < bytes.count, bytes[i] == Self.lf || bytes[i] == Self.cr {
            endLine()
        }
        guard i < bytes.count else { return nil }
        let recordLine = line
        while true {
            fields.append(try field())
            guard i < bytes.count else { return recordLine }
            if bytes[i] == separator {
                i += 1
            } else {
                endLine()
                return recordLine
            }
        }
    }

    /// Steps over one line break (LF, CRLF or CR) at `i`.
    private mutating func endLine() {
        if bytes[i] == Self.cr, i + 1 < bytes.count, bytes[i + 1] == Self.lf { i += 1 }
        i += 1
        line += 1
        lineStart = i
    }

    /// One field, quoted or not, leaving `i` on the separator, line break or end.
    private mutating func field() throws(InputError) -> String {
        guard i < bytes.count, bytes[i] == Self.quote else { return try unquoted() }
        let openLine = line
        let openLineStart = lineStart
        let open = i
        i += 1
        var segmentStart = i
        var unescaped: [UInt8] = []
        var highBits: UInt8 = 0
        while true {
            while i < bytes.count, bytes[i] != Self.quote {
                let b = bytes[i]
                highBits |= b
                if b == Self.lf || (b == Self.cr && (i + 1 == bytes.count || bytes[i + 1] != Self.lf)) {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
            guard i < bytes.count else {
                throw error(
                    "an unterminated quoted field starting at line \(openLine), column \(column(of: open, from: openLineStart)); close it with \" (a quote inside a field is written \"\")",
                    line: openLine, lineStart: openLineStart, at: open)
            }
            if i + 1 < bytes.count, bytes[i + 1] == Self.quote {
                unescaped.append(contentsOf: bytes[segmentStart...i])
                i += 2
                segmentStart = i
                continue
            }
            let closing = i
            i += 1
            if i < bytes.count, bytes[i] != separator, bytes[i] != Self.lf, bytes[i] != Self.cr {
                throw error(
                    "text after the closing quote of a quoted field; a quote inside a field is written \"\" and the whole field quoted",
                    line: line, lineStart: lineStart, at: i)
            }
            if unescaped.isEmpty {
                return try text(UnsafeBufferPointer(rebasing: bytes[segmentStart..<closing]), ascii: highBits < 0x80, line: openLine)
            }
            unescaped.append(contentsOf: bytes[segmentStart..<closing])
            return try unescaped.withUnsafeBufferPointer { buffer throws(InputError) in
                try text(buffer, ascii: highBits < 0x80, line: openLine)
            }
        }
    }

    private mutating func unquoted() throws(InputError) -> String {
        let start = i
        var highBits: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == separator || b == Self.lf || b == Self.cr { break }
            if b == Self.quote {
                throw error(
                    "a quote inside an unquoted field; quote the whole field and double the quote (\"\")",
                    line: line, lineStart: lineStart, at: i)
            }
            highBits |= b
            i += 1
        }
        return try text(UnsafeBufferPointer(rebasing: bytes[start..<i]), ascii: highBits < 0x80, line: line)
    }

    private func text(_ buffer: UnsafeBufferPointer<UInt8>, ascii: Bool, line: Int) throws(InputError) -> String {
        if ascii { return String(decoding: buffer, as: UTF8.self) }
        guard let s = String(validating: buffer, as: UTF8.self) else {
            throw InputError(file: file, line: line, message: "the text is not valid UTF-8; save the file as UTF-8")
        }
        return s
    }
}
