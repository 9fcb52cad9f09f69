public import Foundation

/// Splits a JSON document into its records, each with the line it starts on,
/// so that a record that fails to decode can be named by line.
///
/// A document whose first non-blank character is `[` is a JSON array and its
/// elements are the records; anything else is JSON Lines, one record per
/// non-blank line.
public enum JSONRecords {
    /// One record's bytes and the 1-based line where it starts.
    public struct Record: Sendable {
        /// The 1-based line of the record's first character.
        public var line: Int
        /// The record's JSON text.
        public var data: Data
    }

    /// The records of a document.
    ///
    /// - Parameter file: the name used in errors.
    /// - Throws: ``InputError`` when a JSON array is not closed, or a string in it is unterminated.
    public static func split(_ data: Data, file: String) throws(InputError) -> [Record] {
        let bytes = [UInt8](data)
        var i = bytes.starts(with: UTF8Validation.byteOrderMark) ? 3 : 0
        var line = 1
        while i < bytes.count, BlankBytes.isBlank(bytes[i]) {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "[") {
            return try splitArray(bytes, from: i, line: line, file: file)
        }
        return splitLines(bytes)
    }

    private static func splitLines(_ bytes: [UInt8]) -> [Record] {
        var records: [Record] = []
        var start = 0
        var line = 1
        for j in 0...bytes.count where j == bytes.count || bytes[j] == UInt8(ascii: "\n") {
            let slice = bytes[start..<j]
            if slice.contains(where: { !BlankBytes.isBlank($0) }) {
                records.append(Record(line: line, data: Data(slice)))
            }
            start = j + 1
            line += 1
        }
        return records
    }

    private static func splitArray(_ bytes: [UInt8], from open: Int, line startLine: Int, file: String) throws(InputError) -> [Record] {
        var records: [Record] = []
        var depth = 0
        var strings = JSONStringTracker()
        var line = startLine
        var elementStart: Int?
        var elementLine = startLine
        var i = open
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") { line += 1 }
            guard strings.consume(b) else {
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                if depth == 1, elementStart == nil { elementStart = i; elementLine = line }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 1, elementStart == nil { elementStart = i; elementLine = line }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    if let s = elementStart {
                        records.append(Record(line: elementLine, data: Data(bytes[s..<i])))
                    }
                    return records
                }
            case UInt8(ascii: ","):
                if depth == 1 {
                    if let s = elementStart {
                        records.append(Record(line: elementLine, data: Data(bytes[s..<i])))
                    } else {
                        throw InputError(file: file, line: line, message: "an empty element in the JSON array (two commas in a row)")
                    }
                    elementStart = nil
                }
            default:
                if depth == 1, elementStart == nil, !BlankBytes.isBlank(b) { elementStart = i; elementLine = line }
            }
            i += 1
        }
        let what = strings.inString ? "a string that is never closed" : "a JSON array that is never closed with ]"
        throw InputError(file: file, line: elementStart == nil ? line : elementLine, message: "the file ends inside \(what)")
    }
}

extension DecodingError {
    /// A sentence naming the field at fault and what was expected.
    public var readableDescription: String {
        func path(_ c: Context, _ extra: (any CodingKey)? = nil) -> String {
            let keys = c.codingPath + (extra.map { [$0] } ?? [])
            let joined = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
            return joined.isEmpty ? "the record" : "field `\(joined)`"
        }
        switch self {
        case .keyNotFound(let key, let c):
            return "\(path(c, key)) is missing"
        case .typeMismatch(let type, let c):
            return "\(path(c)) is not of the expected type \(type)"
        case .valueNotFound(let type, let c):
            return "\(path(c)) is null where a \(type) was expected"
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty {
                let detail = c.underlyingError.map { String(describing: $0) } ?? c.debugDescription
                return "not valid JSON (\(detail))"
            }
            return "\(path(c)): \(c.debugDescription)"
        @unknown default:
            return String(describing: self)
        }
    }
}
