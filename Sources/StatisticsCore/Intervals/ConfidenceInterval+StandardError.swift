extension ConfidenceInterval {
    /// The quantile an interval value ± c·SE takes its critical value c from.
    ///
    /// The normal quantile is the default (SAS PROC FREQ, statsmodels); the Student t quantile with
    /// n − 1 degrees of freedom is what Gwet's irrCAC prints for the chance-corrected coefficients,
    /// and is wider for small n (0.194–0.774 against 0.214–0.755 for kappa on the SAS table, n = 19).
    public enum Quantile: String, Sendable, Hashable, Codable, CaseIterable {
        /// c = z_{(1+level)/2}.
        case normal
        /// c = t_{(1+level)/2, n−1}; none when n < 2.
        case studentT

        /// The critical value c at coverage `level` for a sample of `n`, or `nil` for the t quantile when n < 2.
        public func critical(level: Double, n: Int) -> Double? {
            switch self {
            case .normal: return NormalDistribution.twoSidedCritical(level: level)
            case .studentT:
                guard n >= 2 else { return nil }
                return StudentTDistribution.quantile(0.5 + level / 2, degreesOfFreedom: Double(n - 1))
            }
        }
    }

    /// value ± c·SE with c from `quantile`, clipped to `range` but never past `value`, or `nil`
    /// when it cannot be formed (the t quantile with n < 2); its method is
    /// ``Method/standardError(_:)``.
    ///
    /// **Clipping.** The interval is clipped to the range the figure can take, not to [−1, 1]: AC2
    /// and Fleiss' kappa with missing ratings go below −1, and clipping them at −1 gave intervals
    /// that excluded their own estimate or had lower > upper (AC2 −1.22 with [−1, −1.15]). Clipping
    /// never moves a bound past the estimate: lower = min(γ, max(L, γ − c·SE)) and
    /// upper = max(γ, min(U, γ + c·SE)) for the range [L, U]. irrCAC clips only the upper bound,
    /// at 1. A figure with no range passes −∞…∞.
    ///
    /// - Parameters:
    ///   - value: the estimate γ.
    ///   - se: its standard error.
    ///   - quantile: where c comes from.
    ///   - n: the sample size, for the t quantile's n − 1 degrees of freedom.
    ///   - level: the coverage, such as 0.95.
    ///   - range: the values the figure can take.
    public init?(
        around value: Double, standardError se: Double, quantile: Quantile, n: Int, level: Double,
        range: ClosedRange<Double>
    ) {
        guard let critical = quantile.critical(level: level, n: n) else { return nil }
        let half = critical * se
        self.init(
            lower: min(value, max(range.lowerBound, value - half)),
            upper: max(value, min(range.upperBound, value + half)),
            level: level,
            method: .standardError(quantile))
    }
}
