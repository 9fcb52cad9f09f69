/// The byte-level core of the CSV and TSV readers: finds the records of a
/// buffer and their fields as byte ranges, without a `String` per field.
///
/// The buffer may be the whole file or one chunk of it. When a record runs
/// past the end of a chunk that is not the file's last, ``next(_:end:atEnd:)``
/// answers ``Outcome/needMore`` and leaves every position where the record
/// started, so the caller can keep the unread bytes, append the next chunk and
/// ask again: a record is never split, and lines and columns count as if the
/// file were one buffer. The rules are ``CSVReader``'s.
///
/// A class, so that the closures of a streaming read share one scanner
/// instead of copying its state (and retaining its buffers) once a record.
@usableFromInline final class DelimitedScanner {
    /// Where one field's bytes are: in the buffer, or (a quoted field with
    /// doubled quotes) unescaped in ``unescaped``, where ``withRecord(line:_:)``
    /// points them once the record is whole (that array may move while it grows).
    ///
    /// A pointer and a count, so that a record handed to another module is three words,
    /// passed in registers: at five (the buffer's and the unescaped bytes' addresses
    /// beside the spans), it was copied through memory at every row.
    @usableFromInline struct FieldSpan {
        @usableFromInline var start: UnsafePointer<UInt8>
        @usableFromInline var count: Int
    }

    /// What the next call found.
    enum Outcome {
        /// A record starting on `line`, its fields in ``spans``.
        case record(line: Int)
        /// The chunk ends inside a record (or between CR and a possible LF);
        /// nothing of it was consumed.
        case needMore
        /// No record is left.
        case end
    }

    /// A record cut at the chunk's end, thrown inside the scanner and
    /// answered as ``Outcome/needMore``.
    private enum Stop: Error {
        case needMore
        case input(InputError)
    }

    let separator: UInt8
    /// The separator in each of a word's eight bytes, for ``ByteWord/specials(_:separators:)``.
    private let separators: UInt64
    let file: String

    // The state below is touched a few times a field. A scanner belongs to one
    // reading on one thread and no access to it overlaps another, so the
    // run-time exclusivity check a class property gets at every access (with
    // its thread-local bookkeeping, a quarter of the reading's CPU time) is
    // left out.

    /// The next byte to read, an offset into the current buffer.
    @exclusivity(unchecked) var position = 0
    /// The current line, 1-based.
    @exclusivity(unchecked) private(set) var line = 1
    /// The offset of the current line's first byte, for columns.
    @exclusivity(unchecked) private(set) var lineStart = 0
    /// The fields of the last record: the first ``fieldCount`` of ``spanCapacity``. Memory of
    /// the scanner's own, not an array: handing an array's buffer to every record retained and
    /// released it each time, a sixth of the CPU of counting a CSV file.
    @exclusivity(unchecked) private var spans = UnsafeMutablePointer<FieldSpan>.allocate(capacity: 16)
    @exclusivity(unchecked) private var spanCapacity = 16
    /// How many fields the last record has.
    @exclusivity(unchecked) private(set) var fieldCount = 0
    /// The unescaped bytes of quoted fields with doubled quotes, and whether the last record has any.
    @exclusivity(unchecked) private var unescaped: [UInt8] = []
    @exclusivity(unchecked) private var hasUnescaped = false
    /// The last record's fields whose bytes are in ``unescaped``, each with its offset there.
    @exclusivity(unchecked) private var unescapedFields: [(field: Int, offset: Int)] = []

    static let quote = UInt8(ascii: "\"")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    init(separator: UInt8, file: String) {
        self.separator = separator
        separators = ByteWord.repeating(separator)
        self.file = file
    }

    deinit { spans.deallocate() }

    /// Skips a UTF-8 byte-order mark at the start of the file.
    func skipByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = UTF8Validation.byteOrderMarkLength(bytes)
        position += length
        lineStart += length
    }

    /// Moves every offset back by `count` bytes, after the caller dropped that
    /// many consumed bytes from the front of its buffer.
    func dropFront(_ count: Int) {
        position -= count
        lineStart -= count
    }

    /// The next record of `bytes[position..<end]`.
    ///
    /// - Parameter atEnd: whether `end` is the end of the file.
    /// - Throws: ``InputError`` as ``CSVReader/read(_:file:)`` describes.
    func next(_ bytes: UnsafePointer<UInt8>, end: Int, atEnd: Bool) throws(InputError) -> Outcome {
        let saved = (position, line, lineStart)
        do {
            return try scan(bytes, end: end, atEnd: atEnd)
        } catch {
            switch error {
            case .needMore:
                (position, line, lineStart) = saved
                return .needMore
            case .input(let error):
                throw error
            }
        }
    }

    private func scan(_ bytes: UnsafePointer<UInt8>, end: Int, atEnd: Bool) throws(Stop) -> Outcome {
        fieldCount = 0
        if hasUnescaped {
            unescaped.removeAll(keepingCapacity: true)
            unescapedFields.removeAll(keepingCapacity: true)
            hasUnescaped = false
        }
        while position < end, bytes[position] == Self.lf || bytes[position] == Self.cr {
            try endLine(bytes, end: end, atEnd: atEnd)
        }
        guard position < end else { return atEnd ? .end : .needMore }
        let recordLine = line
        if plainRecord(bytes, end: end) { return .record(line: recordLine) }
        while true {
            let span = try field(bytes, end: end, atEnd: atEnd)
            if fieldCount == spanCapacity { growSpans() }
            (spans + fieldCount).initialize(to: span)
            fieldCount += 1
            guard position < end else {
                if atEnd { return .record(line: recordLine) }
                throw .needMore
            }
            if bytes[position] == separator {
                position += 1
            } else {
                try endLine(bytes, end: end, atEnd: atEnd)
                return .record(line: recordLine)
            }
        }
    }

    /// Reads the record at `position` eight bytes at a time when it is plain — no quote in
    /// it, and its line break (LF, CRLF, or a CR followed by another byte) before the last
    /// eight bytes of the buffer — and answers whether it did; otherwise it leaves
    /// `position`, `line` and `lineStart` alone for the byte-by-byte path, which then
    /// reads the same bytes from the same start (a quoted field, a quote where it is
    /// an error, a record cut by the buffer's end).
    ///
    /// A plain record's fields and its line break are exactly those the byte-by-byte path
    /// finds: each field runs to the next separator, LF or CR (``ByteWord/specials(_:separators:)``),
    /// and a plain record has no other rule to apply. The buffer is read only below `end`.
    private func plainRecord(_ bytes: UnsafePointer<UInt8>, end: Int) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        let separator = separator
        let separators = separators
        var spans = spans
        var room = spanCapacity
        var fieldStart = position
        var count = 0
        var word = position
        while word + 8 <= end {
            let eight = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: word, as: UInt64.self))
            var found = ByteWord.specials(eight, separators: separators)
            while found != 0 {
                let at = word + found.trailingZeroBitCount >> 3
                found &= found - 1
                let b = bytes[at]
                if b == Self.quote { return false }
                if count == room {
                    growSpans()
                    (spans, room) = (self.spans, spanCapacity)
                }
                (spans + count).initialize(to: FieldSpan(start: bytes + fieldStart, count: at - fieldStart))
                count += 1
                fieldStart = at + 1
                if b == separator { continue }
                // A line break; a CR's next byte (below `end`, as `word + 8 <= end`
                // unless the CR is the word's last byte) says whether it is CRLF.
                if b == Self.cr {
                    guard at + 1 < end else { return false }
                    if bytes[at + 1] == Self.lf { fieldStart += 1 }
                }
                fieldCount = count
                position = fieldStart
                line += 1
                lineStart = fieldStart
                return true
            }
            word += 8
        }
        return false
    }

    /// Doubles the room for a record's fields, when it is full, keeping the fields there.
    private func growSpans() {
        let larger = UnsafeMutablePointer<FieldSpan>.allocate(capacity: spanCapacity * 2)
        larger.moveInitialize(from: spans, count: spanCapacity)
        spans.deallocate()
        spans = larger
        spanCapacity *= 2
    }

    /// Steps over one line break (LF, CRLF or CR).
    private func endLine(_ bytes: UnsafePointer<UInt8>, end: Int, atEnd: Bool) throws(Stop) {
        if bytes[position] == Self.cr {
            if position + 1 == end, !atEnd { throw .needMore }
            if position + 1 < end, bytes[position + 1] == Self.lf { position += 1 }
        }
        position += 1
        line += 1
        lineStart = position
    }

    /// One field, quoted or not, leaving `position` on the separator, line break or end.
    private func field(_ bytes: UnsafePointer<UInt8>, end: Int, atEnd: Bool) throws(Stop) -> FieldSpan {
        guard position < end, bytes[position] == Self.quote else { return try unquoted(bytes, end: end, atEnd: atEnd) }
        let openLine = line
        let openLineStart = lineStart
        let open = position
        position += 1
        var segmentStart = position
        var escapedFrom: Int?
        while true {
            var p = position
            while p < end, bytes[p] != Self.quote {
                let b = bytes[p]
                if b == Self.lf || b == Self.cr {
                    if b == Self.cr, p + 1 == end, !atEnd { throw .needMore }
                    if b == Self.lf || p + 1 == end || bytes[p + 1] != Self.lf {
                        line += 1
                        lineStart = p + 1
                    }
                }
                p += 1
            }
            position = p
            guard position < end else {
                if !atEnd { throw .needMore }
                throw .input(
                    error(
                        "an unterminated quoted field starting at line \(openLine), column \(column(bytes, of: open, from: openLineStart)); close it with \" (a quote inside a field is written \"\")",
                        line: openLine, lineStart: openLineStart, at: open, in: bytes))
            }
            if position + 1 == end, !atEnd { throw .needMore }
            if position + 1 < end, bytes[position + 1] == Self.quote {
                if escapedFrom == nil { escapedFrom = unescaped.count }
                hasUnescaped = true
                unescaped.append(contentsOf: UnsafeBufferPointer(start: bytes + segmentStart, count: position + 1 - segmentStart))
                position += 2
                segmentStart = position
                continue
            }
            let closing = position
            position += 1
            if position < end, bytes[position] != separator, bytes[position] != Self.lf, bytes[position] != Self.cr {
                throw .input(
                    error(
                        "text after the closing quote of a quoted field; a quote inside a field is written \"\" and the whole field quoted",
                        line: line, lineStart: lineStart, at: position, in: bytes))
            }
            guard let escapedFrom else { return FieldSpan(start: bytes + segmentStart, count: closing - segmentStart) }
            unescaped.append(contentsOf: UnsafeBufferPointer(start: bytes + segmentStart, count: closing - segmentStart))
            unescapedFields.append((fieldCount, escapedFrom))
            return FieldSpan(start: bytes, count: unescaped.count - escapedFrom)
        }
    }

    private func unquoted(_ bytes: UnsafePointer<UInt8>, end: Int, atEnd: Bool) throws(Stop) -> FieldSpan {
        // A local cursor: a class's stored property is checked for exclusive
        // access at every touch, which would be most of the cost of this loop.
        let start = position
        let separator = separator
        var p = start
        while p < end {
            let b = bytes[p]
            if b == separator || b == Self.lf || b == Self.cr { break }
            if b == Self.quote {
                throw .input(
                    error(
                        "a quote inside an unquoted field; quote the whole field and double the quote (\"\")",
                        line: line, lineStart: lineStart, at: p, in: bytes))
            }
            p += 1
        }
        position = p
        if p == end, !atEnd { throw .needMore }
        return FieldSpan(start: bytes + start, count: p - start)
    }

    /// The 1-based character column of byte `offset`, counting from `start`.
    func column(_ bytes: UnsafePointer<UInt8>, of offset: Int, from start: Int) -> Int {
        var c = 1
        for j in start..<max(start, offset) where bytes[j] & 0xC0 != 0x80 { c += 1 }
        return c
    }

    private func error(
        _ message: String, line: Int, lineStart: Int, at offset: Int, in bytes: UnsafePointer<UInt8>
    ) -> InputError {
        InputError(file: file, line: line, column: String(column(bytes, of: offset, from: lineStart)), message: message)
    }

    /// The error for a byte that is not UTF-8 at `offset`, at or after
    /// `position`: its line counted from the current one as every line break
    /// (LF, CRLF, CR) counts, its column from its line's first byte (the
    /// file's first byte on line 1, a byte-order mark counting as one).
    func notUTF8(_ bytes: UnsafePointer<UInt8>, at offset: Int) -> InputError {
        var badLine = line
        var badLineStart = line == 1 ? 0 : lineStart
        for j in position..<offset where bytes[j] == Self.lf || (bytes[j] == Self.cr && bytes[j + 1] != Self.lf) {
            badLine += 1
            badLineStart = j + 1
        }
        return error(
            "the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) is not UTF-8; save the file as UTF-8",
            line: badLine, lineStart: badLineStart, at: offset, in: bytes)
    }
}

extension DelimitedScanner {
    /// Checks one window of a chunked reading to be UTF-8 and hands each whole
    /// record in it to `body` (with its line; ``spans`` hold its fields).
    ///
    /// - Parameters:
    ///   - count: the bytes filled in the window.
    ///   - atEnd: whether they reach the end of the input, so that no record waits for more.
    ///   - validated: how many bytes at the window's front are already checked.
    /// - Returns: how many bytes from the window's front were consumed (all of
    ///   them at the end; otherwise up to the first record not whole yet, which
    ///   the next window starts with).
    /// - Throws: ``InputError`` for text that is not UTF-8 or a malformed record, or what `body` throws.
    func records(
        _ bytes: UnsafePointer<UInt8>, count: Int, atEnd: Bool, validated: inout Int, _ body: (Int) throws(InputError) -> Void
    ) throws(InputError) -> Int {
        let checkedEnd = atEnd ? count : UTF8Validation.lastSequenceStart(UnsafeBufferPointer(start: bytes, count: count))
        let unchecked = UnsafeBufferPointer(start: bytes + validated, count: checkedEnd - validated)
        if let bad = UTF8Validation.firstInvalidByte(in: unchecked) {
            throw notUTF8(bytes, at: validated + bad)
        }
        validated = checkedEnd
        while true {
            switch try next(bytes, end: count, atEnd: atEnd) {
            case .end:
                return count
            case .needMore:
                let consumed = position
                dropFront(consumed)
                validated -= consumed
                return consumed
            case .record(let line):
                try body(line)
            }
        }
    }

    /// Calls `body` with the last record found.
    func withRecord(line: Int, _ body: (DelimitedRecord) throws(InputError) -> Void) throws(InputError) {
        let fields = UnsafeBufferPointer(start: spans, count: fieldCount)
        guard hasUnescaped else { return try body(DelimitedRecord(line: line, spans: fields)) }
        let result = unescaped.withUnsafeBufferPointer { unescaped in
            Result { () throws(InputError) in
                if let base = unescaped.baseAddress {
                    for (field, offset) in unescapedFields { spans[field].start = base + offset }
                }
                try body(DelimitedRecord(line: line, spans: fields))
            }
        }
        try result.get()
    }
}
