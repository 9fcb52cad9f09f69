import Foundation

/// The regularized incomplete beta function I_x(a, b) and its inverse, on which
/// the Student t and F distributions rest.
///
/// I_x(a, b) is evaluated by its continued fraction (modified Lentz), on the
/// side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction
/// converges fast, to about 1e-15 relative. The inverse is Newton's method on
/// the beta density inside a bisection bracket, solved on the tail that keeps
/// full relative precision.
///
/// The prefactor x^a (1 − x)^b / B(a, b) is where precision is lost for a large
/// parameter: lgamma(a) − lgamma(a + b) cancels two numbers near a·log a (about
/// 2600 for a = 500, so 3e-13 absolute), and a·log x amplifies the rounding of x
/// by a. ``logBeta(_:_:)`` therefore takes the difference from Stirling's series
/// when one parameter is 20 or more, and callers that know x and 1 − x more
/// accurately than by subtraction (the Student t distribution, where
/// x = 1/(1 + t²/ν)) pass their logarithms to
/// ``regularized(_:complement:logX:logComplement:_:_:)``.
enum IncompleteBeta {
    /// I_x(a, b) for 0 ≤ x ≤ 1 and a, b > 0.
    static func regularized(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return regularized(x, complement: 1 - x, logX: log(x), logComplement: log1p(-x), a, b)
    }

    /// I_x(a, b) from x, its complement y = 1 − x and their logarithms, each
    /// computed by the caller without cancellation.
    static func regularized(
        _ x: Double,
        complement y: Double,
        logX: Double,
        logComplement logY: Double,
        _ a: Double,
        _ b: Double
    ) -> Double {
        if x <= 0 { return 0 }
        if y <= 0 { return 1 }
        if x < (a + 1) / (a + b + 2) {
            return exp(a * logX + b * logY - logBeta(a, b)) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(b * logY + a * logX - logBeta(a, b)) * continuedFraction(y, b, a) / b
    }

    /// log B(a, b) = lgamma(a) + lgamma(b) − lgamma(a + b).
    ///
    /// When the larger parameter L is 20 or more, lgamma(L) − lgamma(L + s) is
    /// taken from Stirling's series, −s·log L − (L + s − ½)·log1p(s/L) + s + S(L) − S(L + s)
    /// with S(z) = 1/(12z) − 1/(360z³) + 1/(1260z⁵) − 1/(1680z⁷) + 1/(1188z⁹)
    /// (truncation error below 1e-17 for z ≥ 20), which has no cancellation.
    static func logBeta(_ a: Double, _ b: Double) -> Double {
        let small = min(a, b)
        let large = max(a, b)
        guard large >= 20 else { return lgamma(a) + lgamma(b) - lgamma(a + b) }
        let difference =
            -small * log(large) - (large + small - 0.5) * log1p(small / large) + small
            + stirlingRemainder(large) - stirlingRemainder(large + small)
        return lgamma(small) + difference
    }

    /// The remainder of Stirling's series for log Γ(z), z ≥ 20.
    private static func stirlingRemainder(_ z: Double) -> Double {
        let w = 1 / (z * z)
        return (1.0 / 12 - w * (1.0 / 360 - w * (1.0 / 1260 - w * (1.0 / 1680 - w / 1188)))) / z
    }

    /// The x with I_x(a, b) = p, for 0 ≤ p ≤ 1, with its complement 1 − x.
    ///
    /// The root is solved on the lower tail for p ≤ 0.5 and on the upper tail
    /// (for 1 − x) otherwise, and both are returned, so that whichever is small
    /// keeps full relative precision.
    static func inverse(_ p: Double, _ a: Double, _ b: Double) -> (x: Double, complement: Double) {
        if p <= 0 { return (0, 1) }
        if p >= 1 { return (1, 0) }
        if p > 0.5 {
            let y = lowerRoot(1 - p, b, a)
            return (1 - y, y)
        }
        let x = lowerRoot(p, a, b)
        return (x, 1 - x)
    }

    /// The root of I_x(a, b) = p, p ≤ 0.5, by safeguarded Newton steps.
    private static func lowerRoot(_ p: Double, _ a: Double, _ b: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var x = 0.5
        let logB = logBeta(a, b)
        for _ in 0..<200 {
            let f = regularized(x, a, b) - p
            if f == 0 { return x }
            if f < 0 { lo = x } else { hi = x }
            let density = exp((a - 1) * log(x) + (b - 1) * log1p(-x) - logB)
            var next = x - f / density
            if !(next > lo && next < hi) || !density.isFinite { next = (lo + hi) / 2 }
            if abs(next - x) <= 1e-15 * max(x, Double.leastNormalMagnitude) { return next }
            x = next
        }
        return x
    }

    /// 1 / (1 + d₁ / (1 + d₂ / (1 + …))), by the modified Lentz method.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...10_000 {
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
