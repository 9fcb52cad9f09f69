import Foundation

/// The standard normal distribution: its distribution function and quantiles,
/// for normal-approximation tests and intervals (Fisher's z, Kendall's z test,
/// the kappa z tests, percentile and BCa bootstrap intervals).
///
/// The quantile is Acklam's rational approximation (relative error 1.15e-9)
/// refined by one Halley step on `erfc`, which brings it to full double
/// precision: `quantile(0.975)` = 1.959963984540054 (checked against scipy's
/// `norm.ppf`).
public enum NormalDistribution {
    /// Φ(z), the probability that a standard normal variate is at most `z`.
    public static func cdf(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// 1 − Φ(z), computed without cancellation in the upper tail.
    public static func survival(_ z: Double) -> Double {
        0.5 * erfc(z / 2.0.squareRoot())
    }

    /// The z with Φ(z) = p; −∞ at p = 0 and +∞ at p = 1.
    ///
    /// - Precondition: 0 ≤ p ≤ 1.
    public static func quantile(_ p: Double) -> Double {
        precondition(p >= 0 && p <= 1, "a probability lies in [0, 1]")
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
            6.680131188771972e+01, -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [
            7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
            3.754408661907416e+00,
        ]
        let low = 0.02425
        var x: Double
        if p < low || p > 1 - low {
            let q = (-2 * log(p < low ? p : 1 - p)).squareRoot()
            let num = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]
            let den = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1
            x = p < low ? num / den : -num / den
        } else {
            let q = p - 0.5
            let r = q * q
            let num = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            let den = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1
            x = num / den
        }
        // One Halley step on the exact distribution function.
        let e = (p < 0.5 ? cdf(x) - p : (1 - p) - survival(x))
        let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        x -= u / (1 + x * u / 2)
        return x
    }

    /// The two-sided p-value of a z statistic, 2·(1 − Φ(|z|)).
    public static func twoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }

    /// The two-sided critical value z with P(|Z| ≤ z) = `level`, such as 1.96 for 0.95.
    public static func twoSidedCritical(level: Double) -> Double {
        quantile(0.5 + level / 2)
    }
}
