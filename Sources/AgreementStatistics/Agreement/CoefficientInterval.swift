/// How a confidence interval for an agreement coefficient (kappa, AC1/AC2,
/// Fleiss' kappa) is formed from its standard error.
///
/// Both kinds are clipped to [−1, 1], the range of the coefficients. The
/// normal interval is the default (SAS PROC FREQ, statsmodels); the Student t
/// interval with n − 1 degrees of freedom is what Gwet's irrCAC prints, and is
/// wider for small n (0.194–0.774 against 0.214–0.755 on the SAS table, n = 19).
public enum CoefficientInterval: String, Sendable, Hashable, Codable {
    /// value ± z_{(1+level)/2} · SE.
    case normal
    /// value ± t_{(1+level)/2, n−1} · SE; none when n < 2.
    case studentT

    /// The interval around `value`, or `nil` when it cannot be formed.
    public func interval(around value: Double, standardError se: Double, n: Int, level: Double) -> ConfidenceInterval? {
        let critical: Double
        switch self {
        case .normal: critical = NormalDistribution.twoSidedCritical(level: level)
        case .studentT:
            guard n >= 2 else { return nil }
            critical = StudentTDistribution.quantile(0.5 + level / 2, degreesOfFreedom: Double(n - 1))
        }
        return ConfidenceInterval(
            lower: max(-1, value - critical * se), upper: min(1, value + critical * se), level: level, method: rawValue)
    }
}
