import StatisticsCore

extension KappaSampleSize {
    /// The rows Donner & Eliasziw's (1992) goodness-of-fit test of H₀: κ = κ₀ needs to reject with
    /// probability `power` when the truth is κ₁: two raters, two categories, both raters rating
    /// positive with the same probability π.
    ///
    /// Under that model a row falls in one of three cells — both positive, one each, both negative —
    /// with probabilities
    ///
    ///     P₁(κ) = π² + π(1 − π)κ,   P₂(κ) = 2π(1 − π)(1 − κ),   P₃(κ) = (1 − π)² + π(1 − π)κ.
    ///
    /// The test compares the observed cell counts with n·Pᵢ(κ₀) by Pearson's χ² on one degree of
    /// freedom (three cells, less one for the total and one for π̂). Under κ₁ the statistic is
    /// approximately noncentral χ²₁ with noncentrality n·Σᵢ (Pᵢ(κ₁) − Pᵢ(κ₀))² / Pᵢ(κ₀), so
    ///
    ///     n = ⌈λ / Σᵢ (Pᵢ(κ₁) − Pᵢ(κ₀))² / Pᵢ(κ₀)⌉,
    ///
    /// λ the noncentrality at which the χ²₁ test at level α has that power
    /// (``ChiSquareOneDegree/noncentrality(alpha:power:)``: 7.849 at α = 0.05 and power 0.8, 10.507
    /// at 0.9). The test is two-sided, so α = 0.05 matches the 95% interval `plan` plans for. With
    /// two categories every agreement weighting gives the same kappa, so the rule serves all three
    /// kappas on a two-level scale. It is a large-sample formula, like ``rows(design:weights:threshold:level:power:rule:)``;
    /// `judgecal plan` prints it beside its simulated rows for a two-level dimension.
    ///
    /// Edge cases (`nil`): κ₁ = κ₀ (no n); π outside (0, 1); a κ whose cells would be negative
    /// (κ < −min(π/(1 − π), (1 − π)/π)) or κ > 1; κ₀ = 1, whose one-each cell has probability 0 so
    /// the statistic is undefined under H₀.
    ///
    /// References: Donner & Eliasziw (1992), Statistics in Medicine 11:1511–1519; Sim & Wright
    /// (2005), Physical Therapy 85:257–268, whose Table 7 tabulates this rule.
    ///
    /// - Parameters:
    ///   - nullKappa: κ₀, the threshold tested.
    ///   - trueKappa: κ₁, the kappa the rows are planned for.
    ///   - positiveShare: π, the common probability that a rater rates a row positive.
    ///   - alpha: the test's level, in (0, 1).
    ///   - power: the probability of rejecting wanted, in (0, 1).
    public static func goodnessOfFitRows(
        nullKappa: Double, trueKappa: Double, positiveShare: Double, alpha: Double, power: Double
    ) -> Int? {
        guard abs(trueKappa - nullKappa) > 1e-12, let null = goodnessOfFitCells(kappa: nullKappa, positiveShare: positiveShare),
            null.allSatisfy({ $0 > 0 }), let truth = goodnessOfFitCells(kappa: trueKappa, positiveShare: positiveShare)
        else { return nil }
        let effect = zip(truth, null).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) / $1.1 }
        let n = ChiSquareOneDegree.noncentrality(alpha: alpha, power: power) / effect
        // Guard the ceiling against rounding noise, as ``rows(design:weights:threshold:level:power:rule:)`` does.
        return max(1, Int((n * (1 - 1e-12)).rounded(.up)))
    }

    /// Donner & Eliasziw's three cell probabilities (both positive, one each, both negative) at
    /// kappa `kappa` and common positive share `positiveShare`; `nil` where π is outside (0, 1) or a
    /// cell would be negative.
    static func goodnessOfFitCells(kappa: Double, positiveShare p: Double) -> [Double]? {
        guard p > 0, p < 1, kappa.isFinite, kappa <= 1 else { return nil }
        let spread = p * (1 - p)
        let cells = [p * p + spread * kappa, 2 * spread * (1 - kappa), (1 - p) * (1 - p) + spread * kappa]
        return cells.allSatisfy({ $0 >= -1e-15 }) ? cells.map { max(0, $0) } : nil
    }
}
