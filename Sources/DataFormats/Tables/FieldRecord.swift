public import Foundation

/// One record of a file as a streaming reader hands it over: its line and
/// the bytes of its fields, for callers that count or convert fields as they
/// go without a `String` per field.
///
/// A record points into its reader's buffers: it is valid only while the
/// closure that receives it runs, and must not be kept.
public protocol FieldRecord {
    /// The 1-based line on which the record starts.
    var line: Int { get }
    /// The number of fields.
    var count: Int { get }
    /// The UTF-8 bytes of field `index` (0-based), valid while the record is.
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8>
}

extension FieldRecord {
    /// The text of field `index` (0-based).
    public func text(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }
}

/// A reader that streams a file's records with memory that does not grow
/// with it: its column names first, then each record's fields as bytes
/// (``CSVReader`` for CSV and TSV, ``JSONLinesReader`` for JSON Lines).
public protocol RecordStreaming {
    /// The records this reader hands over.
    associatedtype Record: FieldRecord

    /// Calls `header` with the column names, then `row` with every record, in file order.
    ///
    /// - Parameter file: the file's name as the user gave it, for errors.
    /// - Throws: ``InputError`` naming file, line and column for a malformed file, or what the closures throw.
    func forEachRow(
        in source: ByteSource, file: String, header: ([String]) throws(InputError) -> Void,
        row: (Record) throws(InputError) -> Void
    ) throws(InputError)
}

/// A streaming reader that can also read a large file in chunks on several threads
/// (``CSVReader`` and ``JSONLinesReader``), falling back to its serial reading.
public protocol ParallelRecordStreaming: RecordStreaming {
    /// Hands the column names to `header`, then every record to `row` with the index of
    /// its chunk, chunks on threads of their own; or answers `false` when the file was
    /// not read so (too small, not splittable, an error or a refusal in any chunk), and
    /// what was handed over does not count.
    func forEachRowInParallel(
        in url: URL, windowSize: Int, parallelism: ReadingParallelism, header: ([String]) -> Bool,
        row: (_ chunk: Int, Record) -> Bool
    ) -> Bool
}
