import Foundation

/// The binomial distribution's lower tail: P(X ≤ k) for X ~ Binomial(n, p).
///
/// For 0 ≤ k < n it is the regularised incomplete beta function I_{1−p}(n − k, k + 1) (the identity
/// scipy's `binom.cdf` evaluates through Cephes' `bdtr`), accurate to about 1e-15 relative
/// (``IncompleteBeta``); it is 0 for k < 0 and 1 for k ≥ n. The p-values of Learn then Test's
/// Bentkus bound rest on it (`AbstainBand` in RunInference), checked there against scipy.
public enum BinomialDistribution {
    /// P(X ≤ `events`) for X ~ Binomial(`trials`, `probability`).
    ///
    /// Total for every input: trials below 1 leave X = 0 (so the tail is 1 at events ≥ 0), and a
    /// probability outside [0, 1] is clamped to it.
    public static func lowerTail(events k: Int, trials n: Int, probability p: Double) -> Double {
        if k < 0 { return 0 }
        if k >= n { return 1 }
        let clamped = min(1, max(0, p))
        if clamped == 0 { return 1 }
        if clamped == 1 { return 0 }
        return IncompleteBeta.regularized(
            1 - clamped,
            complement: clamped,
            logX: log1p(-clamped),
            logComplement: log(clamped),
            Double(n - k),
            Double(k + 1))
    }
}
