import Foundation

/// How many threads read a file, and from what size on: what
/// ``CSVReader/forEachRowInParallel(in:windowSize:parallelism:header:row:)`` and
/// ``JSONLinesReader/forEachRowInParallel(in:windowSize:parallelism:header:row:)`` share,
/// with the cutting of a file into chunks at line ends that both rely on.
public struct ReadingParallelism: Sendable, Hashable {
    /// How many chunks a file is split into, each read on a thread of its own; 1 reads it serially.
    public var chunks: Int
    /// Files smaller than this (in bytes) are read serially: starting threads would cost more than they save.
    public var minimumFileSize: Int

    /// Splits files of `minimumFileSize` bytes or more into `chunks` chunks.
    public init(chunks: Int, minimumFileSize: Int = 0) {
        self.chunks = max(1, chunks)
        self.minimumFileSize = minimumFileSize
    }

    /// One chunk per processor for files of 16 MiB and more (four reading windows).
    public static var automatic: ReadingParallelism {
        ReadingParallelism(chunks: ProcessInfo.processInfo.activeProcessorCount, minimumFileSize: 4 * ByteSource.defaultChunkSize)
    }

    /// Every file read on the calling thread.
    public static let serial = ReadingParallelism(chunks: 1)

    /// Thrown to stop a search or a chunk's reading; never leaves this module.
    static let stopped = InputError(file: "", message: "a chunk of a parallel reading stopped")

    /// The byte ranges of the file at `url` cut into at most ``chunks`` chunks: the
    /// cuts at `size / chunks · c`, each moved forward to just after the next LF
    /// (cuts that meet, or find no LF before the end, are dropped). `nil` when
    /// this reads serially, the file is smaller than ``minimumFileSize`` or cannot be read.
    func lineChunks(of url: URL) -> [Range<Int>]? {
        var status = stat()
        guard chunks > 1, stat(url.path, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        guard size >= minimumFileSize else { return nil }
        var starts = [0]
        for c in 1..<chunks {
            if let start = Self.lineStart(in: url, from: size / chunks * c, size: size), start > starts[starts.count - 1] {
                starts.append(start)
            }
        }
        return starts.indices.map { c in starts[c]..<(c + 1 < starts.count ? starts[c + 1] : size) }
    }

    /// Calls `body` with each index below `count`, on threads of their own
    /// (`DispatchQueue.concurrentPerform`, not the cooperative pool: this is long
    /// synchronous work), and answers whether every call answered `true`.
    ///
    /// `body` runs on several threads at once, each with its own index: what
    /// `Sendable` cannot say, so it is passed unchecked.
    static func all(_ count: Int, _ body: (Int) -> Bool) -> Bool {
        let answers = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
        defer { answers.deallocate() }
        answers.initialize(repeating: false)
        return withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            nonisolated(unsafe) let answers = answers
            DispatchQueue.concurrentPerform(iterations: count) { c in answers[c] = body(c) }
            return answers.allSatisfy { $0 }
        }
    }

    /// The offset just after the first LF at or after `offset`, `nil` when there is none before the file's end.
    private static func lineStart(in url: URL, from offset: Int, size: Int) -> Int? {
        var found: Int?
        var start = offset
        try? ByteSource.file(url, chunkSize: 1 << 16).withWindows(range: offset..<size) { bytes, count, _ throws(InputError) in
            if let lf = memchr(bytes, Int32(UInt8(ascii: "\n")), count) {
                found = start + bytes.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
                throw stopped
            }
            start += count
            return count
        }
        return found.flatMap { $0 < size ? $0 : nil }
    }
}
