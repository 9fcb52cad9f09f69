public import StatisticsCore

/// A correlation between two raters' scores of the same items: Pearson's r,
/// Spearman's ρ, or Kendall's τ-b or τ-c, with the number of pairs it rests on,
/// its p-value and, for Pearson's r, a confidence interval.
///
/// Every coefficient is computed either from paired score vectors (continuous
/// scores, O(N log N) for the rank coefficients) or, for ratings on a declared
/// scale, from a ``ContingencyTable`` in time independent of the number of
/// items (see `Correlation+Table.swift`), which is what a bootstrap drawn from
/// the table's cells needs.
///
/// Conventions, checked against the reference vectors (scipy and R `cor`):
/// - A coefficient whose denominator is a zero spread (constant scores on
///   either side) is undefined with reason `no-variation`, never NaN or 0.
///   Fewer than two pairs is undefined with reason `too-few`.
/// - Missing scores (`nil`) are deleted listwise, and the number of pairs left
///   out is reported in ``excludedPairs``.
/// - Two pairs always give r = ±1 (two points lie on a line), with p-value 1
///   and no interval, as in scipy; this is a property of the data, not a result.
public struct Correlation: Sendable, Hashable, Codable {
    /// Which coefficient.
    public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
        /// Pearson's product-moment r, on the score values.
        case pearson
        /// Spearman's ρ: Pearson's r on average ranks (ties share their mid-rank).
        case spearman
        /// Kendall's τ-b, corrected for ties on either side (scipy's and R's default).
        case kendallTauB
        /// Stuart's τ-c, for tables whose sides have different numbers of levels.
        case kendallTauC
    }

    /// The coefficient computed.
    public var method: Method
    /// The value with n (pairs used), or the reason it is undefined; for
    /// Pearson's r also the Fisher z interval.
    public var estimate: Estimate
    /// The two-sided p-value of the test of no association, where defined
    /// (t test for r and ρ; normal approximation with tie correction for τ).
    public var pValue: Double?
    /// Pairs left out because one or both scores were missing.
    public var excludedPairs: Int

    /// Creates a correlation result.
    public init(method: Method, estimate: Estimate, pValue: Double? = nil, excludedPairs: Int = 0) {
        self.method = method
        self.estimate = estimate
        self.pValue = pValue
        self.excludedPairs = excludedPairs
    }

    /// The coefficient, or `nil` when undefined.
    public var value: Double? { estimate.value }

    /// The coefficient `method` between paired scores `x` and `y`.
    ///
    /// - Parameter level: the coverage of Pearson's Fisher z interval (the other
    ///   coefficients have none).
    /// - Throws: ``RatingError`` when the lists differ in length or hold a value
    ///   that is not finite, naming its position.
    public static func measure(_ method: Method, _ x: [Double], _ y: [Double], level: Double = 0.95) throws -> Correlation {
        try validate(x, y)
        switch method {
        case .pearson: return pearsonValidated(x, y, level: level)
        case .spearman: return spearmanValidated(x, y)
        case .kendallTauB, .kendallTauC: return kendallValidated(x, y, variant: method)
        }
    }

    /// The coefficient `method` between paired scores with missing values,
    /// deleting incomplete pairs listwise and counting them in ``excludedPairs``.
    ///
    /// - Throws: ``RatingError`` when the lists differ in length or hold a value
    ///   that is not finite.
    public static func measure(_ method: Method, _ x: [Double?], _ y: [Double?], level: Double = 0.95) throws -> Correlation {
        guard x.count == y.count else { throw RatingError.lengthMismatch(x.count, y.count) }
        var a: [Double] = []
        var b: [Double] = []
        a.reserveCapacity(x.count)
        b.reserveCapacity(x.count)
        for (u, v) in zip(x, y) {
            guard let u, let v else { continue }
            a.append(u)
            b.append(v)
        }
        var result = try measure(method, a, b, level: level)
        result.excludedPairs = x.count - a.count
        return result
    }

    /// Pearson's r between paired scores, with its Fisher z interval at `level`.
    public static func pearson(_ x: [Double], _ y: [Double], level: Double = 0.95) throws -> Correlation {
        try measure(.pearson, x, y, level: level)
    }

    /// Spearman's ρ between paired scores, ties given their average rank.
    public static func spearman(_ x: [Double], _ y: [Double]) throws -> Correlation {
        try measure(.spearman, x, y)
    }

    /// Kendall's τ-b between paired scores, in O(N log N).
    public static func kendallTauB(_ x: [Double], _ y: [Double]) throws -> Correlation {
        try measure(.kendallTauB, x, y)
    }

    /// Stuart's τ-c between paired scores, in O(N log N).
    public static func kendallTauC(_ x: [Double], _ y: [Double]) throws -> Correlation {
        try measure(.kendallTauC, x, y)
    }

    static func validate(_ x: [Double], _ y: [Double]) throws {
        guard x.count == y.count else { throw RatingError.lengthMismatch(x.count, y.count) }
        for (position, (a, b)) in zip(x, y).enumerated() {
            if !a.isFinite { throw RatingError.notFinite(a, position: position, source: "rater 1") }
            if !b.isFinite { throw RatingError.notFinite(b, position: position, source: "rater 2") }
        }
    }

    /// The undefined result for fewer than two pairs, or for a constant side.
    static func undefined(_ method: Method, n: Int, constantSide: Int?) -> Correlation {
        let reason: UndefinedReason
        if n < 2 {
            reason = .tooFew("a correlation needs at least 2 pairs; there are \(n)")
        } else if let side = constantSide {
            reason = .noVariation("the \(side == 1 ? "first" : "second") rater's scores are all the same, so they cannot co-vary")
        } else {
            reason = .noVariation("the scores are all the same")
        }
        return Correlation(method: method, estimate: Estimate(undefined: reason, n: n))
    }
}

extension RatingError {
    /// A score that is NaN or infinite; `source` names whose score it is ("rater 2", "judge dimension 3").
    static func notFinite(_ value: Double, position: Int, source: String) -> RatingError {
        RatingError(message: "score \(value) of \(source) at position \(position + 1) is not a finite number", position: position)
    }
}
