/// Follows a JSON text byte by byte and tells which bytes stand outside
/// strings, so that a scanner looking for structure (`{`, `[`, `,`) is not
/// fooled by the same characters inside a string or after a backslash.
public struct JSONStringTracker: Sendable {
    /// Whether the last byte consumed left the scan inside a string.
    public private(set) var inString = false
    private var escaped = false

    /// A tracker outside any string.
    public init() {}

    /// Consumes one byte and says whether it is structural.
    ///
    /// Structural bytes are those outside every string, and the quote that
    /// opens one. Bytes inside a string, and the quote that closes it, are not.
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard inString else {
            if byte == UInt8(ascii: "\"") { inString = true }
            return true
        }
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
        }
        return false
    }
}
