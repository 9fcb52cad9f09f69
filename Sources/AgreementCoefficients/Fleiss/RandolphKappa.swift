public import StatisticsCore

/// Randolph's free-marginal multi-rater kappa (Randolph 2005; Brennan &
/// Prediger 1981 for two raters).
///
/// It takes chance agreement as uniform over the q declared categories instead
/// of from the observed margins:
///
///     κ_free = (p_a − 1/q) / (1 − 1/q)
///
/// with p_a the pairwise ``PercentAgreement/pairwise(_:tolerance:)`` over units
/// with two or more ratings. Because p_e = 1/q is fixed, it does not suffer the
/// prevalence paradox of Fleiss' kappa (0.9933 against −0.1667 on Randolph's
/// calculator example). Undefined with one category (`too-few`) or with no
/// pairable unit. Checked against statsmodels `fleiss_kappa(method="randolph")`
/// (0.785714 and 0.993343).
public enum RandolphKappa {
    /// The free-marginal kappa of per-unit category counts; n = units used.
    public static func estimate(_ counts: UnitCategoryCounts) -> Estimate {
        let q = Double(counts.k)
        let agreement = PercentAgreement.pairwise(counts)
        guard let pa = agreement.value else { return agreement }
        guard q >= 2 else {
            return Estimate(undefined: .tooFew("the free-marginal kappa needs a scale of at least two categories"), n: agreement.n)
        }
        return Estimate(value: (pa - 1 / q) / (1 - 1 / q), n: agreement.n)
    }
}
