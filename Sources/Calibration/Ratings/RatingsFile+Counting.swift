import AgreementStatistics
import DataFormats

extension RatingsFile {
    /// Reads rater columns of a CSV or TSV file straight into one k×k table
    /// per pair of raters (``PairTables``), keeping nothing per row but, with
    /// `id`, an 8-byte hash of each id (``ItemIdentifiers``): what a statistic
    /// computable from pair tables needs (``AgreementStatistic/isComputable(fromPairTablesOf:)``).
    ///
    /// Cells read as ``RatingCell`` reads them and errors are those of
    /// ``columns(_:file:format:raters:id:groupBy:scale:statistic:)``, in the
    /// same order: a malformed file, a missing rater column then the id column,
    /// a blank or repeated id, then the first bad rating of the first rater
    /// column that has one.
    static func counted(
        _ source: ByteSource, file: String, separator: Unicode.Scalar, raters: [String], id: String?, scale: CategoryScale
    ) throws -> RatingsFile {
        let reader = CSVReader(separator: separator)
        let cell = RatingCell(scale: scale)
        let k = scale.count
        let pairs = RaterRatings.pairs(of: raters.count)
        var names: [String] = []
        var idColumn: Int?
        var firstError = [InputError?](repeating: nil, count: raters.count)
        var identifiers = ItemIdentifiers()
        var items = 0
        // Plain buffers, not arrays: the row closure runs once a row, and an
        // array captured by it would be checked for uniqueness at every write.
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: pairs.count * k * k)
        let excluded = UnsafeMutableBufferPointer<Int>.allocate(capacity: pairs.count)
        let raterColumns = UnsafeMutableBufferPointer<Int>.allocate(capacity: raters.count)
        let categories = UnsafeMutableBufferPointer<Int>.allocate(capacity: raters.count)
        let pairFirst = UnsafeMutableBufferPointer<Int>.allocate(capacity: pairs.count)
        let pairSecond = UnsafeMutableBufferPointer<Int>.allocate(capacity: pairs.count)
        defer {
            for buffer in [counts, excluded, raterColumns, categories, pairFirst, pairSecond] { buffer.deallocate() }
        }
        counts.initialize(repeating: 0)
        excluded.initialize(repeating: 0)
        categories.initialize(repeating: -1)
        for (p, pair) in pairs.enumerated() {
            pairFirst[p] = pair.0
            pairSecond[p] = pair.1
        }
        try reader.forEachRow(in: source, file: file) { header throws(InputError) in
            names = header
            for (r, name) in raters.enumerated() { raterColumns[r] = try column(name, of: header, file: file) }
            idColumn = try id.map { name throws(InputError) in try column(name, of: header, file: file) }
        } row: { record throws(InputError) in
            items += 1
            if let idColumn { identifiers.note(record.bytes(idColumn), line: record.line) }
            for r in 0..<raterColumns.count {
                do throws(RatingCell.Failure) {
                    categories[r] = try cell.categoryIndex(record.bytes(raterColumns[r])) ?? -1
                } catch {
                    categories[r] = -1
                    if firstError[r] == nil {
                        firstError[r] = InputError(
                            file: file, line: record.line, column: names[raterColumns[r]], message: error.message)
                    }
                }
            }
            for p in 0..<pairFirst.count {
                let i = categories[pairFirst[p]]
                let j = categories[pairSecond[p]]
                if i < 0 || j < 0 {
                    excluded[p] += 1
                } else {
                    counts[(p * k + i) * k + j] += 1
                }
            }
        }
        if let idColumn {
            try checkIdentifiers(&identifiers, source: source, reader: reader, file: file, column: idColumn, name: names[idColumn])
        }
        if let error = firstError.lazy.compactMap({ $0 }).first { throw error }
        let tables = pairs.indices.map { p in
            ContingencyTable(scale: scale, counts: Array(counts[(p * k * k)..<((p + 1) * k * k)]), excludedPairs: excluded[p])
        }
        let counted = try PairTables(raters: raters, itemCount: items, tables: tables)
        return RatingsFile(file: file, groups: [Group(key: nil, content: .counted(counted))], scale: scale, itemCount: items)
    }

    /// The position of the column `name`, with ``RecordTable/requireColumn(named:)``'s error.
    private static func column(_ name: String, of header: [String], file: String) throws(InputError) -> Int {
        try RecordTable(file: file, columns: header).requireColumn(named: name)
    }

    /// The first blank or repeated id in file order, as ``columns(_:file:format:raters:id:groupBy:scale:statistic:)``
    /// reports it: repeated hashes are resolved by reading the file again and
    /// comparing the texts of those ids alone.
    private static func checkIdentifiers(
        _ identifiers: inout ItemIdentifiers, source: ByteSource, reader: CSVReader, file: String, column: Int, name: String
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
