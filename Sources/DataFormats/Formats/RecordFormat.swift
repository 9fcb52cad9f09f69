public import Foundation

/// How a file of records is written: comma- or tab-separated values, or JSON
/// Lines; one reader for each, all giving a ``RecordTable``.
public enum RecordFormat: String, Sendable, Hashable, CaseIterable {
    case csv, tsv, jsonl

    /// The format a file's extension names (`.csv`; `.tsv` or `.tab`;
    /// `.jsonl`, `.ndjson` or `.json`), if any.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson", "json": self = .jsonl
        default: return nil
        }
    }

    /// The field separator of a delimited format; `nil` for JSON Lines.
    public var separator: Unicode.Scalar? {
        switch self {
        case .csv: ","
        case .tsv: "\t"
        case .jsonl: nil
        }
    }

    /// The records of `data` as a table.
    ///
    /// - Parameters:
    ///   - fields: for JSON Lines, the dotted field paths to read (they become
    ///     the columns; see ``JSONRecords/table(_:paths:file:)``); delimited
    ///     files keep every column of their header.
    ///   - file: the name used in errors.
    /// - Throws: ``InputError`` naming file, line and column.
    public func table(_ data: Data, fields: [String], file: String) throws -> RecordTable {
        if let separator { return try CSVReader(separator: separator).read(data, file: file) }
        return try JSONRecords.table(data, paths: fields, file: file)
    }
}
