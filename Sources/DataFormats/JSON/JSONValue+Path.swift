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
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let d): return d.plainText
        case .string(let s): return JSONValue.quoted(s)
        case .array(let a): return "[" + a.map(\.compactJSON).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.sorted { $0.key < $1.key }.map { JSONValue.quoted($0.key) + ":" + $0.value.compactJSON }.joined(separator: ",")
                + "}"
        }
    }

    /// `s` as a JSON string literal, quotes included: `"`, `\\` and the
    /// control characters escaped (`\n`, `\r`, `\t`, others as `\u00XX`),
    /// everything else as it is. The one JSON escaper of the package.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
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
