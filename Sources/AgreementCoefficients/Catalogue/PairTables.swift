public import StatisticsCore

/// Raters' ratings counted into one k×k table per pair of raters: all that
/// the statistics with a table form need (``AgreementStatistic/isComputable(fromPairTablesOf:)``),
/// handed to the catalogue in place of ``RaterRatings`` by a reader that counts
/// while it reads, so that nothing per item is kept.
public struct PairTables: Sendable, Hashable {
    /// The raters' names.
    public var raters: [String]
    /// The number of items read, rated or not.
    public var itemCount: Int
    /// One table per pair of raters, in ``RaterRatings/pairs(of:)`` order; a
    /// pair missing either rating counts in its ``ContingencyTable/excludedPairs``.
    public var tables: [ContingencyTable]

    /// Creates pair tables.
    ///
    /// - Throws: ``RatingError`` when there is not one table per pair of raters.
    public init(raters: [String], itemCount: Int, tables: [ContingencyTable]) throws(RatingError) {
        let pairs = RaterRatings.pairs(of: raters.count).count
        guard tables.count == pairs else {
            throw RatingError(message: "\(tables.count) tables for \(pairs) pairs of raters; every pair needs one", position: nil)
        }
        self.raters = raters
        self.itemCount = itemCount
        self.tables = tables
    }
}
