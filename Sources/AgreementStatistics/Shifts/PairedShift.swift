import Foundation

/// The mean shift of paired scores — the same rows scored twice, once changed — with Student's t
/// interval and the two-sided t test of no shift.
///
/// For differences dᵢ = changedᵢ − unchangedᵢ over the n rows scored both ways,
///
///     d̄ = Σdᵢ / n,   s² = Σ(dᵢ − d̄)² / (n − 1),   SE = s / √n,
///     interval d̄ ± t₍₁₊ₗ₎/₂,ₙ₋₁ · SE,   t = d̄ / SE,   p = P(|Tₙ₋₁| ≥ |t|).
///
/// This is the paired t test (R `t.test(x, y, paired = TRUE)`, `scipy.stats.ttest_rel`). Scores on
/// a 1–4 scale are far from normal, but the mean of 30 or more bounded differences is close to
/// normal, and `benchmarks/ProbeSimulation` measures the test's false-alarm rate on discrete
/// scores (docs/PROBES.md).
///
/// Edge cases:
/// - no pair: undefined (`no-data`); one pair: the shift without an interval or test (`too-few`);
/// - every difference alike (s = 0), as from a judge with no run-to-run noise: when they are all
///   0, p = 1 and the interval is undefined (it has no width); when they are all the same nonzero
///   d, every row moved by exactly d and p = 0, the interval again undefined.
public struct PairedShift: Sendable, Hashable, Codable {
    /// The mean difference with its standard error and t interval.
    public var estimate: Estimate
    /// The two-sided p-value of no shift, `nil` when there are fewer than two pairs.
    public var pValue: Double?

    /// The shift of `changed` against `unchanged`, row by row; pairs with a `nil` on either side
    /// are left out (listwise) and ``Estimate/n`` counts the rest.
    ///
    /// - Precondition: the two have the same length, and `level` is in (0, 1).
    public init(changed: [Double?], unchanged: [Double?], level: Double = 0.95) {
        precondition(level > 0 && level < 1, "an interval's level is between 0 and 1")
        (estimate, pValue) = Self.test(Spread.meanDifference(changed, unchanged), level: level)
    }

    private static func test(_ difference: Estimate, level: Double) -> (Estimate, Double?) {
        var estimate = difference
        guard let mean = estimate.value, estimate.n >= 2 else {
            if estimate.isDefined {
                estimate.intervalUndefinedReason = .tooFew("a shift over one row has no interval or test")
            }
            return (estimate, nil)
        }
        let se = estimate.standardError ?? 0
        guard se > 0 else {
            estimate.intervalUndefinedReason = .noVariation(
                "every row's score moved by the same amount (\(mean)), so the interval has no width")
            return (estimate, mean == 0 ? 1 : 0)
        }
        let nu = Double(estimate.n - 1)
        let critical = StudentTDistribution.quantile((1 + level) / 2, degreesOfFreedom: nu)
        estimate.interval = ConfidenceInterval(
            lower: mean - critical * se, upper: mean + critical * se, level: level, method: "paired-t")
        return (estimate, StudentTDistribution.twoSidedPValue(mean / se, degreesOfFreedom: nu))
    }
}
