public import AgreementStatistics
public import DataFormats
public import Foundation

/// The ratings of a file for the agreement catalogue: rater columns of a CSV,
/// TSV or JSON Lines file (one row per item), or a two-rater table of counts;
/// one group of items, or one per value of a grouping column.
public struct RatingsFile: Sendable {
    /// One group of items.
    public struct Group: Sendable {
        /// What a group holds: its ratings item by item, or counted into pair tables.
        public enum Content: Sendable {
            /// The ratings, items in file order.
            case ratings(RaterRatings)
            /// The ratings counted into one table per pair of raters, as they were read.
            case counted(PairTables)
        }

        /// The grouping column's value; `nil` when the file is not grouped.
        public var key: String?
        /// The group's ratings.
        public var content: Content

        /// The ratings item by item, `nil` when they were counted.
        public var ratings: RaterRatings? {
            guard case .ratings(let ratings) = content else { return nil }
            return ratings
        }
    }

    /// The file as the user named it.
    public var file: String
    /// The groups in order of first appearance.
    public var groups: [Group]
    /// The declared categories: as given, or the header of a table of counts.
    public var scale: CategoryScale?
    /// How many items (rows) were read.
    public var itemCount: Int
    /// Whether the groups are the dimensions of long ratings (``long(_:scale:)``), over which a
    /// correlation is not averaged, rather than the values of a grouping column.
    public var groupsAreDimensions = false

    /// Reads rater columns from a file of one row per item.
    ///
    /// A blank cell (or a missing or `null` JSON field) is a missing rating;
    /// any other cell must be a number, or one of the scale's labels when they
    /// are not numbers (``RatingCell``).
    ///
    /// When `statistic` is computable from pair tables
    /// (``AgreementStatistic/isComputable(fromPairTablesOf:)``) and the scale is
    /// declared, the ratings are counted as the file streams by, into one set of
    /// pair tables per group (``counted(_:file:format:raters:id:groupBy:scale:parallelism:)``),
    /// on several threads for a large file, and memory does not grow with its rows
    /// (but for an id's hash); otherwise, and for a correlation over groups (which is
    /// also averaged over them, item by item), the file is read whole.
    ///
    /// - Parameters:
    ///   - raters: the rater columns (JSON: dotted field paths).
    ///   - id: a column of item ids, which must all be present and distinct.
    ///   - groupBy: a column whose values split the items into groups.
    ///   - scale: the declared categories, if any.
    ///   - statistic: the statistic the ratings are read for, if known.
    ///   - parallelism: how a file counted as it is read is split over threads
    ///     (``ParallelRecordStreaming/forEachRowInParallel(in:windowSize:parallelism:header:row:)``: CSV, TSV, JSON Lines).
    /// - Throws: ``InputError`` naming file, line and column for a malformed
    ///   file, a missing column, a rating that does not read, a blank or repeated id.
    public static func columns(
        _ source: ByteSource, file: String, format: RecordFormat, raters: [String], id: String? = nil, groupBy: String? = nil,
        scale: CategoryScale? = nil, statistic: AgreementStatistic? = nil, parallelism: ReadingParallelism = .automatic
    ) throws -> RatingsFile {
        // A correlation over groups is also averaged over them, which needs the ratings item by item.
        if let statistic, statistic.isComputable(fromPairTablesOf: raters.count), let scale,
            scale.count <= CategoryScale.maximumCategories, groupBy == nil || statistic.correlation == nil
        {
            do {
                return try counted(
                    source, file: file, format: format, raters: raters, id: id, groupBy: groupBy, scale: scale,
                    parallelism: parallelism)
            } catch let error as InputError where error == RatingColumns.groupMissing {
                // Read item by item below, which names what is wrong in the order it always has.
            }
        }
        let data: Data
        switch source {
        case .data(let bytes): data = bytes
        case .file(let url, _): data = try InputFile.read(url)
        }
        let wanted = raters + [id, groupBy].compactMap { $0 }
        let table = try format.table(data, fields: Array(Set(wanted)).sorted(), file: file)
        let raterColumns = try raters.map { name throws(InputError) in try table.requireColumn(named: name) }
        if let id { try checkIdentifiers(table, column: try table.requireColumn(named: id)) }
        let groups: [(key: String?, rows: [Int])]
        if let groupBy {
            groups = table.groups(by: try table.requireColumn(named: groupBy)).map { ($0.key, $0.rows) }
        } else {
            groups = [(nil, Array(0..<table.rowCount))]
        }
        let rated = try groups.map { group in
            let columns = try raterColumns.map { c throws(InputError) in try table.ratings(column: c, rows: group.rows, scale: scale) }
            return Group(key: group.key, content: .ratings(try RaterRatings(raters: raters, ratings: columns)))
        }
        return RatingsFile(file: file, groups: rated, scale: scale, itemCount: table.rowCount)
    }

    /// Reads a two-rater k×k table of counts (``RecordTable/contingencyTable(scale:)``)
    /// as the ratings it counts: raters `rows` and `columns`, one item per count.
    ///
    /// - Parameter separator: the field separator (a table of counts is CSV or TSV).
    /// - Throws: ``InputError`` naming line and column for a malformed table.
    public static func contingencyTable(
        _ data: Data, file: String, separator: Unicode.Scalar, scale: CategoryScale? = nil
    ) throws -> RatingsFile {
        let counts = try CSVReader(separator: separator).read(data, file: file).contingencyTable(scale: scale)
        var first: [Double?] = []
        var second: [Double?] = []
        for i in 0..<counts.k {
            for j in 0..<counts.k {
                first += repeatElement(Double?.some(counts.scale.values[i]), count: counts[i, j])
                second += repeatElement(Double?.some(counts.scale.values[j]), count: counts[i, j])
            }
        }
        let ratings = try RaterRatings(raters: ["rows", "columns"], ratings: [first, second])
        return RatingsFile(
            file: file, groups: [Group(key: nil, content: .ratings(ratings))], scale: counts.scale, itemCount: first.count)
    }

    /// Every item needs an id, and no two the same.
    private static func checkIdentifiers(_ table: RecordTable, column: Int) throws(InputError) {
        var seen: [String: Int] = [:]
        for r in 0..<table.rowCount {
            let id = table[r, column]
            if id.trimmingCharacters(in: .whitespaces).isEmpty {
                throw InputError(
                    file: table.file, line: table.lines[r], column: table.columns[column], message: "the id is blank; every item needs one")
            }
            if let first = seen[id] {
                throw InputError(
                    file: table.file, line: table.lines[r], column: table.columns[column],
                    message: "the id '\(id)' was already used on line \(first); ids must be unique")
            }
            seen[id] = table.lines[r]
        }
    }
}
