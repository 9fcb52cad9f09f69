/// The χ² distribution with one degree of freedom, central and noncentral, for the power of a
/// one-degree-of-freedom χ² test (Donner & Eliasziw's goodness-of-fit test of kappa).
///
/// A noncentral χ²₁ variate with noncentrality λ is the square of a normal variate with mean √λ
/// and variance 1, so everything follows from ``NormalDistribution`` without a series:
///
///     P(χ²₁(λ) > x) = Φ(√λ − √x) + Φ(−√λ − √x),
///
/// and the central critical value at level α is c = z²₁₋α/₂. The noncentrality at which the test
/// has power P solves P(χ²₁(λ) > c) = P; the left side rises with λ from α at λ = 0, so the root
/// is found by bisection on √λ. At α = 0.05 it is 7.849 for P = 0.8 and 10.507 for P = 0.9.
/// Checked against scipy's `ncx2.sf` and `chi2.ppf` (benchmarks/python/kappa_goodness_of_fit.py).
public enum ChiSquareOneDegree {
    /// The central critical value c with P(χ²₁ > c) = α, z²₁₋α/₂ (3.841 for α = 0.05).
    ///
    /// - Precondition: 0 < α < 1.
    public static func criticalValue(alpha: Double) -> Double {
        precondition(alpha > 0 && alpha < 1, "a level lies in (0, 1)")
        let z = NormalDistribution.quantile(1 - alpha / 2)
        return z * z
    }

    /// P(χ²₁(λ) > x), the upper tail of the noncentral χ² with one degree of freedom.
    ///
    /// λ = 0 is the central distribution; 1 for x ≤ 0.
    public static func survival(_ x: Double, noncentrality lambda: Double) -> Double {
        guard x > 0 else { return 1 }
        let (root, shift) = (x.squareRoot(), max(0, lambda).squareRoot())
        return NormalDistribution.survival(root - shift) + NormalDistribution.cdf(-root - shift)
    }

    /// The noncentrality λ at which the χ²₁ test at level α rejects with probability `power`.
    ///
    /// - Returns: 0 when `power` ≤ α (the central distribution already rejects that often).
    /// - Precondition: 0 < α < 1 and 0 < power < 1.
    public static func noncentrality(alpha: Double, power: Double) -> Double {
        precondition(power > 0 && power < 1, "a power lies in (0, 1)")
        let critical = criticalValue(alpha: alpha)
        guard power > alpha else { return 0 }
        // √λ lies below √c + z_P + 1: there the first term alone already exceeds P.
        var (low, high) = (0.0, critical.squareRoot() + max(0, NormalDistribution.quantile(power)) + 1)
        for _ in 0..<200 where high - low > 1e-15 * high {
            let middle = (low + high) / 2
            if survival(critical, noncentrality: middle * middle) < power { low = middle } else { high = middle }
        }
        let root = (low + high) / 2
        return root * root
    }
}
