import Foundation

/// The standard normal distribution N(0, 1): its distribution function, its
/// quantile function and two-sided p-values for z statistics.
///
/// The distribution function is Φ(x) = erfc(−x/√2)/2, accurate to a few ulps
/// in both tails. The quantile starts from Acklam's rational approximation
/// (relative error below 1.2·10⁻⁹) and takes one Halley step against Φ,
/// which brings it to double precision; checked against
/// `scipy.stats.norm.ppf` (Φ⁻¹(0.975) = 1.959963984540054).
public enum StandardNormal {
    /// Φ(x), the probability that a standard normal variate is at most `x`.
    public static func cdf(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// The two-sided p-value of a z statistic, 2·(1 − Φ(|z|)).
    public static func twoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }

    /// Φ⁻¹(p), the value below which a standard normal variate falls with
    /// probability `p`; −∞ at 0 and +∞ at 1.
    ///
    /// - Precondition: 0 ≤ p ≤ 1.
    public static func quantile(_ p: Double) -> Double {
        precondition((0...1).contains(p), "a probability lies in [0, 1]")
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        let x = acklam(p)
        // One Halley step: e = Φ(x) − p, u = e·√(2π)·exp(x²/2).
        let e = cdf(x) - p
        let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        return x - u / (1 + x * u / 2)
    }

    /// The two-sided critical value z such that P(|Z| ≤ z) = `level`.
    public static func criticalValue(level: Double) -> Double {
        quantile(0.5 + level / 2)
    }

    private static func acklam(_ p: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                 -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low {
            let q = (-2 * log(1 - p)).squareRoot()
            return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
