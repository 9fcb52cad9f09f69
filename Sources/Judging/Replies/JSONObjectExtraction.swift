/// Finds the JSON object in a reply that may wrap it in prose or a code fence.
enum JSONObjectExtraction {
    /// The UTF-8 byte range of the first balanced `{…}` in `text`, scanning
    /// strings and escapes so that braces inside strings do not count; or
    /// `nil` when no object opens, or the first one never closes.
    static func firstObject(in text: String) -> Range<Int>? {
        let bytes = Array(text.utf8)
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for i in start..<bytes.count {
            let b = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return start..<(i + 1) }
            default: break
            }
        }
        return nil
    }
}
