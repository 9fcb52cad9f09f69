public import AgreementCoefficients
public import DataFormats
public import Foundation
public import StatisticsCore

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
    /// The file streams by (``streamed(_:file:format:raters:id:groupBy:scale:counting:parallelism:)``),
    /// on several threads for a large file, group by group. When `statistic` is computable from
    /// pair tables (``AgreementStatistic/isComputable(fromPairTablesOf:)``) and the scale is
    /// declared, the ratings are counted into one set of pair tables per group, and memory does
    /// not grow with the rows (but for an id's hash); otherwise, and for a correlation over groups
    /// (which is also averaged over them), each group keeps a column of values per rater.
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
        // A correlation over groups is also averaged over them, which needs the values.
        let counting =
            (statistic.map { $0.isComputable(fromPairTablesOf: raters.count) && (groupBy == nil || $0.correlation == nil) } ?? false)
            && (scale?.count ?? Int.max) <= CategoryScale.maximumCategories
        return try streamed(
            source, file: file, format: format, raters: raters, id: id, groupBy: groupBy, scale: scale, counting: counting,
            parallelism: parallelism)
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
}
