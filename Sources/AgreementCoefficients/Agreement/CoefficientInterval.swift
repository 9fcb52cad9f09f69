public import StatisticsCore

/// How a confidence interval for an agreement coefficient (kappa, AC1/AC2,
/// Fleiss' kappa) is formed from its standard error.
///
/// The normal interval is the default (SAS PROC FREQ, statsmodels); the Student t
/// interval with n − 1 degrees of freedom is what Gwet's irrCAC prints, and is
/// wider for small n (0.194–0.774 against 0.214–0.755 on the SAS table, n = 19).
///
/// **Clipping.** The interval is clipped to the range the coefficient can take
/// (``CoefficientRange``), not to [−1, 1]: AC2 and Fleiss' kappa with missing
/// ratings go below −1, and clipping them at −1 gave intervals that excluded their
/// own estimate or had lower > upper (AC2 −1.22 with [−1, −1.15]). Clipping never
/// moves a bound past the estimate: lower = min(γ, max(L, γ − c·SE)) and
/// upper = max(γ, min(U, γ + c·SE)) for the range [L, U]. irrCAC clips only the
/// upper bound, at 1.
public enum CoefficientInterval: String, Sendable, Hashable, Codable {
    /// value ± z_{(1+level)/2} · SE.
    case normal
    /// value ± t_{(1+level)/2, n−1} · SE; none when n < 2.
    case studentT

    /// The interval around `value`, clipped to `range` but never past `value`, or
    /// `nil` when it cannot be formed.
    ///
    /// - Parameters:
    ///   - value: the estimate γ.
    ///   - se: its standard error.
    ///   - n: the sample size, for the t interval's n − 1 degrees of freedom.
    ///   - level: the coverage, such as 0.95.
    ///   - range: the values the coefficient can take (``CoefficientRange``).
    public func interval(
        around value: Double,
        standardError se: Double,
        n: Int,
        level: Double,
        range: ClosedRange<Double>
    ) -> ConfidenceInterval? {
        let critical: Double
        switch self {
        case .normal: critical = NormalDistribution.twoSidedCritical(level: level)
        case .studentT:
            guard n >= 2 else { return nil }
            critical = StudentTDistribution.quantile(0.5 + level / 2, degreesOfFreedom: Double(n - 1))
        }
        let half = critical * se
        return ConfidenceInterval(
            lower: min(value, max(range.lowerBound, value - half)),
            upper: max(value, min(range.upperBound, value + half)),
            level: level,
            method: rawValue
        )
    }
}
