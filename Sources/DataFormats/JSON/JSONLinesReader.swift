import Foundation

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
public struct JSONLinesReader: RecordStreaming, Sendable {
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
        let fields = JSONFieldRecord.Fields(count: paths.count)
        var found = Array(repeating: false, count: paths.count)
        var sawRecord = false
        func record(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Int) throws(InputError) {
            let value = try JSONValue.parse(bytes, file: file, firstLine: line)
            sawRecord = true
            try fields.read(value, paths: paths, found: &found, file: file, line: line)
            try row(JSONFieldRecord(line: line, fields: fields))
        }
        if try !Self.lines(of: source, file: file, record) {
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

    /// Hands every non-blank line of a JSON Lines source to `record`, window by
    /// window; `false` (nothing handed over) when the document is a JSON array.
    private static func lines(
        of source: ByteSource, file: String, _ record: (UnsafeBufferPointer<UInt8>, Int) throws(InputError) -> Void
    ) throws(InputError) -> Bool {
        var line = 1
        var started = false
        var isArray = false
        do {
            try source.withWindows { bytes, count, atEnd throws(InputError) in
                if !started {
                    guard count >= UTF8Validation.byteOrderMark.count || atEnd else { return 0 }
                    let first = UnsafeBufferPointer(start: bytes, count: count)
                    let mark = UTF8Validation.byteOrderMarkLength(first)
                    guard let nonBlank = first[mark...].firstIndex(where: { !JSONRecords.isBlank($0) }) else {
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
                    try handLine(UnsafeBufferPointer(start: bytes + p, count: end - p), line: line, record)
                    line += 1
                    p = end + 1
                }
                guard atEnd else { return p }
                try handLine(UnsafeBufferPointer(start: bytes + p, count: count - p), line: line, record)
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
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ record: (UnsafeBufferPointer<UInt8>, Int) throws(InputError) -> Void
    ) throws(InputError) {
        if bytes.contains(where: { !JSONRecords.isBlank($0) }) { try record(bytes, line) }
    }
}

/// One record's fields as ``JSONLinesReader`` hands them over (``FieldRecord``):
/// valid only while the closure that receives it runs.
public struct JSONFieldRecord: FieldRecord {
    /// The fields' bytes one after another, in one buffer reused from record to record.
    final class Fields {
        private var storage: UnsafeMutablePointer<UInt8>
        private var capacity = 256
        private var filled = 0
        /// Where each field ends in the buffer.
        private(set) var ends: [Int]

        init(count: Int) {
            storage = .allocate(capacity: capacity)
            ends = Array(repeating: 0, count: count)
        }

        deinit { storage.deallocate() }

        /// The bytes of field `index`, valid until the next ``read(_:paths:found:file:line:)``.
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = index == 0 ? 0 : ends[index - 1]
            return UnsafeBufferPointer(start: storage + start, count: ends[index] - start)
        }

        /// The fields at `paths` of a parsed record, noting which were found.
        func read(_ value: JSONValue, paths: [String], found: inout [Bool], file: String, line: Int) throws(InputError) {
            filled = 0
            for (c, path) in paths.enumerated() {
                let field = value.member(atPath: path[...])
                if field != nil { found[c] = true }
                switch field {
                case nil, .null?: break
                case .string(let s)?: append(s)
                case .number(let d)?: append(d.plainText)
                case .bool(let b)?: append(b ? "true" : "false")
                case .array?, .object?:
                    throw InputError(
                        file: file, line: line, column: path,
                        message: "the field holds \(field?.array == nil ? "an object" : "an array"); expected a number or text")
                }
                ends[c] = filled
            }
        }

        private func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else { return }
                if filled + utf8.count > capacity {
                    capacity = max(capacity * 2, filled + utf8.count)
                    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                    larger.update(from: storage, count: filled)
                    storage.deallocate()
                    storage = larger
                }
                (storage + filled).update(from: base, count: utf8.count)
                filled += utf8.count
            }
        }
    }

    public let line: Int
    private let fields: Fields

    init(line: Int, fields: Fields) {
        self.line = line
        self.fields = fields
    }

    public var count: Int { fields.ends.count }

    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> { fields.bytes(index) }
}

extension JSONValue {
    /// The value at a dotted path, or `nil` when a step is missing.
    fileprivate func member(atPath path: Substring) -> JSONValue? {
        if case .object(let o) = self, let whole = o[String(path)] { return whole }
        let step: Substring
        let rest: Substring?
        if let dot = path.firstIndex(of: ".") {
            step = path[..<dot]
            rest = path[path.index(after: dot)...]
        } else {
            step = path
            rest = nil
        }
        let child: JSONValue?
        switch self {
        case .object(let o): child = o[String(step)]
        case .array(let a): child = Int(step).flatMap { a.indices.contains($0) ? a[$0] : nil }
        default: child = nil
        }
        guard let rest else { return child }
        return child?.member(atPath: rest)
    }
}
