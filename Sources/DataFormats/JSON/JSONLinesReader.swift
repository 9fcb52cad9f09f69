public import Foundation

/// Reads named fields of every record of a JSON Lines file (or a JSON array)
/// record by record, as bytes: the streaming core of ``JSONRecords/table(_:paths:file:)``
/// and of the readers that count fields as they go.
///
/// A path names a field with dots: `scores.expert` reads
/// `{"scores": {"expert": 3}}`, and a numeric step indexes an array
/// (`ratings.0`). A key that itself contains dots is found whole first.
/// A field's bytes are a string's UTF-8, a number's plain text (`3`, `2.5`,
/// ``Swift/Double/plainText``), `true` or `false`; a missing field or `null` is
/// empty, which reads as missing.
///
/// **Streaming.** JSON Lines has one record per line, and a line break never
/// falls inside a JSON string, so a file source is read in windows of whole
/// lines (``ByteSource``): memory holds one window and one record's value, not
/// the file. Each record is parsed by ``JSONValue``'s parser, so its errors
/// (line and column) are those of ``JSONValue/parse(_:file:firstLine:exactLargeNumbers:)``.
/// A document whose first non-blank character is `[` is a JSON array; it is
/// split whole (``JSONRecords/split(_:file:)``) before its records are read.
public struct JSONLinesReader: ParallelRecordStreaming, Sendable {
    /// The fields to read; they are the columns, in this order.
    public let paths: [String]

    /// A reader of the fields at `paths`.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// Calls `header` with ``paths``, then `row` with every record's fields, in file order.
    ///
    /// - Throws: ``InputError`` for a record that is not valid JSON (with its
    ///   line and column), a field that holds an object or array (with line and
    ///   path), an array that is not closed, and, after the last record, a path
    ///   that no record has (most likely a misspelt name); or what the closures throw.
    public func forEachRow(
        in source: ByteSource, file: String, header: ([String]) throws(InputError) -> Void,
        row: (JSONFieldRecord) throws(InputError) -> Void
    ) throws(InputError) {
        try header(paths)
        let fields = JSONFieldRecord.Fields(paths: paths)
        var found = Array(repeating: false, count: paths.count)
        var sawRecord = false
        func record(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Int) throws(InputError) {
            try fields.read(bytes, found: &found, file: file, line: line)
            sawRecord = true
            try row(JSONFieldRecord(line: line, fields: fields))
        }
        if try !Self.forEachLine(in: source, file: file, record) {
            let data: Data
            switch source {
            case .data(let bytes): data = bytes
            case .file(let url, _): data = try InputFile.read(url)
            }
            for element in try JSONRecords.split(data, file: file) {
                let read = element.data.withUnsafeBytes { raw in
                    Result { () throws(InputError) in try record(raw.bindMemory(to: UInt8.self), element.line) }
                }
                try read.get()
            }
        }
        if sawRecord, let missing = found.firstIndex(of: false) {
            throw InputError(
                file: file,
                message:
                    "no record has the field '\(paths[missing])'; check its spelling (a nested field is written with dots, such as scores.expert)"
            )
        }
    }

    /// Reads the records of a JSON Lines file in chunks on several threads, or
    /// answers `false` and leaves the reading to ``forEachRow(in:file:header:row:)``.
    ///
    /// The file is cut into chunks at line ends (``ReadingParallelism``); no proof is
    /// needed that a cut falls between records, as it is for CSV: a JSON string holds
    /// no raw line break, so every LF of a JSON Lines file ends a record. Each chunk is
    /// read with its own field buffer, in parallel. The answer is `false`, and nothing
    /// handed over counts, when the file is smaller than the parallelism's minimum, is a
    /// JSON array, or has any error in any chunk (a record that is not JSON, a field
    /// holding an object or array, `row` answering `false`), or a path no record has:
    /// a serial reading then gives the first error in file order with its line and
    /// column, exactly as it would have without this attempt.
    ///
    /// - Parameters:
    ///   - header: receives ``paths`` before any record; answers whether to go on.
    ///   - row: receives each record with the index of its chunk, on that chunk's thread:
    ///     chunks run at the same time, each chunk's records in file order. Answers whether
    ///     to go on. A record's ``JSONFieldRecord/line`` counts from its chunk's first line.
    /// - Returns: `true` when every record was handed over.
    public func forEachRowInParallel(
        in url: URL, windowSize: Int = ByteSource.defaultChunkSize, parallelism: ReadingParallelism,
        header: ([String]) -> Bool, row: (_ chunk: Int, JSONFieldRecord) -> Bool
    ) -> Bool {
        guard let ranges = parallelism.lineChunks(of: url), header(paths) else { return false }
        let found = UnsafeMutableBufferPointer<[Bool]>.allocate(capacity: ranges.count)
        defer { found.deinitialize().deallocate() }
        found.initialize(repeating: [])
        nonisolated(unsafe) let foundInChunk = found
        let whole = ReadingParallelism.all(ranges.count) { c in
            let fields = JSONFieldRecord.Fields(paths: paths)
            var chunkFound = Array(repeating: false, count: paths.count)
            do {
                let source = ByteSource.file(url, chunkSize: windowSize)
                let read = try Self.lines(of: source, range: ranges[c], file: "") { bytes, line, _ throws(InputError) in
                    try fields.read(bytes, found: &chunkFound, file: "", line: line)
                    guard row(c, JSONFieldRecord(line: line, fields: fields)) else { throw ReadingParallelism.stopped }
                }
                foundInChunk[c] = chunkFound
                return read
            } catch {
                return false
            }
        }
        return whole && (0..<paths.count).allSatisfy { p in found.contains { $0[p] } }
    }

    /// Hands every non-blank line of a JSON Lines source to `record` with its 1-based
    /// line number, in file order, window by window (``ByteSource``): memory holds one
    /// window, not the file. The home of JSON Lines reading for the readers that need a
    /// record's members other than by fixed paths (``JSONValue/parse(_:file:firstLine:exactLargeNumbers:)-(UnsafeBufferPointer<UInt8>,_,_,_)``
    /// parses one in place).
    ///
    /// A line keeps its line break's CR, and the first line a byte-order mark, both of
    /// which the JSON parser skips as whitespace (counting the mark in columns), as it
    /// does for a whole document. A blank line (spaces, tabs, CR) is skipped but counted.
    ///
    /// - Returns: `false`, and nothing handed over, when the document's first non-blank
    ///   character is `[`: it is a JSON array, which does not split at line ends.
    /// - Throws: ``InputError`` when the file cannot be read, or what `record` throws.
    public static func forEachLine(
        in source: ByteSource, file: String, _ record: (_ bytes: UnsafeBufferPointer<UInt8>, _ line: Int) throws(InputError) -> Void
    ) throws(InputError) -> Bool {
        try lines(of: source, file: file) { bytes, line, _ throws(InputError) in try record(bytes, line) }
    }

    /// ``forEachLine(in:file:_:)``, handing each line's first byte's offset in the source too, so
    /// a reader that keeps only the offsets can read a line again (``RecordFile/bytes(in:)``).
    ///
    /// - Returns: `false`, and nothing handed over, for a JSON array.
    /// - Throws: ``InputError`` when the file cannot be read, or what `record` throws.
    public static func forEachLine(
        in source: ByteSource, file: String,
        withOffsets record: (_ bytes: UnsafeBufferPointer<UInt8>, _ line: Int, _ offset: Int) throws(InputError) -> Void
    ) throws(InputError) -> Bool {
        try lines(of: source, file: file, record)
    }

    /// ``forEachLine(in:file:_:)`` over `range`.
    ///
    /// - Parameter range: the bytes to read, all when `nil`; a range that does not start
    ///   the file starts at a line's start, and is not looked at for an array or a byte-order mark.
    private static func lines(
        of source: ByteSource, range: Range<Int>? = nil, file: String,
        _ record: (UnsafeBufferPointer<UInt8>, Int, Int) throws(InputError) -> Void
    ) throws(InputError) -> Bool {
        var line = 1
        var windowStart = range?.lowerBound ?? 0
        var started = (range?.lowerBound ?? 0) > 0
        var isArray = false
        do {
            try source.withWindows(range: range) { bytes, count, atEnd throws(InputError) in
                if !started {
                    guard count >= UTF8Validation.byteOrderMark.count || atEnd else { return 0 }
                    guard let nonBlank = BlankBytes.firstNonBlank(inFileStart: UnsafeBufferPointer(start: bytes, count: count)) else {
                        return atEnd ? count : 0
                    }
                    started = true
                    if bytes[nonBlank] == UInt8(ascii: "[") {
                        isArray = true
                        throw arrayFound
                    }
                }
                // A byte-order mark stays on the first line, which the parser skips
                // (and counts in columns) as the whole-document split did.
                var p = 0
                while let lf = memchr(bytes + p, Int32(UInt8(ascii: "\n")), count - p) {
                    let end = bytes.distance(to: lf.assumingMemoryBound(to: UInt8.self))
                    try handLine(UnsafeBufferPointer(start: bytes + p, count: end - p), line: line, offset: windowStart + p, record)
                    line += 1
                    p = end + 1
                }
                guard atEnd else {
                    windowStart += p
                    return p
                }
                try handLine(UnsafeBufferPointer(start: bytes + p, count: count - p), line: line, offset: windowStart + p, record)
                return count
            }
        } catch {
            guard isArray else { throw error }
        }
        return !isArray
    }

    /// Thrown to stop reading windows once the document is known to be a JSON array.
    private static let arrayFound = InputError(file: "", message: "the document is a JSON array")

    private static func handLine(
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, offset: Int,
        _ record: (UnsafeBufferPointer<UInt8>, Int, Int) throws(InputError) -> Void
    ) throws(InputError) {
        if bytes.contains(where: { !BlankBytes.isBlank($0) }) { try record(bytes, line, offset) }
    }
}
