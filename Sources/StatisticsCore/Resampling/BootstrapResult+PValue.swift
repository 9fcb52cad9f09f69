extension BootstrapResult {
    /// The two-sided percentile bootstrap p-value of the hypothesis that the statistic is `null`:
    ///
    ///     p = min(1, 2 · (min(#{θ*ᵦ ≤ null}, #{θ*ᵦ ≥ null}) + 1) / (B′ + 1))
    ///
    /// over the B′ defined replicates θ*ᵦ (undefined resamples left out, as everywhere in
    /// ``BootstrapResult``). It inverts the percentile interval: p ≤ α exactly when `null` lies outside
    /// the (1 − α) percentile interval of the same replicates (up to the interval's interpolation), so
    /// the test and the interval printed beside it never disagree. The +1 in numerator and denominator
    /// counts the observed statistic as one of the draws, so p is never 0 (Davison & Hinkley 1997,
    /// *Bootstrap Methods and their Application*, §4.4.1, eq. 4.11); a replicate equal to `null` counts
    /// on both sides.
    ///
    /// - Returns: `nil` when no replicate is defined (no resample drawn, or every one undefined).
    public func twoSidedPValue(null: Double = 0) -> Double? {
        guard !replicates.isEmpty else { return nil }
        let below = replicates.count { $0 <= null }
        let above = replicates.count { $0 >= null }
        return min(1, 2 * Double(min(below, above) + 1) / Double(replicates.count + 1))
    }
}
