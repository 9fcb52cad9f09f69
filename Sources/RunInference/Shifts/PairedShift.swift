import Foundation
public import StatisticsCore

/// The mean shift of paired scores — the same rows scored twice, once changed — with Student's t
/// interval and the exact sign-flip test of no shift.
///
/// For differences dᵢ = changedᵢ − unchangedᵢ over the n rows scored both ways,
///
///     d̄ = Σdᵢ / n,   s² = Σ(dᵢ − d̄)² / (n − 1),   SE = s / √n,
///     interval d̄ ± t₍₁₊ₗ₎/₂,ₙ₋₁ · SE
///
/// (R `t.test(x, y, paired = TRUE)`, `scipy.stats.ttest_rel`), and the p-value of no shift is the
/// exact two-sided sign-flip test of the same differences (``SignFlipTest``): exact on scores that
/// move by whole levels, where the t test's normal approximation is poor for a handful of moved
/// rows, and it says how small a p-value these rows could give at all (``attainablePValue``), which
/// the battery's correction uses. `benchmarks/ProbeSimulation` measures the verdicts' false-alarm
/// rate on discrete scores (docs/PROBES.md).
///
/// Edge cases:
/// - no pair: undefined (`no-data`); one pair: the shift without an interval or test (`too-few`);
/// - differences too large to subtract in floating point: the shift without a test;
/// - every difference alike (s = 0), as from a judge with no run-to-run noise: the interval is
///   undefined (it has no width); the test's p is 1 when they are all 0, and 2 · 2⁻ⁿ when all n
///   rows moved by the same nonzero d (every sign alike, the least likely pattern).
public struct PairedShift: Sendable, Hashable, Codable {
    /// The mean difference with its standard error and t interval.
    public var estimate: Estimate
    /// The two-sided p-value of no shift (the sign-flip test), `nil` when there are fewer than two pairs.
    public var pValue: Double?
    /// The smallest p-value the sign-flip test could give on these rows, min(1, 2 · 2⁻ⁿ′) with n′ rows
    /// moved, `nil` when there is no test (and in reports written before it was recorded).
    public var attainablePValue: Double?

    /// The shift of `changed` against `unchanged`, row by row; pairs with a `nil` on either side
    /// are left out (listwise) and ``Estimate/n`` counts the rest.
    ///
    /// - Precondition: the two have the same length, and `level` is in (0, 1).
    public init(changed: [Double?], unchanged: [Double?], level: Double = 0.95) {
        precondition(level > 0 && level < 1, "an interval's level is between 0 and 1")
        estimate = Spread.meanDifference(changed, unchanged)
        guard let mean = estimate.value, estimate.n >= 2 else {
            if estimate.isDefined {
                estimate.intervalUndefinedReason = .tooFew("a shift over one row has no interval or test")
            }
            return
        }
        let differences = zip(changed, unchanged).compactMap { c, u in c.flatMap { c in u.map { c - $0 } } }
        if differences.allSatisfy(\.isFinite) {
            let test = SignFlipTest(differences: differences)
            (pValue, attainablePValue) = (test.pValue, test.attainablePValue)
        }
        guard let se = estimate.standardError, se > 0 else {
            estimate.intervalUndefinedReason = .noVariation(
                "every row's score moved by the same amount (\(mean)), so the interval has no width")
            return
        }
        let critical = StudentTDistribution.quantile((1 + level) / 2, degreesOfFreedom: Double(estimate.n - 1))
        estimate.interval = ConfidenceInterval(
            lower: mean - critical * se, upper: mean + critical * se, level: level, method: .pairedT)
    }
}
