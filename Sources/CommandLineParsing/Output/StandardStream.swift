import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of the process's standard streams, written with `write(2)` and never trapping: the first
/// write that fails (a full disk, `/dev/full`, a closed pipe with SIGPIPE ignored) is remembered,
/// and every later write to the stream is dropped.
///
/// ``Command/main()`` asks standard output's ``failure`` after the command has run, and a command
/// whose results could not all be written ends with ``ExitCode/ioError`` instead of claiming success.
public final class StandardStream: Sendable {
    private let descriptor: Int32
    private let failed = Mutex<Int32?>(nil)

    /// Standard output.
    public static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// Standard error.
    public static let error = StandardStream(descriptor: STDERR_FILENO)

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Writes every byte of `text` (continuing after short and interrupted writes), unless an
    /// earlier write failed.
    public func write(_ text: String) {
        var text = text
        failed.withLock { failure in
            guard failure == nil else { return }
            failure = text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count, let base = bytes.baseAddress {
                    let n = writeToDescriptor(descriptor, base + offset, bytes.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += n
                }
                return nil
            }
        }
    }

    /// Why a write failed (the system's words), or `nil` when every write went through.
    public var failure: String? {
        failed.withLock { $0.map { String(cString: strerror($0)) } }
    }
}

/// `write(2)`, out of reach of ``StandardStream/write(_:)``'s own name.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
