/// The F distribution with (d₁, d₂) degrees of freedom, which need not be
/// integers (McGraw and Wong's approximate d₂ for the absolute-agreement ICC).
///
/// P(F ≤ f) = I_{d₁f/(d₁f+d₂)}(d₁/2, d₂/2), through ``IncompleteBeta``; the
/// quantile inverts it. Checked against scipy's `f.sf` and `f.ppf`, and through
/// the ICC intervals of R irr.
public enum FDistribution {
    /// P(F ≥ f), the upper-tail probability used as an F test's p-value; 0 for f = ∞.
    public static func survival(_ f: Double, _ d1: Double, _ d2: Double) -> Double {
        if f <= 0 { return 1 }
        if f.isInfinite { return 0 }
        return IncompleteBeta.regularized(d2 / (d2 + d1 * f), d2 / 2, d1 / 2)
    }

    /// The f with P(F ≤ f) = p.
    ///
    /// - Precondition: 0 ≤ p ≤ 1.
    public static func quantile(_ p: Double, _ d1: Double, _ d2: Double) -> Double {
        precondition(p >= 0 && p <= 1, "a probability lies in [0, 1]")
        let root = IncompleteBeta.inverse(p, d1 / 2, d2 / 2)
        if root.complement <= 0 { return .infinity }
        return d2 * root.x / (d1 * root.complement)
    }
}
