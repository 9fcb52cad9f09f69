/// A k×k table of counts of paired ratings on a declared scale: rows are the
/// first rater's category, columns the second's.
///
/// On a declared scale of k levels every two-rater category statistic (the
/// kappa family, percent agreement, Gwet's AC1/AC2, and Spearman's and
/// Kendall's coefficients with ties) follows from this table, so building it
/// is the one pass over the ratings, and a bootstrap resample is a multinomial
/// draw over its k² cells.
public struct ContingencyTable: Sendable, Hashable, Codable {
    /// The declared scale; both margins follow its order.
    public let scale: CategoryScale
    /// The counts, row-major: `counts[i * k + j]` pairs category i of the first
    /// rater with category j of the second.
    public private(set) var counts: [Int]
    /// Pairs left out because one or both ratings were missing (listwise deletion).
    public private(set) var excludedPairs: Int

    /// An empty table on `scale`.
    public init(scale: CategoryScale) {
        self.scale = scale
        self.counts = Array(repeating: 0, count: scale.count * scale.count)
        self.excludedPairs = 0
    }

    /// A table from counts given row by row.
    ///
    /// - Precondition: a k×k array of non-negative counts.
    public init(scale: CategoryScale, rows: [[Int]]) {
        precondition(
            rows.count == scale.count && rows.allSatisfy { $0.count == scale.count }, "the table must be k×k for a scale of k categories")
        precondition(rows.allSatisfy { $0.allSatisfy { $0 >= 0 } }, "counts cannot be negative")
        self.scale = scale
        self.counts = rows.flatMap { $0 }
        self.excludedPairs = 0
    }

    /// A table from two raters' ratings of the same items, in the same order.
    /// Pairs with a missing rating on either side are left out and counted in
    /// ``excludedPairs``.
    ///
    /// - Throws: ``RatingError`` when a rating is not a category of the scale,
    ///   naming its position, or when the two lists differ in length.
    public init(scale: CategoryScale, first: [Double?], second: [Double?]) throws {
        guard first.count == second.count else {
            throw RatingError.lengthMismatch(first.count, second.count)
        }
        self.init(scale: scale)
        let k = scale.count
        for (position, (a, b)) in zip(first, second).enumerated() {
            guard let a, let b else {
                excludedPairs += 1
                continue
            }
            guard let i = scale.index(of: a) else { throw RatingError.offScale(value: a, position: position, rater: 1, scale: scale) }
            guard let j = scale.index(of: b) else { throw RatingError.offScale(value: b, position: position, rater: 2, scale: scale) }
            counts[i * k + j] += 1
        }
    }

    /// k, the number of categories.
    public var k: Int { scale.count }

    /// The number of paired ratings in the table.
    public var n: Int { counts.reduce(0, +) }

    /// The count of pairs (first rater i, second rater j).
    public subscript(i: Int, j: Int) -> Int {
        get { counts[i * k + j] }
        set { counts[i * k + j] = newValue }
    }

    /// The table with raters swapped (its transpose).
    public var transposed: ContingencyTable {
        var t = ContingencyTable(scale: scale)
        for i in 0..<k { for j in 0..<k { t[j, i] = self[i, j] } }
        t.excludedPairs = excludedPairs
        return t
    }

    /// The table as rows of counts.
    public var rows: [[Int]] {
        (0..<k).map { i in Array(counts[(i * k)..<(i * k + k)]) }
    }
}

/// Ratings that cannot be placed on the declared scale.
public struct RatingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 0-based position of the offending rating, when there is one.
    public let position: Int?

    static func offScale(value: Double, position: Int, rater: Int, scale: CategoryScale) -> RatingError {
        RatingError(
            message: "rating \(CategoryScale.format(value)) of rater \(rater) at position \(position + 1) is not on the scale \(scale)",
            position: position)
    }

    static func lengthMismatch(_ a: Int, _ b: Int) -> RatingError {
        RatingError(message: "the two raters' lists differ in length (\(a) and \(b)); they must rate the same items", position: nil)
    }

    public var description: String { message }
}
