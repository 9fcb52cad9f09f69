import Foundation

/// The line where each value of a JSON document starts, by path
/// (`dimensions[0].scale.levels[2]`), so that errors in a JSON rubric can
/// name a line as errors in a Markdown rubric do.
struct JSONSourceMap {
    private(set) var lines: [String: Int] = [:]
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    /// Maps `data`; a document that is not valid JSON maps as far as it reads.
    init(_ data: Data) {
        bytes = Array(data)
        value(path: "")
    }

    /// The line of the value at `path`, or `nil` when there is none.
    func line(of path: String) -> Int? { lines[path] }

    /// The line of the byte at `offset` (0-based).
    static func line(ofByte offset: Int, in data: Data) -> Int {
        1 + data.prefix(max(0, offset)).filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// A path written as the map writes it, from a decoding error's coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let i = key.intValue { return path + "[\(i)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }

    private mutating func skipBlanks() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
    }

    private mutating func value(path: String) {
        skipBlanks()
        guard position < bytes.count else { return }
        lines[path] = line
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            while true {
                skipBlanks()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { break }
                let key = string()
                skipBlanks()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return }
                position += 1
                value(path: path.isEmpty ? key : path + "." + key)
                skipBlanks()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                position += 1
            }
            position += 1
        case UInt8(ascii: "["):
            position += 1
            var index = 0
            while true {
                skipBlanks()
                guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { break }
                value(path: path + "[\(index)]")
                index += 1
                skipBlanks()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                position += 1
            }
            position += 1
        case UInt8(ascii: "\""):
            _ = string()
        default:
            while position < bytes.count, !",]} \t\r\n".utf8.contains(bytes[position]) { position += 1 }
        }
    }

    /// Reads a string starting at its opening quote and returns its raw text.
    private mutating func string() -> String {
        position += 1
        let start = position
        var escaped = false
        while position < bytes.count {
            let b = bytes[position]
            if escaped {
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "\"") {
                break
            }
            position += 1
        }
        let raw = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
        position += 1
        return raw
    }
}
