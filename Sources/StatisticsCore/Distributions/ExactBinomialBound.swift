/// Exact one-sided confidence bounds on a binomial probability (Clopper & Pearson 1934).
///
/// For k events in n independent trials, the upper bound at confidence 1 − δ is the
/// probability u at which k or fewer events would be seen with probability δ:
///
///     P(X ≤ k | n, u) = δ,   that is   u = B⁻¹(1 − δ; k + 1, n − k),
///
/// the 1 − δ quantile of the Beta(k + 1, n − k) distribution (the binomial tail equals a
/// regularised incomplete beta function), and u = 1 when k = n. Whatever the true
/// probability p, P(u < p) ≤ δ: the bound is conservative at every n, where a normal
/// approximation is not. Checked against scipy's `beta.ppf` and against the root of
/// `binom.cdf(k, n, r) = δ` that Jung, Brahman & Choi's released code finds with `brentq`
/// (`benchmarks/python/trust_threshold_fixtures.py`).
public enum ExactBinomialBound {
    /// The upper bound at confidence 1 − `error` on the probability of an event seen `events`
    /// times in `trials`.
    ///
    /// - Precondition: 0 ≤ events ≤ trials, trials ≥ 1, 0 < error < 1.
    public static func upper(events: Int, trials: Int, error: Double) -> Double {
        precondition(trials >= 1 && events >= 0 && events <= trials, "an event is seen at most once a trial")
        precondition(error > 0 && error < 1, "an error probability lies in (0, 1)")
        if events == trials { return 1 }
        return IncompleteBeta.inverse(1 - error, Double(events + 1), Double(trials - events)).x
    }
}
