public import Foundation

extension JSONRecords {
    /// Reads named fields of every record of a JSON Lines file (or JSON array)
    /// into a ``RecordTable``, one row per record with the line it starts on
    /// and one column per path, as ``JSONLinesReader`` reads them: a number
    /// written as text (`3`, `2.5`), `true`/`false` as such, and a missing
    /// field or `null` as a blank cell, which reads as missing.
    ///
    /// - Parameters:
    ///   - paths: the fields to read (dotted paths); they become the column names.
    ///   - file: the name used in errors.
    /// - Throws: ``InputError`` as ``JSONLinesReader/forEachRow(in:file:header:row:)`` describes.
    public static func table(_ data: Data, paths: [String], file: String) throws(InputError) -> RecordTable {
        var table = RecordTable(file: file, columns: paths)
        var row: [String] = []
        try JSONLinesReader(paths: paths).forEachRow(in: .data(data), file: file) { _ in } row: { record in
            row.removeAll(keepingCapacity: true)
            for c in 0..<record.count { row.append(record.text(c)) }
            table.append(row, line: record.line)
        }
        return table
    }
}
