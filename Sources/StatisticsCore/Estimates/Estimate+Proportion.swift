extension Estimate {
    /// A share `successes / n` with Wilson's score interval.
    ///
    /// With z the standard normal quantile at (1 + level)/2 and p̂ = successes/n, the interval is
    ///
    ///     (p̂ + z²/2n ± z·√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n),
    ///
    /// which stays inside [0, 1] and keeps a width at p̂ = 0 or 1, where the Wald interval
    /// collapses (Wilson 1927; Brown, Cai & DasGupta 2001 recommend it for small n). The standard
    /// error is the Wald one, √(p̂(1 − p̂)/n). Checked against statsmodels 0.15.0
    /// `proportion_confint(method="wilson")` (`benchmarks/python/edge_case_fixtures.py
    /// preference_agreement`).
    ///
    /// Undefined (no data) when n is 0.
    ///
    /// - Precondition: 0 ≤ successes ≤ n; 0 < level < 1.
    public static func proportion(_ successes: Int, of n: Int, level: Double = 0.95) -> Estimate {
        precondition(successes >= 0 && successes <= n, "a share counts at most n of n")
        precondition(level > 0 && level < 1, "a level lies in (0, 1)")
        guard n > 0 else { return Estimate(undefined: .noData("there is nothing to count a share of"), n: 0) }
        let p = Double(successes) / Double(n)
        let size = Double(n)
        let z = NormalDistribution.quantile((1 + level) / 2)
        let z2 = z * z
        let centre = (p + z2 / (2 * size)) / (1 + z2 / size)
        let half = z * (p * (1 - p) / size + z2 / (4 * size * size)).squareRoot() / (1 + z2 / size)
        let interval = ConfidenceInterval(
            lower: max(0, centre - half), upper: min(1, centre + half), level: level, method: .wilson)
        return Estimate(value: p, n: n, standardError: (p * (1 - p) / size).squareRoot(), interval: interval)
    }
}
