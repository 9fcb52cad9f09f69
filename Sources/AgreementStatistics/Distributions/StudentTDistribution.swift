/// Student's t distribution with ν degrees of freedom (ν > 0, not necessarily
/// an integer), for the t tests of Pearson's r and Spearman's ρ.
///
/// P(|T| > t) = I_{ν/(ν+t²)}(ν/2, 1/2), through ``IncompleteBeta``; checked
/// against scipy's `t.sf` and against the p-values scipy reports for the
/// reference correlations.
public enum StudentTDistribution {
    /// The two-sided tail probability P(|T| ≥ |t|) with `degreesOfFreedom` ν.
    /// It is 0 when `t` is infinite.
    public static func twoSidedPValue(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        if t.isInfinite { return 0 }
        return IncompleteBeta.regularized(nu / (nu + t * t), nu / 2, 0.5)
    }
}
