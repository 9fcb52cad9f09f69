public import DataFormats

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

    /// A table from counts already made, row-major, and the pairs left out:
    /// what a reader that counts ratings as it reads them builds.
    ///
    /// - Precondition: k² non-negative counts.
    public init(scale: CategoryScale, counts: [Int], excludedPairs: Int) {
        precondition(counts.count == scale.count * scale.count && counts.allSatisfy { $0 >= 0 }, "the table must be k×k")
        self.scale = scale
        self.counts = counts
        self.excludedPairs = excludedPairs
    }

    /// A table from two raters' ratings of the same items, in the same order.
    ///
    /// Pairs with a missing rating on either side are left out and counted in
    /// ``excludedPairs``.
    ///
    /// - Throws: ``RatingError`` when a rating is not a category of the scale,
    ///   naming its position, or when the two lists differ in length.
    public init(scale: CategoryScale, first: [Double?], second: [Double?]) throws {
        guard scale.count <= CategoryScale.maximumCategories else { throw RatingError.tooManyCategories(scale.count) }
        guard first.count == second.count else {
            throw RatingError.lengthMismatch(first.count, second.count)
        }
        self.init(scale: scale)
        let k = scale.count
        let lookup = CategoryLookup(scale)
        var cells = counts
        var excluded = 0
        try cells.withUnsafeMutableBufferPointer { cells in
            try first.withUnsafeBufferPointer { first in
                try second.withUnsafeBufferPointer { second in
                    for position in 0..<first.count {
                        guard let a = first[position], let b = second[position] else {
                            excluded += 1
                            continue
                        }
                        guard let i = lookup.index(of: a) else {
                            throw RatingError.offScale(value: a, position: position, rater: 1, scale: scale)
                        }
                        guard let j = lookup.index(of: b) else {
                            throw RatingError.offScale(value: b, position: position, rater: 2, scale: scale)
                        }
                        cells[i * k + j] += 1
                    }
                }
            }
        }
        counts = cells
        excludedPairs = excluded
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

/// A rating's position on a scale in constant time when the scale's values are
/// whole numbers spanning at most 1,024 (every rubric scale in practice): a
/// table indexed by value − lowest value, −1 where no category sits.
///
/// Other scales fall back to ``CategoryScale/index(of:)``. Both accept exactly
/// the values that equal a category, so the fast path changes no result; it
/// turns the per-rating search with its unpredictable branches into one load,
/// which is most of the cost of building a table from a million ratings.
struct CategoryLookup {
    private let scale: CategoryScale
    private let lowest: Double
    private let slots: [Int]

    init(_ scale: CategoryScale) {
        self.scale = scale
        let lowest = scale.values.min() ?? 0
        let span = (scale.values.max() ?? 0) - lowest
        self.lowest = lowest
        if scale.values.allSatisfy({ $0 == $0.rounded() }), span < 1024 {
            var slots = [Int](repeating: -1, count: Int(span) + 1)
            // the first of equal values wins, as in index(of:)
            for (i, v) in scale.values.enumerated().reversed() { slots[Int(v - lowest)] = i }
            self.slots = slots
        } else {
            self.slots = []
        }
    }

    /// The category index of `value`, or `nil` when it is not on the scale.
    @inline(__always)
    func index(of value: Double) -> Int? {
        guard !slots.isEmpty else { return scale.index(of: value) }
        let offset = value - lowest
        guard offset >= 0, offset < Double(slots.count), offset == offset.rounded(.down) else { return nil }
        let i = slots[Int(offset)]
        return i >= 0 ? i : nil
    }
}

/// Ratings that cannot be placed on the declared scale.
public struct RatingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The 0-based position of the offending rating, when there is one.
    public let position: Int?

    /// An error with its message and the offending rating's position, if any.
    package init(message: String, position: Int?) {
        self.message = message
        self.position = position
    }

    package static func offScale(value: Double, position: Int, rater: Int, scale: CategoryScale) -> RatingError {
        RatingError(
            message: "rating \(value.plainText) of rater \(rater) at position \(position + 1) is not on the scale \(scale)",
            position: position)
    }

    package static func tooManyCategories(_ k: Int) -> RatingError {
        RatingError(
            message:
                "a scale of \(k) categories is more than the \(CategoryScale.maximumCategories) a k×k table is built for (its bootstrap would run for minutes); group the levels into fewer categories, or use a correlation, which takes the values as they are",
            position: nil)
    }

    package static func lengthMismatch(_ a: Int, _ b: Int) -> RatingError {
        RatingError(message: "the two raters' lists differ in length (\(a) and \(b)); they must rate the same items", position: nil)
    }

    public var description: String { message }
}

extension RatingError: KindedError {
    /// ``ErrorKind/malformedInput``: a rating that does not fit the scale or the table.
    public var kind: ErrorKind { .malformedInput }
}
