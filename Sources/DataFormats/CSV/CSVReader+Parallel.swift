public import Foundation

extension CSVReader {
    /// How many threads read a file, and from what size on.
    public struct Parallelism: Sendable, Hashable {
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
        public static var automatic: Parallelism {
            Parallelism(chunks: ProcessInfo.processInfo.activeProcessorCount, minimumFileSize: 4 * ByteSource.defaultChunkSize)
        }

        /// Every file read on the calling thread.
        public static let serial = Parallelism(chunks: 1)
    }

    /// Thrown inside a parallel reading to stop a chunk; never leaves it.
    private static let stopped = InputError(file: "", message: "a chunk of a parallel reading stopped")

    /// Reads the rows of a file in chunks on several threads, or answers
    /// `false` and leaves the reading to ``forEachRow(in:file:header:row:)``.
    ///
    /// The file is cut at `chunks − 1` places, each moved forward to just after
    /// the next LF; chunk 0 starts at the file's start (its first record is the
    /// header), and each chunk is read with its own scanner, as if its start were
    /// the start of a record, in parallel (`DispatchQueue.concurrentPerform`,
    /// not the cooperative pool: this is long synchronous work).
    ///
    /// **Why the cuts are safe.** An LF inside a quoted field is not a record's
    /// end, and whether a byte is inside quotes depends on everything before
    /// it. So a chunk's start is not assumed but proven after the fact: chunk 0
    /// starts at the file's start; if chunk *c* started at a record's start and
    /// its scanner ends exactly at its last byte with a whole record (not inside
    /// a quoted field), then chunk *c + 1* starts at a record's start too, and
    /// its scanner reads the same records as a serial reading would from there
    /// (between records a scanner has no state but its position). Any chunk
    /// that does not end so — a cut inside a quoted field — makes the answer
    /// `false`, as does any error in any chunk (a malformed record, a ragged row,
    /// bytes that are not UTF-8, or `row` answering `false`): a serial reading
    /// then gives the rows, or the first error in file order with its line and
    /// column, exactly as it would have without this attempt.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - windowSize: the size of each thread's reading window (``ByteSource/defaultChunkSize``).
    ///   - parallelism: how many chunks, and from what file size on.
    ///   - header: receives the column names (distinct, checked) before any row; answers whether to go on.
    ///   - row: receives each row (one field per column, checked) with the index of its chunk, on
    ///     that chunk's thread: chunks run at the same time, each chunk's rows in file order. Answers
    ///     whether to go on. A record's ``DelimitedRecord/line`` counts from its chunk's first line
    ///     (lines are for errors, which come from the serial reading).
    /// - Returns: `true` when every row was handed over; `false` when the file is smaller than
    ///   the parallelism's minimum, cannot be split, or any chunk failed or stopped.
    public func forEachRowInParallel(
        in url: URL, windowSize: Int = ByteSource.defaultChunkSize, parallelism: Parallelism,
        header: ([String]) -> Bool, row: (_ chunk: Int, DelimitedRecord) -> Bool
    ) -> Bool {
        guard parallelism.chunks > 1, let size = Self.size(of: url), size >= parallelism.minimumFileSize,
            let width = headerWidth(of: url, header: header)
        else { return false }
        var starts = [0]
        for c in 1..<parallelism.chunks {
            if let start = Self.lineStart(in: url, from: size / parallelism.chunks * c, size: size), start > starts[starts.count - 1] {
                starts.append(start)
            }
        }
        let ranges = starts.indices.map { c in starts[c]..<(c + 1 < starts.count ? starts[c + 1] : size) }
        let whole = UnsafeMutableBufferPointer<Bool>.allocate(capacity: ranges.count)
        defer { whole.deallocate() }
        whole.initialize(repeating: false)
        // Each chunk's thread writes only its own cell of `whole`, and `row`
        // is documented to run on several threads at once, each with its own
        // chunk index: what Sendable cannot say, so they are passed unchecked.
        return withoutActuallyEscaping(row) { row in
            nonisolated(unsafe) let row = row
            nonisolated(unsafe) let whole = whole
            DispatchQueue.concurrentPerform(iterations: ranges.count) { c in
                let row = row
                do {
                    whole[c] = try records(
                        in: .file(url, chunkSize: windowSize), range: ranges[c], file: "", startsFile: c == 0, endsFile: c == ranges.count - 1, width: c == 0 ? nil : width,
                        header: { _ in }, row: { record throws(InputError) in guard row(c, record) else { throw Self.stopped } }
                    ).endsWhole
                } catch {
                    whole[c] = false
                }
            }
            return whole.allSatisfy { $0 }
        }
    }

    /// The header's width after handing its names to `header`, `nil` when
    /// the file does not start with a good header or `header` declines it.
    private func headerWidth(of url: URL, header: ([String]) -> Bool) -> Int? {
        var width: Int?
        do {
            try forEachRow(in: .file(url, chunkSize: 1 << 16), file: "") { names throws(InputError) in
                if header(names) { width = names.count }
                throw Self.stopped
            } row: { _ in }
        } catch {}
        return width
    }

    private static func size(of url: URL) -> Int? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The offset just after the first LF at or after `offset`, `nil` when there is none before the file's end.
    private static func lineStart(in url: URL, from offset: Int, size: Int) -> Int? {
        var found: Int?
        var start = offset
        try? ByteSource.file(url, chunkSize: 1 << 16).withWindows(range: offset..<size) { bytes, count, _ throws(InputError) in
            if let lf = UnsafeBufferPointer(start: bytes, count: count).firstIndex(of: DelimitedScanner.lf) {
                found = start + lf + 1
                throw stopped
            }
            start += count
            return count
        }
        return found.flatMap { $0 < size ? $0 : nil }
    }
}
