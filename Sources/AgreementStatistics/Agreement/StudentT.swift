import Foundation

/// Student's t distribution with ν degrees of freedom: distribution and
/// quantile functions, for t-based confidence intervals such as Gwet's
/// irrCAC interval for kappa (κ ± t₀.₉₇₅,ₙ₋₁·SE).
///
/// The distribution function goes through the regularised incomplete beta
/// function, P(T ≤ t) = 1 − I_{ν/(ν+t²)}(ν/2, 1/2)/2 for t ≥ 0, evaluated by its
/// continued fraction (modified Lentz); the quantile inverts it by bisection to
/// full double precision. Checked against `scipy.stats.t.ppf(0.975, 18)` =
/// 2.10092204024096 and through the SAS-table interval 0.194207–0.774119 that
/// irrCAC prints.
public enum StudentT {
    /// P(T ≤ t) for ν = `degreesOfFreedom`.
    ///
    /// - Precondition: ν > 0.
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be positive")
        if t.isInfinite { return t > 0 ? 1 : 0 }
        let tail = 0.5 * regularizedIncompleteBeta(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The value below which T falls with probability `p`.
    ///
    /// - Precondition: 0 < p < 1 and ν > 0.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs 0 < p < 1")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        var low = 0.0
        var high = 1.0
        while cdf(high, degreesOfFreedom: nu) < p { low = high; high *= 2 }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            if cdf(mid, degreesOfFreedom: nu) < p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// I_x(a, b), by the continued fraction on whichever side converges fast.
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logPowers - logBeta
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * betaContinuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * betaContinuedFraction(x: 1 - x, a: b, b: a) / b
    }

    private static func betaContinuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return result
    }
}
