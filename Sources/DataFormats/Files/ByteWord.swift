/// Eight bytes of text as one `UInt64` (its first byte the lowest: `UInt64(littleEndian:)` of the
/// loaded word), searched for given bytes all at once: what lets the
/// CSV scanner step over a field's ordinary bytes without looking at each.
///
/// Each search answers a mask with the high bit (0x80) of every matching byte set and
/// nothing else, so byte *i* of the word matches when bit `8·i + 7` is set: the first
/// match is `mask.trailingZeroBitCount / 8`, and `mask & (mask − 1)` drops it. The masks
/// are exact for every byte, matches after the first included (no borrow runs from one
/// byte into the next, unlike the shorter `(x − 0x01…) & ~x & 0x80…` test, whose
/// matches after the first may be false).
enum ByteWord {
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in each of the eight bytes.
    static func repeating(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }

    /// The high bit of each byte of `word` that is not zero.
    ///
    /// A byte's low seven bits plus 0x7F carry into its high bit exactly when they are not
    /// all zero, and never past it (0x7F + 0x7F = 0xFE); or-ing the byte itself adds its own high bit.
    @inline(__always)
    static func nonzero(_ word: UInt64) -> UInt64 {
        ((word & lows) &+ lows) | word
    }

    /// The bytes of `word` that end an unquoted CSV field or need a closer look: the separator
    /// (`separators`, ``repeating(_:)`` of it), LF, CR and the quote.
    @inline(__always)
    static func specials(_ word: UInt64, separators: UInt64) -> UInt64 {
        let other =
            nonzero(word ^ separators) & nonzero(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            & nonzero(word ^ 0x0D0D_0D0D_0D0D_0D0D) & nonzero(word ^ 0x2222_2222_2222_2222)
        return ~other & highs
    }
}
