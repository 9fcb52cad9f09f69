public import StatisticsCore

/// The ratings of one group of items by several raters: one column per rater,
/// items in the same order in every column.
public struct RaterRatings: Sendable, Hashable {
    /// The raters' names, one per column.
    public var raters: [String]
    /// Per rater, one rating per item; `nil` is a missing rating.
    public var ratings: [[Double?]]

    /// Creates ratings; every column must hold one entry per item.
    ///
    /// - Throws: ``RatingError`` when the columns differ in length or the
    ///   names and columns differ in count.
    public init(raters: [String], ratings: [[Double?]]) throws(RatingError) {
        guard raters.count == ratings.count else {
            throw RatingError(message: "\(raters.count) rater names for \(ratings.count) columns of ratings", position: nil)
        }
        if let first = ratings.first, let other = ratings.first(where: { $0.count != first.count }) {
            throw RatingError(
                message: "the rating columns differ in length (\(first.count) and \(other.count)); every rater needs one entry per item",
                position: nil)
        }
        self.raters = raters
        self.ratings = ratings
    }

    /// The number of items.
    public var itemCount: Int { ratings.first?.count ?? 0 }

    /// Every pair of raters (i < j), in column order.
    public var pairs: [(Int, Int)] { Self.pairs(of: raters.count) }

    /// Every pair (i < j) of `count` raters, in column order.
    public static func pairs(of count: Int) -> [(Int, Int)] {
        (0..<count).flatMap { i in ((i + 1)..<count).map { (i, $0) } }
    }
}
