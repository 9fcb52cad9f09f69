public import Foundation

/// Where a reader's bytes come from: a buffer already in memory, or a file
/// read in chunks so that memory does not grow with its size.
public enum ByteSource: Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file, read `chunkSize` bytes at a time (more when one record is longer).
    case file(URL, chunkSize: Int = ByteSource.defaultChunkSize)

    /// The size of one chunk of a file, 4 MiB: large enough that a read call
    /// costs nothing beside parsing it, small beside the memory a table takes.
    public static let defaultChunkSize = 1 << 22

    /// Calls `body` with successive windows of the source's bytes.
    ///
    /// `body` receives the buffer, how many of its bytes are filled, and
    /// whether they reach the end of the source; it answers how many bytes from
    /// the front it has consumed. The rest stay at the front of the next
    /// window, followed by the next chunk (the buffer doubles when `body`
    /// consumes nothing of a full one). `body` is called once with everything
    /// for ``data(_:)``.
    ///
    /// - Parameter range: the bytes to read, all when `nil`; its end, or the
    ///   source's when it is shorter, is what `atEnd` then means.
    /// - Throws: ``InputError`` naming the file when it cannot be read, or what `body` throws.
    func withWindows(
        range: Range<Int>? = nil,
        _ body: (_ bytes: UnsafePointer<UInt8>, _ count: Int, _ atEnd: Bool) throws(InputError) -> Int
    ) throws(InputError) {
        switch self {
        case .data(let data):
            let result = data.withUnsafeBytes { raw in
                Result { () throws(InputError) in
                    guard let base = raw.bindMemory(to: UInt8.self).baseAddress else {
                        let nothing: UInt8 = 0
                        _ = try withUnsafePointer(to: nothing) { pointer throws(InputError) in try body(pointer, 0, true) }
                        return
                    }
                    let bytes = range.map { $0.clamped(to: 0..<raw.count) } ?? 0..<raw.count
                    _ = try body(base + bytes.lowerBound, bytes.count, true)
                }
            }
            try result.get()
        case .file(let url, let chunkSize):
            try Self.windows(of: url, range: range ?? 0..<Int.max, chunkSize: chunkSize, body)
        }
    }

    /// The first byte after a UTF-8 byte-order mark that is not a space, tab, CR or LF,
    /// read window by window until found; `nil` for a source with none (empty or blank).
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public func firstNonBlankByte() throws(InputError) -> UInt8? {
        var first: UInt8?
        var skipped = 0
        do {
            try withWindows { bytes, count, atEnd throws(InputError) in
                guard skipped > 0 || count >= UTF8Validation.byteOrderMark.count || atEnd else { return 0 }
                let window = UnsafeBufferPointer(start: bytes, count: count)
                let index = skipped == 0 ? BlankBytes.firstNonBlank(inFileStart: window) : window.firstIndex { !BlankBytes.isBlank($0) }
                skipped += 1
                if let i = index {
                    first = bytes[i]
                    throw Self.found
                }
                return count
            }
        } catch {
            guard first != nil else { throw error }
        }
        return first
    }

    /// Thrown to stop reading windows once ``firstNonBlankByte()`` has its byte.
    private static let found = InputError(file: "", message: "found")

    private static func windows(
        of url: URL, range: Range<Int>, chunkSize: Int, _ body: (UnsafePointer<UInt8>, Int, Bool) throws(InputError) -> Int
    ) throws(InputError) {
        let file = try RecordFile(url)
        var offset = range.lowerBound
        var capacity = max(1, chunkSize)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0
        var atEnd = false
        while true {
            while filled < capacity, !atEnd {
                let wanted = min(capacity - filled, range.upperBound - offset)
                let count = try file.read(into: buffer + filled, count: wanted, at: offset)
                if count == 0 { atEnd = true }
                filled += count
                offset += count
            }
            let consumed = try body(buffer, filled, atEnd)
            if atEnd { return }
            if consumed == 0 {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            } else {
                memmove(buffer, buffer + consumed, filled - consumed)
                filled -= consumed
            }
        }
    }
}
