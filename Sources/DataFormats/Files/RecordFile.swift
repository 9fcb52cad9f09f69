public import Foundation

/// A file held open and read at offsets with `pread`: the one place the
/// package opens and reads a file by offset. Records whose places an earlier
/// read found (``JSONLinesReader/forEachLine(in:file:withOffsets:)``) are read
/// again each with one call, and ``ByteSource`` reads a file's windows through it.
///
/// The file is opened once, when this is made, and closed when the last copy
/// of it is released; `pread` takes its offset as an argument, so any number
/// of tasks may read through one `RecordFile` at once. The file is expected
/// not to change while it is read: a record read after a change is whatever
/// bytes are then at its place (the caller checks them).
public final class RecordFile: Sendable {
    /// The file's name as errors show it (``InputFile/displayName(_:)``).
    public let name: String
    private let descriptor: Int32

    /// Opens the file at `url` for reading.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be opened.
    public init(_ url: URL) throws(InputError) {
        name = InputFile.displayName(url)
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.unreadable(name) }
    }

    deinit { close(descriptor) }

    /// The bytes of `range`, fewer when the file ends first.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public func bytes(in range: Range<Int>) throws(InputError) -> Data {
        var out = Data(count: range.count)
        let filled = out.withUnsafeMutableBytes { raw in
            Result { () throws(InputError) -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return try read(into: base, count: range.count, at: range.lowerBound)
            }
        }
        let count = try filled.get()
        if count < range.count { out.removeSubrange(count...) }
        return out
    }

    /// Reads `count` bytes from `offset` into `buffer`, fewer only where the file ends, and returns
    /// how many it read: `pread` again after a short read, and after an interrupted one.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(InputError) -> Int {
        var filled = 0
        while filled < count {
            let read = pread(descriptor, buffer + filled, count - filled, off_t(offset + filled))
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw Self.unreadable(name) }
            if read == 0 { break }
            filled += read
        }
        return filled
    }

    private static func unreadable(_ name: String) -> InputError {
        InputError(file: name, message: "cannot be read (\(String(cString: strerror(errno))))")
    }
}
