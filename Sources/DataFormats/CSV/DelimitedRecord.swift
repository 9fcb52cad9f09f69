/// One record of a CSV or TSV file as ``CSVReader/forEachRow(in:file:header:row:)``
/// hands it over: its line and its fields as bytes.
///
/// The record points into the reader's buffer: it is valid only while the
/// closure that receives it runs, and must not be kept.
///
/// A field's bytes are as the file holds them, without the quotes around a
/// quoted field and with a doubled quote read as one. The file is known to be
/// UTF-8 by then, so ``text(_:)`` cannot fail.
public struct DelimitedRecord: FieldRecord {
    /// The 1-based line on which the record starts.
    public let line: Int
    private let bytes: UnsafePointer<UInt8>
    private let unescaped: UnsafePointer<UInt8>?
    private let spans: UnsafeBufferPointer<DelimitedScanner.FieldSpan>

    init(
        line: Int, bytes: UnsafePointer<UInt8>, unescaped: UnsafePointer<UInt8>?,
        spans: UnsafeBufferPointer<DelimitedScanner.FieldSpan>
    ) {
        self.line = line
        self.bytes = bytes
        self.unescaped = unescaped
        self.spans = spans
    }

    /// The number of fields.
    public var count: Int { spans.count }

    /// The bytes of field `index` (0-based), valid while the record is.
    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let span = spans[index]
        let base = span.isUnescaped ? unescaped ?? bytes : bytes
        return UnsafeBufferPointer(start: base + span.start, count: span.end - span.start)
    }
}
