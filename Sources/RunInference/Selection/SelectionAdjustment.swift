import Foundation
public import StatisticsCore

/// How far the best of several looks at the same rows is to be trusted: a
/// Bonferroni-adjusted interval and the likely optimism of the best estimate.
///
/// When m rubric versions are compared on the same validation rows and the
/// best is kept, its estimate is biased upward by the selection, and its
/// nominal interval covers less often than it says.
///
/// - **Interval** (Bonferroni over the m looks): the normal interval
///   θ̂ ± z₁₋α/(2m) · SE at the nominal level 1 − α, so that the m intervals
///   hold together with probability at least 1 − α, whatever their
///   correlation. SE is the estimate's standard error, or, where it has only an
///   interval, the interval's half-width / z₁₋α/2.
/// - **Optimism**: SE · E[max of m standard normals], the mean excess of the
///   best of m estimates over its true value when the m versions are equally
///   good and their errors independent (E = 0 for m = 1, 1/√π = 0.564 for 2,
///   3/(2√π) = 0.846 for 3, 1.163 for 5, 1.539 for 10, 1.867 for 20). Correlated versions (two rubrics judging the
///   same rows) are less optimistic, so this is a pessimistic guide.
///
/// References: Dunn, O. J. (1961), "Multiple comparisons among means", JASA
/// 56: 52–64; the expected maximum of normals as in Tippett, L. H. C. (1925),
/// "On the extreme individuals and the range of samples", Biometrika 17: 364–387.
public enum SelectionAdjustment {
    /// E[max of m independent standard normals] = ∫ x · m φ(x) Φ(x)^(m−1) dx,
    /// by Simpson's rule on [−12, 12] (8 000 intervals; error below 10⁻⁹).
    /// 0 for m ≤ 1.
    public static func expectedMaximumOfNormals(_ m: Int) -> Double {
        guard m > 1 else { return 0 }
        let steps = 8_000
        let (a, b) = (-12.0, 12.0)
        let h = (b - a) / Double(steps)
        func f(_ x: Double) -> Double {
            let density = exp(-0.5 * x * x) / 2.5066282746310002  // √(2π)
            return x * Double(m) * density * pow(NormalDistribution.cdf(x), Double(m - 1))
        }
        var sum = f(a) + f(b)
        for i in 1..<steps { sum += f(a + Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    /// `estimate` adjusted for `looks` looks at the same rows: the Bonferroni
    /// interval at `level` (``StatisticsCore/ConfidenceInterval/Method/bonferroni(looks:)``) and the optimism;
    /// `nil` when the estimate has no value, or neither a standard error nor an interval.
    ///
    /// - Precondition: `looks` ≥ 1 and 0 < `level` < 1.
    public static func adjusted(_ estimate: Estimate, looks: Int, level: Double) -> (interval: ConfidenceInterval, optimism: Double)? {
        guard let value = estimate.value else { return nil }
        let nominal = NormalDistribution.twoSidedCritical(level: level)
        guard let se = estimate.standardError ?? estimate.interval.map({ ($0.upper - $0.lower) / (2 * nominal) }), se.isFinite
        else { return nil }
        let z = NormalDistribution.twoSidedCritical(level: 1 - (1 - level) / Double(max(1, looks)))
        let interval = ConfidenceInterval(
            lower: value - z * se, upper: value + z * se, level: level, method: .bonferroni(looks: looks))
        return (interval, se * expectedMaximumOfNormals(looks))
    }
}
