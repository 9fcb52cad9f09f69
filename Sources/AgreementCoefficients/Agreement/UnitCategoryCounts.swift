import DataFormats
public import StatisticsCore

/// For each unit (item), how many raters placed it in each category of a
/// declared scale: the n_uk table that Fleiss' kappa, Gwet's multi-rater
/// AC1/AC2, Randolph's kappa, multi-rater percent agreement and Krippendorff's
/// alpha all start from.
///
/// Counts are `Double` so that the published fractional examples (Randolph's
/// calculator: 6.99 and 0.01 raters) can be given; counts built from ratings
/// are whole numbers. A missing rating simply adds nothing to its unit, so units
/// may carry different numbers of ratings m_u; each statistic says how it uses
/// units with fewer than two.
public struct UnitCategoryCounts: Sendable, Hashable, Codable {
    /// The declared scale; columns follow its order.
    public let scale: CategoryScale
    /// The counts, row-major: `counts[u * k + c]` raters put unit u in category c.
    public let counts: [Double]
    /// The number of units.
    public let unitCount: Int
    /// Ratings that were missing (`nil`) in the units × raters input.
    public let missingRatings: Int

    /// Counts from a units × raters layout, `nil` marking a missing rating.
    ///
    /// - Throws: ``RatingError`` naming the unit and rater (1-based) of a
    ///   rating that is not a category of the scale.
    public init(scale: CategoryScale, unitsByRaters: [[Double?]]) throws {
        guard scale.count <= CategoryScale.maximumCategories else { throw RatingError.tooManyCategories(scale.count) }
        let k = scale.count
        var counts = [Double](repeating: 0, count: unitsByRaters.count * k)
        var missing = 0
        for (u, unit) in unitsByRaters.enumerated() {
            for (r, rating) in unit.enumerated() {
                guard let rating else {
                    missing += 1
                    continue
                }
                guard let c = scale.index(of: rating) else {
                    throw RatingError(
                        message: "rating \(rating.plainText) of rater \(r + 1) on unit \(u + 1) is not on the scale \(scale)",
                        position: u)
                }
                counts[u * k + c] += 1
            }
        }
        self.scale = scale
        self.counts = counts
        self.unitCount = unitsByRaters.count
        self.missingRatings = missing
    }

    /// Counts given directly, one row per unit and one column per category.
    ///
    /// - Precondition: every row has k non-negative entries.
    public init(scale: CategoryScale, rows: [[Double]]) {
        precondition(rows.allSatisfy { $0.count == scale.count }, "each unit needs one count per category of the scale \(scale)")
        precondition(rows.allSatisfy { $0.allSatisfy { $0 >= 0 } }, "counts cannot be negative")
        self.scale = scale
        self.counts = rows.flatMap { $0 }
        self.unitCount = rows.count
        self.missingRatings = 0
    }

    /// The number of categories, k.
    public var k: Int { scale.count }

    /// How many raters put unit `u` in category `c`.
    public subscript(unit u: Int, category c: Int) -> Double { counts[u * k + c] }

    /// m_u, the number of ratings unit `u` carries.
    public func ratingCount(ofUnit u: Int) -> Double {
        var m = 0.0
        for c in 0..<k { m += counts[u * k + c] }
        return m
    }

    /// The number of ratings per unit when every unit carries the same number,
    /// else `nil`.
    public var commonRatingCount: Double? {
        guard unitCount > 0 else { return nil }
        let m = ratingCount(ofUnit: 0)
        return (1..<unitCount).allSatisfy { ratingCount(ofUnit: $0) == m } ? m : nil
    }
}
