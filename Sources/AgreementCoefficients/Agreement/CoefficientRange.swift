/// The range each chance-corrected coefficient can take, to which its
/// confidence interval is clipped
/// (``StatisticsCore/ConfidenceInterval/init(around:standardError:quantile:n:level:range:)``).
///
/// Every coefficient here is γ = (p_a − p_e)/(1 − p_e) with agreement weights in
/// [0, 1] and w_kk = 1, so 0 ≤ p_a ≤ 1 and, where p_e < 1, γ ≤ 1. The lower limit
/// differs, and is **not** −1 in general:
///
/// - **Cohen's kappa** with identity, linear or quadratic weights: γ ≥ −1. With
///   disagreement d = 1 − w, κ = 1 − D_o/D_e (D_o = E d(X, Y) over the pairs,
///   D_e = E d(X, Y′) for independent Y′ with Y's margin), and D_o ≤ 2D_e:
///   for a metric d, D_o ≤ D_e + min(E d(X, X′), E d(Y, Y′)), and for the
///   metrics of negative type (the discrete metric and |x − y|) 2D_e ≥
///   E d(X, X′) + E d(Y, Y′) (the energy distance is ≥ 0); for (x − y)²,
///   E(X − Y)² ≤ Var X + Var Y + 2σ_Xσ_Y + (μ_X − μ_Y)² ≤ 2E(X − Y′)².
///   Custom weights: no lower limit is known, so none is applied.
/// - **Gwet's AC1/AC2** (two or more raters, missing ratings included):
///   γ ≥ −T_w/(q² − T_w), T_w = Σ w_kl, because p_a ≥ 0 and
///   p_e = T_w/(q(q − 1)) Σ π_k(1 − π_k) ≤ T_w/(q(q − 1)) · (1 − 1/q) = T_w/q².
///   That is −1/(q − 1) for AC1 (−1 for q = 2), and −2 for AC2 with quadratic
///   weights on three categories, which does go below −1 (AC2 = −1.2222 on the
///   table [[0, 0, 6], [0, 3, 0], [6, 0, 0]]).
/// - **Fleiss' kappa** with the same m ≥ 2 ratings on every unit and identity,
///   linear or quadratic weights: γ ≥ −1/(m − 1). Per unit p_a|u = (m s_u − 1)/(m − 1)
///   with s_u = Σ w_kl p_uk p_ul, and s = Σ w_kl π_k π_l is convex on the simplex for
///   these weights (−d is positive semi-definite on vectors summing to 0), so
///   mean s_u ≥ p_e and p_a ≥ (m p_e − 1)/(m − 1), which gives the limit (attained
///   when every unit has m different categories, evenly used). With missing ratings
///   (Gwet's generalisation) units rated once move π but not p_a, and kappa has no
///   lower limit (−1.279 on `FleissKappaRangeTests`' data); none is applied.
enum CoefficientRange {
    /// The range of Cohen's kappa with `weights`.
    static func cohenKappa(_ weights: AgreementWeights) -> ClosedRange<Double> {
        weights.hasNegativeTypeDisagreement ? -1...1 : -Double.infinity...1
    }

    /// The range of Gwet's AC1/AC2 with the weight matrix `w` on q = w.k categories.
    static func gwet(_ w: WeightMatrix) -> ClosedRange<Double> {
        let q = Double(w.k)
        let total = w.total
        guard total < q * q else { return -Double.infinity...1 }
        return -total / (q * q - total)...1
    }

    /// The range of Fleiss' kappa with `weights`, given the common number of
    /// ratings per unit (`nil` when units differ).
    static func fleissKappa(_ weights: AgreementWeights, ratingsPerUnit m: Double?) -> ClosedRange<Double> {
        guard let m, m >= 2, weights.hasNegativeTypeDisagreement else { return -Double.infinity...1 }
        return -1 / (m - 1)...1
    }
}

extension AgreementWeights {
    /// Whether 1 − w is a disagreement of negative type (discrete metric, |x − y|,
    /// (x − y)²), for which the limits of ``CoefficientRange`` are proven.
    var hasNegativeTypeDisagreement: Bool {
        switch self {
        case .unweighted, .linear, .quadratic: true
        case .custom: false
        }
    }
}
