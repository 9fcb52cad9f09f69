import Foundation

/// The exact two-sided sign-flip (Fisher–Pitman) test that paired differences are symmetric about
/// zero, with the smallest p-value the test could have given on these differences' sizes.
///
/// Under no shift each difference dᵢ is as likely to be +|dᵢ| as −|dᵢ|, independently. Given the
/// sizes |dᵢ|, the 2ⁿ sign patterns are equally likely, and the p-value is the share of them whose
/// sum is at least as far from 0 as the observed one:
///
///     T = Σ dᵢ,   p = P(|Σ ±|dᵢ|| ≥ |T|)   (Fisher 1935; Pitman 1937),
///
/// computed exactly by counting the sums over the signs (a convolution on the grid the differences
/// lie on) rather than by sampling. Zero differences carry no sign and drop out. Only the all-plus
/// and all-minus patterns reach the largest |T|, so with n′ nonzero differences the test cannot give
/// a p below the **attainable** minimum p* = min(1, 2 · 2⁻ⁿ′), whatever the signs: 1 when nothing
/// moved, 0.25 with three moved rows. p* depends only on the sizes, the very thing the test is
/// conditional on, which is what lets Tarone's correction (``HolmAdjustment``) leave out the tests
/// that cannot reach the level.
///
/// The grid: the differences are scaled by the smallest whole M ≤ ``gridLimit`` that makes every
/// |dᵢ| · M whole (M = 2 for scores on levels compared with a mean of two, M = 2k for means of k
/// samples); differences on no such grid are rounded to the nearest 1/``gridLimit`` of a point, and
/// M is lowered so that Σ|dᵢ| · M stays within ``gridCells`` (a bounded count, whatever the scale).
///
/// Checked against `scipy.stats.permutation_test(..., permutation_type="samples")`, which enumerates
/// the same sign patterns (ProbeStatisticsTests).
public struct SignFlipTest: Sendable, Hashable, Codable {
    /// Nonzero differences, the ones whose sign is tested.
    public var nonzero: Int
    /// The two-sided p-value.
    public var pValue: Double
    /// The smallest p-value any signs could give on these sizes, min(1, 2 · 2⁻ⁿ′).
    public var attainablePValue: Double

    /// The finest grid tried, in parts of a point.
    public static let gridLimit = 64
    /// The most grid steps the sum of the sizes may span.
    public static let gridCells = 1_000_000.0

    /// The test of `differences`.
    ///
    /// - Precondition: every difference is finite.
    public init(differences: [Double]) {
        let m = Self.grid(differences)
        let sizes = differences.map { Int((abs($0) * m).rounded()) }.filter { $0 > 0 }
        let observed = differences.reduce(0) { $0 + Int(($1 * m).rounded()) }
        nonzero = sizes.count
        attainablePValue = min(1, 2 * pow(0.5, Double(sizes.count)))
        // probability[s]: the chance that the sizes given a plus sign sum to s; T = 2s − Σ sizes.
        let total = sizes.reduce(0, +)
        var probability = [Double](repeating: 0, count: total + 1)
        probability[0] = 1
        var reach = 0
        for size in sizes {
            for s in stride(from: reach, through: 0, by: -1) {
                probability[s + size] += probability[s] / 2
                probability[s] /= 2
            }
            reach += size
        }
        let tail = probability.indices.filter { abs(2 * $0 - total) >= abs(observed) }
        pValue = min(1, tail.reduce(0) { $0 + probability[$1] })
    }

    /// The smallest whole M ≤ ``gridLimit`` with every d · M whole (within 10⁻⁹), else ``gridLimit``;
    /// lowered to ``gridCells`` / Σ|d| where that is smaller.
    ///
    /// - Precondition: every difference is finite.
    static func grid(_ differences: [Double]) -> Double {
        precondition(differences.allSatisfy(\.isFinite), "the sign-flip test takes finite differences")
        let whole = (1...gridLimit).first { m in
            differences.allSatisfy { abs($0 * Double(m) - ($0 * Double(m)).rounded()) < 1e-9 }
        } ?? gridLimit
        let spread = differences.reduce(0) { $0 + abs($1) }
        return min(Double(whole), spread > 0 ? gridCells / spread : Double(whole))
    }
}
