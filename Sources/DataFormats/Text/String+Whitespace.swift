import Foundation

extension String {
    /// A cell's text from its UTF-8 bytes without the whitespace around it:
    /// the same `String` as `String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)`,
    /// without Foundation's detour through `NSString` for the usual cell.
    ///
    /// `.whitespaces` is Unicode's space separators (Zs) and the tab. Spaces and tabs
    /// are stripped here byte by byte; when the first or last byte left is not ASCII
    /// (it may begin or end a no-break or ideographic space), Foundation trims the
    /// whole text instead, so the answer is the same for every input. The readers
    /// of label sheets and judge scores call this once a cell, which was a third of
    /// the time of `align` on a judge's scores through Foundation.
    ///
    /// - Parameter bytes: UTF-8 text (invalid sequences read as U+FFFD, as `String(decoding:as:)` reads them).
    public init(whitespaceTrimmed bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 {
            self = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        } else {
            self = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The text without the whitespace around it: `trimmingCharacters(in: .whitespaces)`,
    /// computed as ``init(whitespaceTrimmed:)`` computes it.
    public var whitespaceTrimmed: String {
        var text = self
        return text.withUTF8 { String(whitespaceTrimmed: $0) }
    }
}
