import Foundation

/// The χ² distribution with k degrees of freedom (k > 0): P(χ²ₖ ≤ x) = P(k/2, x/2), the regularized
/// lower incomplete gamma function, for the chance that a sample's standard deviation stays below
/// a bound (s²(n − 1)/σ² is χ² on n − 1 degrees of freedom for normal data).
///
/// P(a, z) is evaluated by its series Σ zⁿ/(a(a+1)…(a+n)) · e⁻ᶻ zᵃ/Γ(a) for z < a + 1, and
/// otherwise as 1 − Q(a, z) with Q's continued fraction (modified Lentz), each to about 1e-15
/// relative (Press, Teukolsky, Vetterling & Flannery, *Numerical Recipes*, 3rd ed., §6.2, whose
/// method, not code, this follows). Checked against SciPy's `chi2.cdf`.
public enum ChiSquareDistribution {
    /// P(χ²ₖ ≤ x); 0 for x ≤ 0, 1 for x infinite.
    ///
    /// - Precondition: k > 0.
    public static func cdf(_ x: Double, degreesOfFreedom k: Double) -> Double {
        precondition(k > 0, "degrees of freedom must be positive")
        guard x > 0 else { return 0 }
        if x.isInfinite { return 1 }
        return regularizedLowerGamma(k / 2, x / 2)
    }

    /// P(a, z) for a > 0, z > 0.
    static func regularizedLowerGamma(_ a: Double, _ z: Double) -> Double {
        let logPrefactor = a * log(z) - z - lgamma(a)
        if z < a + 1 {
            // Series: terms zⁿ / (a (a + 1) … (a + n)), summed until they stop mattering.
            var term = 1 / a, sum = term, denominator = a
            for _ in 0..<10_000 {
                denominator += 1
                term *= z / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return min(1, sum * exp(logPrefactor))
        }
        // Continued fraction for Q(a, z), by the modified Lentz method.
        let tiny = 1e-300
        var b = z + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1..<10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return max(0, 1 - exp(logPrefactor) * h)
    }
}
