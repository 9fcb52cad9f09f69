extension JSONValue {
    /// The value at a dotted path such as `response.tags` or `input.books.0.title`
    /// (a numeric component indexes an array), or `nil` when any step is missing.
    ///
    /// An empty path is the value itself.
    public func value(atPath path: String) -> JSONValue? {
        var current = self
        for component in path.split(separator: ".", omittingEmptySubsequences: false) where !path.isEmpty {
            switch current {
            case .object(let o):
                guard let next = o[String(component)] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(component), a.indices.contains(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }

    /// The value as text for a person or a spreadsheet: strings as they are,
    /// numbers without a trailing `.0` when whole, arrays and objects as JSON.
    public var plainText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return String(b)
        case .number(let d): return d.plainText
        case .string(let s): return s
        case .array, .object: return compactJSON
        }
    }

    /// The value as compact JSON with sorted keys.
    public var compactJSON: String {
        var bytes: [UInt8] = []
        appendCompactJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How JSON text is spelled where the standard allows a choice.
    public enum Spelling: Sendable {
        /// Only what must be escaped is (``appendQuoted(_:to:spelling:)``); a whole number below
        /// 10^15 in magnitude without a fraction, any other as Swift's `description` (``Swift/Double/plainText``).
        case minimal
        /// Byte for byte as Foundation's `JSONEncoder` writes it with sorted keys: `/` escaped as
        /// `\/`, backspace and form feed as `\b` and `\f`, and a number as Swift's `description`
        /// without a trailing `.0`. For request bodies that recordings match byte for byte.
        case jsonEncoder
    }

    /// Appends the value as compact JSON with sorted keys (``compactJSON``'s bytes, with the
    /// ``Spelling/minimal`` spelling) to `bytes`.
    ///
    /// A number that is not finite, which JSON cannot hold, is written as `null`.
    public func appendCompactJSON(to bytes: inout [UInt8], spelling: Spelling = .minimal) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d): JSONValue.appendNumber(d, to: &bytes, spelling: spelling)
        case .string(let s): JSONValue.appendQuoted(s, to: &bytes, spelling: spelling)
        case .array(let a):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in a.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.appendCompactJSON(to: &bytes, spelling: spelling)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let o):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in o.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.appendQuoted(member.key, to: &bytes, spelling: spelling)
                bytes.append(UInt8(ascii: ":"))
                member.value.appendCompactJSON(to: &bytes, spelling: spelling)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `number` to `bytes` in `spelling`; `null` when it is not finite.
    public static func appendNumber(_ number: Double, to bytes: inout [UInt8], spelling: Spelling = .minimal) {
        guard number.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        switch spelling {
        case .minimal: bytes.append(contentsOf: number.plainText.utf8)
        case .jsonEncoder:
            let text = number.description
            bytes.append(contentsOf: (text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)).utf8)
        }
    }

    /// `s` as a JSON string literal, quotes included: `"`, `\\` and the
    /// control characters escaped (`\n`, `\r`, `\t`, others as `\u00XX`),
    /// everything else as it is (``appendQuoted(_:to:)``'s bytes).
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to `bytes`: the one JSON escaper of the package.
    ///
    /// `"` and `\\` are escaped with a backslash, line feed, carriage return and tab as `\n`,
    /// `\r` and `\t`, the other control characters (below U+0020) as `\u00xx` in lowercase
    /// hexadecimal (with ``Spelling/jsonEncoder``, also `/` as `\/`, backspace and form feed as
    /// `\b` and `\f`); every other byte of the UTF-8 text is copied as it is, a run at a time,
    /// which keeps the cost per byte near a copy's (request bodies, response-cache keys and prompt
    /// hashes escape whole prompts for every call).
    public static func appendQuoted(_ s: String, to bytes: inout [UInt8], spelling: Spelling = .minimal) {
        var text = s
        let escapes = spelling == .jsonEncoder ? jsonEncoderEscapes : minimalEscapes
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let escape = escapes[Int(utf8[index])]
                guard escape != 0 else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escape)
                if escape == UInt8(ascii: "u") {
                    let byte = utf8[index]
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// For each byte, the letter written after a backslash in its escape (`u` for `\u00xx`), or 0
    /// for a byte copied as it is: ``Spelling/minimal``'s and ``Spelling/jsonEncoder``'s.
    private static let minimalEscapes = escapeTable(jsonEncoder: false)
    private static let jsonEncoderEscapes = escapeTable(jsonEncoder: true)

    private static func escapeTable(jsonEncoder: Bool) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0..<0x20 { table[byte] = UInt8(ascii: "u") }
        table[0x0A] = UInt8(ascii: "n")
        table[0x0D] = UInt8(ascii: "r")
        table[0x09] = UInt8(ascii: "t")
        table[Int(UInt8(ascii: "\""))] = UInt8(ascii: "\"")
        table[Int(UInt8(ascii: "\\"))] = UInt8(ascii: "\\")
        if jsonEncoder {
            table[0x08] = UInt8(ascii: "b")
            table[0x0C] = UInt8(ascii: "f")
            table[Int(UInt8(ascii: "/"))] = UInt8(ascii: "/")
        }
        return table
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

extension JSONValue {
    /// 2^53: the first whole number from which a `Double` (and so a parsed
    /// JSON number) no longer holds every integer exactly.
    public static let largestExactInteger: Double = 9_007_199_254_740_992

    /// The value as a row id, exactly as written: a string as it is, a whole
    /// number below 2^53 in magnitude as its digits; `nil` for anything else.
    ///
    /// A number of 2^53 or more may have lost digits when it was parsed
    /// (`12345678901234567891` reads as `12345678901234567168`), so two
    /// distinct ids could become one; readers of ids therefore parse with
    /// `exactLargeNumbers`, which hands such a number over as its text, a
    /// string. A fraction, `true`, an array or an object is not an id a label
    /// sheet could name. The reader reports these.
    public var identifierText: String? {
        switch self {
        case .string(let s): return s
        case .number(let d) where d == d.rounded() && abs(d) < Self.largestExactInteger: return String(Int64(d))
        default: return nil
        }
    }

    /// Why ``identifierText`` is `nil`, as a sentence for an error message.
    public var identifierProblem: String {
        if case .number(let d) = self, d == d.rounded() {
            return "the id \(d.plainText) is 2^53 or more, where a Double no longer holds every whole number; write the id as a string"
        }
        return "the id \(compactJSON) is not a string or a whole number; write the id as a string"
    }
}
