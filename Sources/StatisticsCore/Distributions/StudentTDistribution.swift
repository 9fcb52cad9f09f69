import Foundation

/// Student's t distribution with ν degrees of freedom (ν > 0, not necessarily
/// an integer), for the t tests of Pearson's r and Spearman's ρ and for
/// t-based intervals such as Gwet's irrCAC interval for kappa (κ ± t₀.₉₇₅,ₙ₋₁·SE).
///
/// P(|T| > t) = I_x(ν/2, ½) with x = 1/(1 + t²/ν), through ``IncompleteBeta``.
/// x and 1 − x = (t²/ν)/(1 + t²/ν) and their logarithms (−log1p(t²/ν) and
/// log(t²/ν) − log1p(t²/ν)) are formed here without subtraction, because
/// I_x(ν/2, ½) multiplies log x by ν/2: computing x = ν/(ν + t²) first and
/// then 1 − x, with log B(ν/2, ½) as a difference of two large lgammas, cost up
/// to 2.5e-12 relative in the quantile near ν = 1000. The quantile starts from
/// the inverse incomplete beta function and is refined by Newton steps on the
/// upper tail itself.
///
/// Compare with scipy 1.15 or later: scipy 1.12 (the version irrCAC 0.4.4 pins)
/// has `t.ppf` errors of up to 5e-9 relative (at 30–60 degrees of freedom, where
/// issue #10 saw the differences); `t.sf` of its own quantile misses p there.
///
/// Checked against scipy 1.17.1: `t.ppf` to 1e-13 relative for ν = 1…1000 and
/// p ∈ {0.9, 0.95, 0.975, 0.99, 0.995, 0.999} (the grid is in the tests, from
/// `benchmarks/python/edge_case_fixtures.py`); `t.ppf(0.975, 18)` =
/// 2.10092204024096; and the SAS-table interval 0.194207–0.774119 that irrCAC prints.
public enum StudentTDistribution {
    /// The two-sided tail probability P(|T| ≥ |t|) with `degreesOfFreedom` ν.
    ///
    /// It is 0 when `t` is infinite.
    public static func twoSidedPValue(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        if t.isInfinite { return 0 }
        return 2 * upperTail(abs(t), nu)
    }

    /// P(T ≤ t): 1 − P(T > t) for t ≥ 0, by symmetry below 0.
    ///
    /// - Precondition: ν > 0.
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be positive")
        if t.isInfinite { return t > 0 ? 1 : 0 }
        let tail = upperTail(abs(t), nu)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with P(T ≤ t) = p.
    ///
    /// For p > ½ the start is t = √(ν(1 − x)/x) with x = I⁻¹(2(1 − p); ν/2, ½);
    /// Newton steps t ← t + (P(T > t) − (1 − p))/f(t) on the upper tail then
    /// bring it to the precision of the tail (about 1e-15 relative).
    ///
    /// - Precondition: 0 < p < 1 and ν > 0.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs 0 < p < 1")
        precondition(nu > 0, "degrees of freedom must be positive")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        let q = 1 - p
        let (x, complement) = IncompleteBeta.inverse(2 * q, nu / 2, 0.5)
        var t = (nu * complement / x).squareRoot()
        guard t.isFinite, t > 0 else { return t }
        for _ in 0..<8 {
            let density = self.density(t, nu)
            guard density > 0, density.isFinite else { break }
            let step = (upperTail(t, nu) - q) / density
            t += step
            if abs(step) <= 2 * Double.ulpOfOne * t { break }
        }
        return t
    }

    /// P(T > t) for t ≥ 0: ½ I_x(ν/2, ½), x = 1/(1 + r), 1 − x = r/(1 + r), r = t²/ν.
    static func upperTail(_ t: Double, _ nu: Double) -> Double {
        if t.isInfinite { return 0 }
        let r = t * t / nu
        if r == 0 { return 0.5 }
        if r.isInfinite { return 0 }
        let logX = -log1p(r)
        return 0.5
            * IncompleteBeta.regularized(
                1 / (1 + r),
                complement: r / (1 + r),
                logX: logX,
                logComplement: log(r) + logX,
                nu / 2,
                0.5
            )
    }

    /// The density f(t) = (1 + t²/ν)^(−(ν+1)/2) / (√ν B(ν/2, ½)).
    static func density(_ t: Double, _ nu: Double) -> Double {
        exp(-IncompleteBeta.logBeta(nu / 2, 0.5) - 0.5 * log(nu) - (nu + 1) / 2 * log1p(t * t / nu))
    }
}
