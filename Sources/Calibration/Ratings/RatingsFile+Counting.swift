import AgreementStatistics
import DataFormats
import Foundation

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
    /// - Throws: ``RatingColumns/groupMissing`` when a CSV or TSV file has no column `groupBy`.
    static func counted(
        _ source: ByteSource, file: String, format: RecordFormat, raters: [String], id: String?, groupBy: String?,
        scale: CategoryScale, parallelism: ReadingParallelism
    ) throws -> RatingsFile {
        let columns = Columns(raters: raters, id: id, groupBy: groupBy)
        guard let separator = format.separator else {
            // The paths in the order the item-by-item reading asks for them, so that a
            // field no record has is named as it names it.
            let reader = JSONLinesReader(paths: Array(Set(raters + [id, groupBy].compactMap { $0 })).sorted())
            return try counted(source, reader: reader, file: file, columns: columns, scale: scale, parallelism: parallelism)
        }
        let reader = CSVReader(separator: separator)
        return try counted(source, reader: reader, file: file, columns: columns, scale: scale, parallelism: parallelism)
    }

    /// The columns asked for by name.
    private struct Columns {
        let raters: [String]
        let id: String?
        let groupBy: String?

        func found(in header: [String], file: String) throws(InputError) -> RatingColumns {
            try RatingColumns(header: header, raters: raters, id: id, groupBy: groupBy, file: file)
        }
    }

    /// The file counted with `reader`: in chunks on several threads when it allows, else serially.
    private static func counted<Reader: ParallelRecordStreaming>(
        _ source: ByteSource, reader: Reader, file: String, columns: Columns, scale: CategoryScale,
        parallelism: ReadingParallelism
    ) throws -> RatingsFile {
        if case .file(let url, let windowSize) = source,
            let parallel = inParallel(
                url, windowSize: windowSize, parallelism: parallelism, reader: reader, file: file, columns: columns, scale: scale)
        {
            return try counted((parallel, []), source: source, reader: reader, file: file, raters: columns.raters)
        }
        let read = try serially(source, reader: reader, file: file, columns: columns, scale: scale)
        return try counted(read, source: source, reader: reader, file: file, raters: columns.raters)
    }

    /// The groups of a file counted (`read`), after its ids are checked, or its first unreadable rating.
    private static func counted<Reader: RecordStreaming>(
        _ read: (tally: GroupedRatingTally, firstError: [[InputError?]]), source: ByteSource, reader: Reader, file: String,
        raters: [String]
    ) throws -> RatingsFile {
        let columns = read.tally.columns
        if let idColumn = columns.id {
            try checkIdentifiers(
                read.tally.identifiers, source: source, reader: reader, file: file, column: idColumn, name: columns.names[idColumn])
        }
        if let error = read.firstError.lazy.flatMap({ $0 }).compactMap({ $0 }).first { throw error }
        return RatingsFile(
            file: file, groups: try read.tally.groups(raters: raters), scale: read.tally.scale, itemCount: read.tally.itemCount)
    }

    /// The file counted on the calling thread, with the first unreadable
    /// rating of each rater column in each group (file, line and column).
    private static func serially<Reader: RecordStreaming>(
        _ source: ByteSource, reader: Reader, file: String, columns: Columns, scale: CategoryScale
    ) throws(InputError) -> (tally: GroupedRatingTally, firstError: [[InputError?]]) {
        var tally: GroupedRatingTally?
        var firstError: [[InputError?]] = []
        try reader.forEachRow(in: source, file: file) { header throws(InputError) in
            tally = GroupedRatingTally(columns: try columns.found(in: header, file: file), scale: scale)
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
    private static func inParallel<Reader: ParallelRecordStreaming>(
        _ url: URL, windowSize: Int, parallelism: ReadingParallelism, reader: Reader, file: String, columns: Columns,
        scale: CategoryScale
    ) -> GroupedRatingTally? {
        guard parallelism.chunks > 1 else { return nil }
        var tallies: [GroupedRatingTally] = []
        // The row closure reaches its chunk's tally without retaining it: a
        // reference count shared by the threads would be written at every row.
        let unretained = UnsafeMutableBufferPointer<Unmanaged<GroupedRatingTally>>.allocate(capacity: parallelism.chunks)
        defer { unretained.deallocate() }
        let whole = reader.forEachRowInParallel(in: url, windowSize: windowSize, parallelism: parallelism) { header in
            for c in 0..<parallelism.chunks {
                guard let found = try? columns.found(in: header, file: file) else { return false }
                tallies.append(GroupedRatingTally(columns: found, scale: scale))
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
            try reader.forEachRow(in: source, file: file) { _ throws(InputError) in } row: { record throws(InputError) in
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
