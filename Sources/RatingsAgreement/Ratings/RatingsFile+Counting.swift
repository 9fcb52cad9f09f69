import DataFormats
import Foundation
import StatisticsCore

extension RatingsFile {
    /// Reads rater columns of a CSV, TSV or JSON Lines file straight into one k×k table
    /// per pair of raters (``PairTables``) per group (``GroupedRatingTally``), keeping
    /// nothing per row but, with `id`, an 8-byte hash of each id (``ItemIdentifiers``):
    /// what a statistic computable from pair tables needs (``AgreementStatistic/isComputable(fromPairTablesOf:)``).
    ///
    /// Cells read as ``RatingCell`` reads them and errors are those of
    /// ``columns(_:file:format:raters:id:groupBy:scale:statistic:parallelism:)``, in the
    /// same order: a malformed file, a missing rater column then the id column,
    /// a blank or repeated id, then the first bad rating of the first rater
    /// column that has one in the first group that has one.
    ///
    /// With `scale` `nil` or a statistic that needs the values, each group's ratings are kept
    /// instead, rater by rater (``RatingValues``): a column of numbers per rater, not a record per row.
    static func streamed(
        _ source: ByteSource, file: String, format: RecordFormat, raters: [String], id: String?, groupBy: String?,
        scale: CategoryScale?, counting: Bool, parallelism: ReadingParallelism
    ) throws -> RatingsFile {
        let columns = Columns(raters: raters, id: id, groupBy: groupBy, scale: scale)
        if counting, let scale {
            return try streamed(source, file: file, format: format, columns: columns, parallelism: parallelism) {
                RatingTally(raters: $0, scale: scale)
            }
        }
        return try streamed(source, file: file, format: format, columns: columns, parallelism: parallelism) {
            RatingValues(raters: $0, scale: scale)
        }
    }

    /// The file read with the reader of its format.
    private static func streamed<Rows: GroupRows>(
        _ source: ByteSource, file: String, format: RecordFormat, columns: Columns, parallelism: ReadingParallelism,
        makeRows: @escaping ([Int]) -> Rows
    ) throws -> RatingsFile {
        guard let separator = format.separator else {
            // The paths in the order the item-by-item reading asks for them, so that a
            // field no record has is named as it names it.
            let paths = Array(Set(columns.raters + [columns.id, columns.groupBy].compactMap { $0 })).sorted()
            return try counted(
                source, reader: JSONLinesReader(paths: paths), file: file, columns: columns, parallelism: parallelism,
                makeRows: makeRows)
        }
        return try counted(
            source, reader: CSVReader(separator: separator), file: file, columns: columns, parallelism: parallelism,
            makeRows: makeRows)
    }

    /// The columns asked for by name, and the declared categories.
    private struct Columns {
        let raters: [String]
        let id: String?
        let groupBy: String?
        let scale: CategoryScale?

        func found(in header: [String], file: String) throws(InputError) -> RatingColumns {
            try RatingColumns(header: header, raters: raters, id: id, groupBy: groupBy, file: file)
        }
    }

    /// The file counted with `reader`: in chunks on several threads when it allows, else serially.
    private static func counted<Reader: ParallelRecordStreaming, Rows: GroupRows>(
        _ source: ByteSource, reader: Reader, file: String, columns: Columns, parallelism: ReadingParallelism,
        makeRows: @escaping ([Int]) -> Rows
    ) throws -> RatingsFile {
        if case .file(let url, let windowSize) = source,
            let parallel = inParallel(
                url, windowSize: windowSize, parallelism: parallelism, reader: reader, file: file, columns: columns,
                makeRows: makeRows)
        {
            return try counted((parallel, []), source: source, reader: reader, file: file, columns: columns)
        }
        let read = try serially(source, reader: reader, file: file, columns: columns, makeRows: makeRows)
        return try counted(read, source: source, reader: reader, file: file, columns: columns)
    }

    /// The groups of a file counted (`read`), after its ids are checked, or its first unreadable rating.
    private static func counted<Reader: RecordStreaming, Rows: GroupRows>(
        _ read: (tally: GroupedRatingTally<Rows>, firstError: [[InputError?]]), source: ByteSource, reader: Reader,
        file: String, columns: Columns
    ) throws -> RatingsFile {
        let found = read.tally.columns
        if let idColumn = found.id {
            try checkIdentifiers(
                read.tally.identifiers, source: source, reader: reader, file: file, column: idColumn, name: found.names[idColumn])
        }
        if let missing = found.groupMissing { throw missing }
        let groups = try read.tally.groups(raters: columns.raters, firstError: read.firstError)
        return RatingsFile(file: file, groups: groups, scale: columns.scale, itemCount: read.tally.itemCount)
    }

    /// The file counted on the calling thread, with the first unreadable
    /// rating of each rater column in each group (file, line and column).
    private static func serially<Reader: RecordStreaming, Rows: GroupRows>(
        _ source: ByteSource, reader: Reader, file: String, columns: Columns, makeRows: @escaping ([Int]) -> Rows
    ) throws(InputError) -> (tally: GroupedRatingTally<Rows>, firstError: [[InputError?]]) {
        var tally: GroupedRatingTally<Rows>?
        var firstError: [[InputError?]] = []
        try reader.forEachRow(in: source, file: file) { header throws(InputError) in
            tally = GroupedRatingTally(columns: try columns.found(in: header, file: file), makeRows: makeRows)
        } row: { record throws(InputError) in
            guard let tally else { preconditionFailure("forEachRow hands over the header before any row") }
            _ = tally.count(record) { g, r, failure in
                while firstError.count <= g { firstError.append(Array(repeating: nil, count: columns.raters.count)) }
                if firstError[g][r] == nil {
                    firstError[g][r] = InputError(
                        file: file, line: record.line, column: tally.columns.names[tally.columns.raters[r]],
                        message: failure.message)
                }
            }
        }
        guard let tally else { preconditionFailure("forEachRow returns only after a header") }
        return (tally, firstError)
    }

    /// The file counted in chunks on several threads (``ParallelRecordStreaming/forEachRowInParallel(in:windowSize:parallelism:header:row:)``),
    /// one tally per chunk added up in chunk order; `nil` when it was not
    /// read so, or when any chunk met a missing column, an unreadable rating
    /// or a blank id: the serial reading then names the first in file order.
    private static func inParallel<Reader: ParallelRecordStreaming, Rows: GroupRows>(
        _ url: URL, windowSize: Int, parallelism: ReadingParallelism, reader: Reader, file: String, columns: Columns,
        makeRows: @escaping ([Int]) -> Rows
    ) -> GroupedRatingTally<Rows>? {
        guard parallelism.chunks > 1 else { return nil }
        var tallies: [GroupedRatingTally<Rows>] = []
        // The row closure reaches its chunk's tally without retaining it: a
        // reference count shared by the threads would be written at every row.
        let unretained = UnsafeMutableBufferPointer<Unmanaged<GroupedRatingTally<Rows>>>.allocate(capacity: parallelism.chunks)
        defer { unretained.deallocate() }
        let whole = reader.forEachRowInParallel(in: url, windowSize: windowSize, parallelism: parallelism) { header in
            for c in 0..<parallelism.chunks {
                guard let found = try? columns.found(in: header, file: file) else { return false }
                tallies.append(GroupedRatingTally(columns: found, makeRows: makeRows))
                unretained[c] = Unmanaged.passUnretained(tallies[c])
            }
            return true
        } row: { chunk, record in
            unretained[chunk]._withUnsafeGuaranteedRef { tally in
                tally.count(record) { _, _, _ in } && tally.identifiers.firstBlankLine == nil
            }
        }
        guard whole else { return nil }
        for other in tallies.dropFirst() { tallies[0].absorb(other) }
        return tallies[0]
    }

    /// The first blank or repeated id in file order, as ``columns(_:file:format:raters:id:groupBy:scale:statistic:parallelism:)``
    /// reports it: repeated hashes are resolved by reading the file again and
    /// comparing the texts of those ids alone.
    private static func checkIdentifiers<Reader: RecordStreaming>(
        _ identifiers: ItemIdentifiers, source: ByteSource, reader: Reader, file: String, column: Int, name: String
    ) throws(InputError) {
        let blank = identifiers.firstBlankLine
        let repeated = identifiers.repeatedHashes()
        var duplicate: InputError?
        if !repeated.isEmpty {
            var firstLine: [String: Int] = [:]
            try reader.forEachRow(in: source, file: file) { _ throws(InputError) in
            } row: { record throws(InputError) in
                guard duplicate == nil, blank.map({ record.line < $0 }) ?? true else { return }
                let bytes = record.bytes(column)
                guard repeated.contains(ItemIdentifiers.hash(bytes)) else { return }
                let id = String(decoding: bytes, as: UTF8.self)
                if let first = firstLine[id] {
                    duplicate = InputError(
                        file: file, line: record.line, column: name,
                        message: "the id '\(id)' was already used on line \(first); ids must be unique")
                } else {
                    firstLine[id] = record.line
                }
            }
        }
        if let duplicate { throw duplicate }
        if let blank { throw InputError(file: file, line: blank, column: name, message: "the id is blank; every item needs one") }
    }
}
