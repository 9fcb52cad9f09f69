public import Foundation

/// A file held open so that records whose places an earlier read found
/// (``JSONLinesReader/forEachLine(in:file:withOffsets:)``) can be read again,
/// each with one `pread`.
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
        var filled = 0
        let failed: Bool = out.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return false }
            while filled < range.count {
                let count = pread(descriptor, base + filled, range.count - filled, off_t(range.lowerBound + filled))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count < 0 }
                filled += count
            }
            return false
        }
        guard !failed else { throw Self.unreadable(name) }
        if filled < range.count { out.removeSubrange(filled...) }
        return out
    }

    private static func unreadable(_ name: String) -> InputError {
        InputError(file: name, message: "cannot be read (\(String(cString: strerror(errno))))")
    }
}
