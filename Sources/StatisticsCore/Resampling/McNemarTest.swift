import Foundation

/// McNemar's test of whether two judges agree exactly with the expert equally
/// often, on the same items.
///
/// Of the items where exactly one judge matches the expert, b are matched by
/// the first judge only and c by the second only (the items both or neither
/// match say nothing about the difference). Under H₀ each such item is equally
/// likely to go either way, so b ~ Binomial(b + c, ½).
///
/// **Which test.** With fewer than 25 discordant items the exact binomial
/// test is used, p = min(1, 2·P(X ≤ min(b, c))), because the chi-square
/// approximation is poor there (b + c < 25 is the common rule of thumb); with no
/// discordant item p = 1. From 25 on, the chi-square statistic with Edwards'
/// continuity correction on 1 degree of freedom, exactly as R `mcnemar.test` and
/// statsmodels `mcnemar(exact=False, correction=True)` compute it:
///
///     χ² = (|b − c| − 1)² / (b + c)
///
/// The square is taken of |b − c| − 1 as it stands, so b = c gives
/// χ² = 1/(b + c) (p = 0.8744 for b = c = 20), not 0; only |b − c| = 1 gives
/// χ² = 0 and p = 1. (Flooring |b − c| − 1 at 0, as this type did before, reported
/// p = 1 for every b = c.)
///
/// Checked against statsmodels 0.15.0 `mcnemar` on both branches, b = c
/// included (`benchmarks/python/edge_case_fixtures.py mcnemar`), and
/// `scipy.stats.binomtest` and `scipy.stats.chi2.sf`.
public struct McNemarTest: Sendable, Hashable, Codable {
    /// The two ways of computing the p-value.
    public enum Method: String, Sendable, Hashable, Codable {
        /// The exact two-sided binomial test.
        case exactBinomial = "exact-binomial"
        /// The chi-square test with continuity correction.
        case chiSquareContinuityCorrected = "chi-square-continuity-corrected"
    }

    /// Items where only the first judge agrees with the expert.
    public let firstOnly: Int
    /// Items where only the second judge agrees with the expert.
    public let secondOnly: Int
    /// The method used, chosen by the number of discordant items.
    public let method: Method
    /// The chi-square statistic, for the chi-square method.
    public let statistic: Double?
    /// The two-sided p-value.
    public let pValue: Double

    /// The discordant count below which the exact test is used.
    public static let exactBelow = 25

    /// The test from the discordant counts.
    public init(firstOnly b: Int, secondOnly c: Int) {
        precondition(b >= 0 && c >= 0, "counts cannot be negative")
        firstOnly = b
        secondOnly = c
        let discordant = b + c
        if discordant < Self.exactBelow {
            method = .exactBinomial
            statistic = nil
            pValue = discordant == 0 ? 1 : min(1, 2 * Self.binomialLowerTail(min(b, c), trials: discordant))
        } else {
            method = .chiSquareContinuityCorrected
            let excess = Double(abs(b - c)) - 1
            let chi2 = excess * excess / Double(discordant)
            statistic = chi2
            pValue = erfc((chi2 / 2).squareRoot())
        }
    }

    /// The test on exact agreement with the expert, from the paired table.
    public init(_ table: PairedRatingTable) {
        var b = 0
        var c = 0
        let k = table.k
        for e in 0..<k {
            for a in 0..<k {
                for j in 0..<k where (a == e) != (j == e) {
                    if a == e { b += table[expert: e, first: a, second: j] } else { c += table[expert: e, first: a, second: j] }
                }
            }
        }
        self.init(firstOnly: b, secondOnly: c)
    }

    /// P(X ≤ x) for X ~ Binomial(n, ½), summed in log space.
    static func binomialLowerTail(_ x: Int, trials n: Int) -> Double {
        let nd = Double(n)
        var sum = 0.0
        for i in 0...x {
            let id = Double(i)
            let logTerm: Double = lgamma(nd + 1) - lgamma(id + 1) - lgamma(nd - id + 1) - nd * log(2.0)
            sum += exp(logTerm)
        }
        return sum
    }
}
