/// What counts as blank between records and at a file's start, for every
/// reader that looks for a file's first meaningful byte: the JSON readers, and
/// a judge-scores file telling JSON Lines from CSV.
enum BlankBytes {
    /// Whether `b` is a space, tab, CR or LF.
    static func isBlank(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
    }

    /// The index in `window`, a file's first bytes, of the first byte that is not blank
    /// after a UTF-8 byte-order mark; `nil` when there is none.
    static func firstNonBlank(inFileStart window: UnsafeBufferPointer<UInt8>) -> Int? {
        window[UTF8Validation.byteOrderMarkLength(window)...].firstIndex { !isBlank($0) }
    }
}
