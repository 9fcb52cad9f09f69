/// One record of a CSV or TSV file as ``CSVReader/forEachRow(in:file:header:row:)``
/// hands it over: its line and its fields as bytes.
///
/// The record points into the reader's buffer: it is valid only while the
/// closure that receives it runs, and must not be kept.
///
/// A field's bytes are as the file holds them, without the quotes around a
/// quoted field and with a doubled quote read as one. The file is known to be
/// UTF-8 by then, so ``text(_:)`` cannot fail.
///
/// Its field access is inlinable, so that a caller in another module counting a
/// record's fields does not make a call for each (a few percent of counting a file).
public struct DelimitedRecord: FieldRecord {
    /// The 1-based line on which the record starts.
    public let line: Int
    @usableFromInline let spans: UnsafeBufferPointer<DelimitedScanner.FieldSpan>

    init(line: Int, spans: UnsafeBufferPointer<DelimitedScanner.FieldSpan>) {
        self.line = line
        self.spans = spans
    }

    /// The number of fields.
    @inlinable public var count: Int { spans.count }

    /// The bytes of field `index` (0-based), valid while the record is.
    @inlinable public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let span = spans[index]
        return UnsafeBufferPointer(start: span.start, count: span.count)
    }
}
