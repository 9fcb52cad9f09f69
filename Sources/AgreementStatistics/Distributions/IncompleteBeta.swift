import Foundation

/// The regularized incomplete beta function I_x(a, b) and its inverse, on which
/// the Student t and F distributions rest.
///
/// I_x(a, b) is evaluated by its continued fraction (modified Lentz), on the
/// side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction
/// converges fast, to about 1e-15 relative. The inverse is Newton's method on
/// the beta density inside a bisection bracket, solved on the tail that keeps
/// full relative precision.
enum IncompleteBeta {
    /// I_x(a, b) for 0 ≤ x ≤ 1 and a, b > 0.
    static func regularized(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x < (a + 1) / (a + b + 2) {
            return front(x, a, b) * continuedFraction(x, a, b) / a
        }
        return 1 - front(1 - x, b, a) * continuedFraction(1 - x, b, a) / b
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
        let logBeta = lgamma(a) + lgamma(b) - lgamma(a + b)
        for _ in 0..<200 {
            let f = regularized(x, a, b) - p
            if f == 0 { return x }
            if f < 0 { lo = x } else { hi = x }
            let density = exp((a - 1) * log(x) + (b - 1) * log1p(-x) - logBeta)
            var next = x - f / density
            if !(next > lo && next < hi) || !density.isFinite { next = (lo + hi) / 2 }
            if abs(next - x) <= 1e-15 * max(x, Double.leastNormalMagnitude) { return next }
            x = next
        }
        return x
    }

    /// x^a (1 − x)^b / B(a, b), in logarithms.
    private static func front(_ x: Double, _ a: Double, _ b: Double) -> Double {
        exp(a * log(x) + b * log1p(-x) - (lgamma(a) + lgamma(b) - lgamma(a + b)))
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
