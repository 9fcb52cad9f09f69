import DataFormats
import EvaluationCore

/// Finds the JSON object in a reply that may wrap it in prose or a code fence.
enum JSONObjectExtraction {
    /// The UTF-8 byte ranges of the balanced `{…}` spans of `text`, in order,
    /// each found by scanning from the first `{` after the previous span
    /// (strings and escapes are scanned so that braces inside strings do not
    /// count).
    ///
    /// The list stops at a span that never closes.
    static func objects(in text: String) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var spans: [Range<Int>] = []
        var from = 0
        while let span = firstObject(in: bytes, from: from) {
            spans.append(span)
            from = span.upperBound
        }
        return spans
    }

    private static func firstObject(in bytes: [UInt8], from: Int) -> Range<Int>? {
        guard let start = bytes[from...].firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0
        var strings = JSONStringTracker()
        for i in start..<bytes.count {
            let b = bytes[i]
            guard strings.consume(b) else { continue }
            switch b {
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
