/// Student's t distribution with ν degrees of freedom (ν > 0, not necessarily
/// an integer), for the t tests of Pearson's r and Spearman's ρ and for
/// t-based intervals such as Gwet's irrCAC interval for kappa (κ ± t₀.₉₇₅,ₙ₋₁·SE).
///
/// P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2), through ``IncompleteBeta``; checked
/// against scipy's `t.sf` and against the p-values scipy reports for the
/// reference correlations; the quantile against `scipy.stats.t.ppf(0.975, 18)`
/// = 2.10092204024096 and the SAS-table interval 0.194207–0.774119 that irrCAC prints.
public enum StudentTDistribution {
    /// The two-sided tail probability P(|T| ≥ |t|) with `degreesOfFreedom` ν.
    ///
    /// It is 0 when `t` is infinite.
    public static func twoSidedPValue(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        if t.isInfinite { return 0 }
        return IncompleteBeta.regularized(nu / (nu + t * t), nu / 2, 0.5)
    }

    /// P(T ≤ t): 1 − I_{ν/(ν+t²)}(ν/2, 1/2)/2 for t ≥ 0, by symmetry below 0.
    ///
    /// - Precondition: ν > 0.
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be positive")
        if t.isInfinite { return t > 0 ? 1 : 0 }
        let tail = 0.5 * IncompleteBeta.regularized(nu / (nu + t * t), nu / 2, 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with P(T ≤ t) = p, by inverting the incomplete beta function:
    /// for p > ½, x = I⁻¹(2(1 − p); ν/2, ½) and t = √(ν(1 − x)/x).
    ///
    /// - Precondition: 0 < p < 1 and ν > 0.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs 0 < p < 1")
        precondition(nu > 0, "degrees of freedom must be positive")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        let (x, complement) = IncompleteBeta.inverse(2 * (1 - p), nu / 2, 0.5)
        return (nu * complement / x).squareRoot()
    }
}
