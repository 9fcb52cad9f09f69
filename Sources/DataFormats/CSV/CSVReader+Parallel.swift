public import Foundation

extension CSVReader {
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
        in url: URL, windowSize: Int = ByteSource.defaultChunkSize, parallelism: ReadingParallelism,
        header: ([String]) -> Bool, row: (_ chunk: Int, DelimitedRecord) -> Bool
    ) -> Bool {
        guard let ranges = parallelism.lineChunks(of: url), let width = headerWidth(of: url, header: header) else { return false }
        return ReadingParallelism.all(ranges.count) { c in
            do {
                return try records(
                    in: .file(url, chunkSize: windowSize), range: ranges[c], file: "", startsFile: c == 0, endsFile: c == ranges.count - 1,
                    width: c == 0 ? nil : width, header: { _ in },
                    row: { record throws(InputError) in guard row(c, record) else { throw ReadingParallelism.stopped } }
                ).endsWhole
            } catch {
                return false
            }
        }
    }

    /// The header's width after handing its names to `header`, `nil` when
    /// the file does not start with a good header or `header` declines it.
    private func headerWidth(of url: URL, header: ([String]) -> Bool) -> Int? {
        guard let names = try? columns(in: .file(url, chunkSize: 1 << 16), file: ""), header(names) else { return nil }
        return names.count
    }
}
