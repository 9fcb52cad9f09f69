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
/// Parsing works on bytes (``DelimitedScanner``): ``read(_:file:)`` builds a
/// `String` per field for a ``RecordTable``; ``forEachRow(in:file:header:row:)``
/// hands each row's fields over as bytes and reads a file in chunks, for
/// callers that count or convert fields as they go.
public struct CSVReader: ParallelRecordStreaming, Sendable {
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
        var table: RecordTable?
        var fields: [String] = []
        try forEachRow(in: .data(data), file: file) { columns throws(InputError) in
            table = RecordTable(file: file, columns: columns)
        } row: { record throws(InputError) in
            fields.removeAll(keepingCapacity: true)
            for f in 0..<record.count { fields.append(record.text(f)) }
            table?.append(fields, line: record.line)
        }
        guard let table else { preconditionFailure("forEachRow returns only after a header") }
        return table
    }

    /// Reads a file record by record, with memory that does not grow with it:
    /// the header's names, then every row's fields as bytes.
    ///
    /// A file source is read in chunks; a record is handed over whole once its
    /// last byte is read, so a quoted field may span chunks. Each chunk is
    /// checked to be UTF-8 before its records are, so an error names the first
    /// problem of the first chunk that has one.
    ///
    /// - Parameters:
    ///   - source: the bytes, in memory or in a file.
    ///   - file: the file's name as the user gave it, for errors.
    ///   - header: receives the column names (distinct, checked).
    ///   - row: receives each row, which has one field per column (checked);
    ///     the record is valid only during the call.
    /// - Throws: ``InputError`` as ``read(_:file:)`` describes, or what the closures throw.
    public func forEachRow(
        in source: ByteSource, file: String, header: ([String]) throws(InputError) -> Void,
        row: (DelimitedRecord) throws(InputError) -> Void
    ) throws(InputError) {
        let read = try records(
            in: source, range: nil, file: file, startsFile: true, endsFile: true, width: nil, header: header, row: row)
        guard read.width != nil else {
            throw InputError(file: file, line: 1, message: "the file is empty; expected a header row naming the columns")
        }
    }

    /// The column names of a file's header, reading nothing after it.
    ///
    /// - Parameter file: the file's name as the user gave it, for errors.
    /// - Throws: ``InputError`` as ``forEachRow(in:file:header:row:)`` throws it for the header
    ///   (malformed, a repeated name, not UTF-8, an empty file).
    public func columns(in source: ByteSource, file: String) throws(InputError) -> [String] {
        var names: [String]?
        do {
            try forEachRow(in: source, file: file) { header throws(InputError) in
                names = header
                throw ReadingParallelism.stopped
            } row: { _ in
            }
        } catch {
            guard let names else { throw error }
            return names
        }
        guard let names else { preconditionFailure("forEachRow returns only after a header") }
        return names
    }

    /// The records of a file, or of one stretch of it, read window by window:
    /// the core of ``forEachRow(in:file:header:row:)`` and of the parallel reading.
    ///
    /// - Parameters:
    ///   - source: the bytes.
    ///   - range: the stretch of them to read, all when `nil`.
    ///   - startsFile: whether the stretch starts the file, so may start with a byte-order mark.
    ///   - endsFile: whether it ends the file; otherwise its last record must end at its end.
    ///   - width: the header's width when the stretch has no header (`nil`: its first record is the header).
    /// - Returns: the header's width, and whether the stretch ended at the end of a record
    ///   (always `true` when it ends the file).
    func records(
        in source: ByteSource, range: Range<Int>?, file: String, startsFile: Bool, endsFile: Bool, width: Int?,
        header: ([String]) throws(InputError) -> Void,
        row: (DelimitedRecord) throws(InputError) -> Void
    ) throws(InputError) -> (width: Int?, endsWhole: Bool) {
        let scanner = DelimitedScanner(separator: separator, file: file)
        var width = width
        var validated = 0
        var started = !startsFile
        var endsWhole = endsFile
        try source.withWindows(range: range) { bytes, count, atEnd throws(InputError) in
            if !started {
                guard count >= UTF8Validation.byteOrderMark.count || atEnd else { return 0 }
                scanner.skipByteOrderMark(UnsafeBufferPointer(start: bytes, count: count))
                started = true
            }
            let consumed = try scanner.records(bytes, count: count, atEnd: atEnd && endsFile, validated: &validated) {
                line throws(InputError) in
                try scanner.withRecord(line: line) { record throws(InputError) in
                    if let width {
                        try Self.checkWidth(record, width: width, file: file)
                        try row(record)
                    } else {
                        let names = (0..<record.count).map(record.text)
                        try Self.checkDistinct(names, file: file, line: line)
                        width = names.count
                        try header(names)
                    }
                }
            }
            if atEnd, !endsFile { endsWhole = consumed == count }
            return consumed
        }
        return (width, endsWhole)
    }

    /// A row must have one field per column.
    static func checkWidth(_ record: DelimitedRecord, width: Int, file: String) throws(InputError) {
        guard record.count == width else {
            throw InputError(
                file: file, line: record.line,
                message: "this row has \(record.count) field\(record.count == 1 ? "" : "s"), but the header has \(width) columns")
        }
    }

    static func checkDistinct(_ names: [String], file: String, line: Int) throws(InputError) {
        var seen: [String: Int] = [:]
        for (position, name) in names.enumerated() {
            if let earlier = seen[name] {
                throw InputError(
                    file: file, line: line, column: name,
                    message: "the column name '\(name)' appears twice in the header (columns \(earlier + 1) and \(position + 1))")
            }
            seen[name] = position
        }
    }
}
