public import Foundation

extension JSONValue {
    /// Parses a JSON document (RFC 8259) in one pass over its bytes.
    ///
    /// Faster than decoding `JSONValue` through `JSONDecoder` (which must try
    /// each kind of value in turn), and its errors give the line and column.
    /// A leading UTF-8 byte-order mark is skipped (RFC 8259 §8.1 lets a
    /// parser ignore it). Nothing is changed silently: a byte that is not
    /// UTF-8 is an error rather than U+FFFD, and so is a number too large for
    /// a `Double` (`1e999`), which would otherwise read as infinity.
    ///
    /// **Large numbers.** From 2^53 (``largestExactInteger``) on, a `Double`
    /// no longer holds every whole number, so `12345678901234567891` would
    /// read as `12345678901234567168`. With `exactLargeNumbers`, a number of
    /// that magnitude or more is kept as its text exactly as written, in a
    /// ``string(_:)`` (`"12345678901234567891"`, `"1e300"`), for readers of
    /// other people's data (run rows, ids) where a changed digit would change
    /// an id or a field silently; so is a number other than zero that is too
    /// small for a `Double` and would read as 0 (`1e-400`). Any other number
    /// is a ``number(_:)``.
    ///
    /// - Parameters:
    ///   - file: the name used in errors.
    ///   - exactLargeNumbers: keep numbers of magnitude 2^53 or more, and nonzero numbers that read as 0, as their text.
    /// - Throws: ``InputError`` with the 1-based line and column of the first
    ///   character that is not valid JSON (or not UTF-8), and what was expected there.
    public static func parse(
        _ data: Data, file: String = "<data>", firstLine: Int = 1, exactLargeNumbers: Bool = false
    ) throws -> JSONValue {
        try parse(data, file: file, firstLine: firstLine, recordingLines: false, exactLargeNumbers: exactLargeNumbers).value
    }

    /// Parses a JSON document held in `bytes` (one record of a JSON Lines window,
    /// ``JSONLinesReader/forEachLine(in:file:_:)``) as ``parse(_:file:firstLine:exactLargeNumbers:)-(Data,_,_,_)``
    /// parses its `Data`, with the same errors, without copying the bytes.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String = "<data>", firstLine: Int = 1, exactLargeNumbers: Bool = false
    ) throws(InputError) -> JSONValue {
        try parse(bytes, file: file, firstLine: firstLine, recordingLines: false, exactLargeNumbers: exactLargeNumbers).value
    }

    /// Parses a JSON document as ``parse(_:file:firstLine:)`` does, and also
    /// notes the line where each value starts, by path, so that a document
    /// decoded from it can name the line of a field it rejects.
    ///
    /// - Throws: ``InputError`` as ``parse(_:file:firstLine:)`` does.
    public static func parseLocated(_ data: Data, file: String = "<data>") throws -> (value: JSONValue, lines: JSONLines) {
        let parsed = try parse(data, file: file, firstLine: 1, recordingLines: true, exactLargeNumbers: false)
        return (parsed.value, JSONLines(lines: parsed.lines, end: parsed.end))
    }

    /// The deepest nesting of arrays and objects the parser follows; deeper
    /// documents are refused as malformed rather than exhausting the stack.
    public static let maximumDepth = 512

    private static func parse(
        _ data: Data, file: String, firstLine: Int, recordingLines: Bool, exactLargeNumbers: Bool
    ) throws -> (value: JSONValue, lines: [String: Int], end: Int) {
        try data.withUnsafeBytes { raw in
            try parse(
                raw.bindMemory(to: UInt8.self), file: file, firstLine: firstLine, recordingLines: recordingLines,
                exactLargeNumbers: exactLargeNumbers)
        }
    }

    /// Parses one record's bytes in place as ``parse(_:file:firstLine:exactLargeNumbers:)``
    /// parses its `Data` (the streaming JSON Lines reader's entry, which has the bytes in
    /// its window), with the same errors, but without building a record that is an object: its members are
    /// handed to `member` one by one, in order, with their names (a repeated name
    /// twice), and `nil` is returned. A record that is not an object is returned.
    ///
    /// - Parameter wanted: the member names wanted; any other member's value is checked
    ///   as strictly, with the same errors, but a plain string is not made into a `String`
    ///   and `member` is not called.
    static func parseMembers(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, wanted: MemberNames,
        member: (String, JSONValue) throws(InputError) -> Void
    ) throws(InputError) -> JSONValue? {
        try parsing(bytes, file: file, firstLine: firstLine) { parser throws(InputError) in
            guard !parser.atEnd, parser.bytes[parser.i] == UInt8(ascii: "{") else { return try parser.value(at: nil) }
            parser.depth = 1
            try parser.forEachMember(name: { parser throws(InputError) in try parser.memberName(among: wanted) }) {
                parser, key throws(InputError) in
                if let key { try member(key, try parser.value(at: nil)) } else { try parser.skipValue() }
            }
            return nil
        }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int, recordingLines: Bool, exactLargeNumbers: Bool
    ) throws(InputError) -> (value: JSONValue, lines: [String: Int], end: Int) {
        try parsing(bytes, file: file, firstLine: firstLine) { parser throws(InputError) in
            parser.exactLargeNumbers = exactLargeNumbers
            if recordingLines { parser.lines = [:] }
            let value = try parser.value(at: recordingLines ? "" : nil)
            parser.skipWhitespace()
            return (value, parser.lines ?? [:], parser.line)
        }
    }

    /// Checks that `bytes` are UTF-8, skips a byte-order mark and whitespace, lets
    /// `body` read the document, and checks that nothing but whitespace follows.
    private static func parsing<Parsed>(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int,
        _ body: (inout JSONParser) throws(InputError) -> Parsed
    ) throws(InputError) -> Parsed {
        var parser = JSONParser(bytes: bytes, file: file, firstLine: firstLine)
        if let bad = UTF8Validation.firstInvalidByte(in: parser.bytes) {
            parser.i = bad
            throw parser.error("expected UTF-8 text (save the file as UTF-8)")
        }
        parser.i = UTF8Validation.byteOrderMarkLength(parser.bytes)
        parser.skipWhitespace()
        let result = try body(&parser)
        parser.skipWhitespace()
        guard parser.atEnd else { throw parser.error("expected the end of the document") }
        return result
    }
}

/// Where each value of a parsed JSON document starts, by path
/// (`dimensions[0].scale.levels[2]`): members joined by dots, array elements
/// by their index in brackets, the document itself at "".
public struct JSONLines: Sendable, Hashable {
    /// The 1-based line of each value, by path.
    public let lines: [String: Int]
    /// The document's last line.
    public let end: Int

    /// The line of the value at `path`, or `nil` when there is none.
    public func line(of path: String) -> Int? { lines[path] }

    /// The line of the value at the end of `keys`, or of its nearest enclosing
    /// value that the document has (a missing field is reported on the line of
    /// the object that lacks it).
    public func line(nearest keys: [any CodingKey]) -> Int? {
        var probe = keys
        while true {
            if let line = line(of: Self.path(probe)) { return line }
            if probe.isEmpty { return nil }
            probe.removeLast()
        }
    }

    /// A decoding error of the document these lines index (the document is valid JSON) as an input
    /// error of `file`, on the line of the field it names, or of the nearest enclosing value (a missing
    /// field: the object that lacks it), the field's path as its column.
    public func inputError(_ error: DecodingError, file: String) -> InputError {
        let keys: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let c): keys = c.codingPath + [key]
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): keys = c.codingPath
        @unknown default: keys = []
        }
        return InputError(
            file: file, line: line(nearest: keys), column: keys.isEmpty ? nil : Self.path(keys), message: error.readableDescription)
    }

    /// A path written as ``lines`` keys it, from a decoding error's coding path.
    public static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let i = key.intValue { return path + "[\(i)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let firstLine: Int
    var i = 0
    /// The line of byte `i`, counted while recording lines (JSON has no raw
    /// line breaks inside strings, so whitespace holds them all).
    var line: Int
    /// Each value's line by path, when recording.
    var lines: [String: Int]?
    /// How many arrays and objects enclose the value being read.
    var depth = 0
    /// Whether a number of magnitude 2^53 or more is kept as its text.
    var exactLargeNumbers = false

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int) {
        self.bytes = bytes
        self.file = file
        self.firstLine = firstLine
        self.line = firstLine
    }

    var atEnd: Bool { i >= bytes.count }

    func error(_ expected: String) -> InputError {
        var line = firstLine
        var column = 1
        for j in 0..<min(i, bytes.count) {
            if bytes[j] == 0x0A {
                line += 1
                column = 1
            } else if bytes[j] & 0xC0 != 0x80 {
                column += 1
            }
        }
        let found: String
        if atEnd {
            found = "the end of the input"
        } else if bytes[i] >= 0x80 {
            found = "the byte 0x" + String(bytes[i], radix: 16, uppercase: true)
        } else {
            found = "\"\(String(decoding: [bytes[i]], as: UTF8.self))\""
        }
        return InputError(file: file, line: line, column: String(column), message: "not valid JSON: \(expected), found \(found)")
    }

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(InputError) -> JSONValue {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard i + count <= bytes.count else { throw error("expected \(literal)") }
        for k in 0..<count where bytes[i + k] != start[k] {
            i += k
            throw error("expected \(literal)")
        }
        i += count
        return value
    }

    /// The value at byte `i`; `path` is its path when recording lines.
    mutating func value(at path: String?) throws(InputError) -> JSONValue {
        guard !atEnd else { throw error("expected a value") }
        if let path { lines?[path] = line }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < JSONValue.maximumDepth else {
                throw error("expected at most \(JSONValue.maximumDepth) levels of nested arrays and objects")
            }
            depth += 1
            defer { depth -= 1 }
            return bytes[i] == UInt8(ascii: "{") ? try object(at: path) : try array(at: path)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    /// The member name at byte `i` (its opening quote), read as ``string()`` reads it, when
    /// it is one of `wanted`; `nil` when it is not. An ASCII name without escapes is compared
    /// byte by byte with ASCII wanted names (no other text is canonically equivalent to it),
    /// so no `String` is made for it; any other name is read and compared as a `String`.
    mutating func memberName(among wanted: MemberNames) throws(InputError) -> String? {
        let start = i + 1
        var p = start
        while p < bytes.count, bytes[p] != UInt8(ascii: "\""), bytes[p] != UInt8(ascii: "\\"), bytes[p] >= 0x20, bytes[p] < 0x80 {
            p += 1
        }
        guard wanted.allASCII, p < bytes.count, bytes[p] == UInt8(ascii: "\"") else {
            let name = try string()
            return wanted.names.contains(name) ? name : nil
        }
        i = p + 1
        let key = UnsafeBufferPointer(rebasing: bytes[start..<p])
        return wanted.names.first { $0.utf8.count == key.count && $0.utf8.elementsEqual(key) }
    }

    /// Steps over the value at byte `i` with ``value(at:)``'s checks and errors: a string
    /// without escapes or control characters is only scanned; anything else is parsed.
    mutating func skipValue() throws(InputError) {
        guard !atEnd, bytes[i] == UInt8(ascii: "\"") else {
            _ = try value(at: nil)
            return
        }
        var p = i + 1
        while p < bytes.count, bytes[p] != UInt8(ascii: "\""), bytes[p] != UInt8(ascii: "\\"), bytes[p] >= 0x20 { p += 1 }
        if p < bytes.count, bytes[p] == UInt8(ascii: "\"") {
            i = p + 1
        } else {
            _ = try string()
        }
    }

    mutating func object(at path: String?) throws(InputError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try forEachMember { parser, key throws(InputError) in
            members[key] = try parser.value(at: path.map { $0.isEmpty ? key : $0 + "." + key })
        }
        return .object(members)
    }

    /// Reads the object at byte `i` up to its closing brace; `member` reads each
    /// member's value (at byte `i` when it is called), given the member's name.
    mutating func forEachMember(_ member: (inout JSONParser, String) throws(InputError) -> Void) throws(InputError) {
        try forEachMember(name: { parser throws(InputError) in try parser.string() }, member)
    }

    /// ``forEachMember(_:)`` with each member's name read by `name` (at its opening quote).
    mutating func forEachMember<Name>(
        name: (inout JSONParser) throws(InputError) -> Name, _ member: (inout JSONParser, Name) throws(InputError) -> Void
    ) throws(InputError) {
        i += 1
        skipWhitespace()
        if !atEnd, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return
        }
        while true {
            skipWhitespace()
            guard !atEnd, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try name(&self)
            skipWhitespace()
            guard !atEnd, bytes[i] == UInt8(ascii: ":") else { throw error("expected \":\" after a member name") }
            i += 1
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            guard !atEnd else { throw error("expected \",\" or \"}\"") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return
            } else {
                throw error("expected \",\" or \"}\"")
            }
        }
    }

    mutating func array(at path: String?) throws(InputError) -> JSONValue {
        i += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if !atEnd, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(at: path.map { "\($0)[\(elements.count)]" }))
            skipWhitespace()
            guard !atEnd else { throw error("expected \",\" or \"]\"") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
            } else if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(elements)
            } else {
                throw error("expected \",\" or \"]\"")
            }
        }
    }

    mutating func string() throws(InputError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            return s
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while true {
            guard i < bytes.count else { throw error("expected the closing quote of a string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("expected an escaped control character (\\n, \\t, \\u00XX) inside a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw error("expected an escape after \\") }
            switch bytes[i] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                i += 1
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("expected the low half of a UTF-16 surrogate pair")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("expected the low half of a UTF-16 surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(character).utf8))
                continue
            default:
                throw error("expected a valid escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t, \\uXXXX)")
            }
            i += 1
        }
    }

    mutating func hex4() throws(InputError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("expected a hex digit")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    /// Whether the digits before the exponent of a number's text are not all zeros.
    static func hasNonzeroDigit(mantissaOf text: String) -> Bool {
        text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    /// Whether `byte` after a number's integer digits continues it (a fraction or an exponent).
    static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// A number, or its text when ``exactLargeNumbers`` is set and a `Double` cannot hold it:
    /// 2^53 or more in magnitude, or so small that it reads as zero.
    mutating func number() throws(InputError) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        let integerStart = i
        guard digits(&self) > 0 else { throw error("expected a digit") }
        // A whole number of up to 15 digits is exact in a Double: summed here it is the value
        // Double(text) reads (−0 included), without the text and strtod that were most of a rating's cost.
        if i - integerStart <= 15, i == bytes.count || !Self.continuesNumber(bytes[i]) {
            var magnitude = 0
            for b in bytes[integerStart..<i] { magnitude = magnitude * 10 + Int(b &- UInt8(ascii: "0")) }
            return .number(integerStart > start ? -Double(magnitude) : Double(magnitude))
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected a digit after the decimal point") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw error("expected a number") }
        guard d.isFinite else {
            i = start
            throw error("expected a number within ±1.8e308 (a Double); \(text) is beyond it")
        }
        if exactLargeNumbers, abs(d) >= JSONValue.largestExactInteger || (d == 0 && Self.hasNonzeroDigit(mantissaOf: text)) {
            return .string(text)
        }
        return .number(d)
    }
}

/// The member names a streaming reading wants (``JSONValue/parseMembers(_:file:firstLine:wanted:member:)``),
/// with whether all are ASCII, found once.
struct MemberNames {
    let names: [String]
    let allASCII: Bool

    init(_ names: [String]) {
        self.names = names
        allASCII = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }
}
