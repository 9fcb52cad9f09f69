/// Finding the first byte of a text that is not UTF-8, so that a reader can
/// name its line and column instead of replacing it silently with U+FFFD.
///
/// ASCII is checked 32 bytes (four words) at a time, so a mostly ASCII file costs a
/// small part of its parsing.
public enum UTF8Validation {
    /// The UTF-8 byte-order mark, `EF BB BF`.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The length of a byte-order mark at the start of `bytes`: 3 or 0.
    public static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Where the last UTF-8 sequence of `bytes` starts when it may be cut
    /// short by the end of a chunk (its lead byte is within the last three
    /// bytes, followed only by continuation bytes), `bytes.count` otherwise:
    /// what a chunked reader can check now, the rest waiting for the next chunk.
    public static func lastSequenceStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var i = bytes.count
        while i > 0, bytes.count - i < 3, bytes[i - 1] & 0xC0 == 0x80 { i -= 1 }
        return i > 0 && bytes[i - 1] >= 0xC0 ? i - 1 : bytes.count
    }

    /// The offset of the first byte that does not begin or continue a
    /// well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
    /// nothing past U+10FFFF), or `nil` when every byte is well formed.
    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        while i < n {
            // 32 bytes of ASCII at a time, then 8: one test and branch for four words.
            if i + 32 <= n {
                let words =
                    raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                if words & 0x8080_8080_8080_8080 == 0 {
                    i += 32
                    continue
                }
            }
            if i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + 1 < n, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length {
                guard i + k < n, bytes[i + k] & 0xC0 == 0x80 else { return i }
            }
            i += length
        }
        return nil
    }
}
