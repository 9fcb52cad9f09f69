public import AgreementCoefficients
import StatisticsCore

/// How many labelled rows a kappa verdict needs: the sample-size mathematics
/// of `judgecal plan`.
///
/// **The verdict's rule** (``Rule/interval``, what `align` decides with): the
/// interval κ̂ ± z·SE(κ̂) at coverage L, z = Φ⁻¹((1 + L)/2), with the
/// Fleiss–Cohen–Everitt standard error taken at the estimate. When the true
/// kappa κ₁ lies above the threshold θ, the interval lies wholly above θ when
/// κ̂ − z·σ₁/√n > θ, where σ₁² = n·Var(κ̂) on the design at κ₁; κ̂ being
/// asymptotically normal about κ₁ with that variance, this happens with
/// probability Φ(|κ₁ − θ|·√n/σ₁ − z), and the smallest n with probability at
/// least P is
///
///     n = ⌈((z + z_P)·σ₁ / |κ₁ − θ|)²⌉,   z_P = Φ⁻¹(P),
///
/// and symmetrically below θ. The chance of the wrong decisive verdict (below
/// θ when κ₁ is above) is at most (1 − L)/2 and is not counted.
///
/// **The test of H₀: κ = θ** (``Rule/nullTest``), as Cantor (1996) plans it and
/// R's `irr::N.cohen.kappa` computes: the critical value uses the variance under
/// the null design σ₀ (the same margins at κ = θ), one-sided at level α:
///
///     n = ⌈((z_α·σ₀ + z_P·σ₁) / |κ₁ − θ|)²⌉.
///
/// Both are large-sample results. The null-test rule gives 96 for irr's
/// documented example (both raters 50% positive, κ₁ = 0.7, θ = 0.85, α = 0.05
/// one-sided, power 0.8). The interval rule is optimistic at the sizes a
/// labelling study has: on skewed 1–4 tables its n gives a power of 0.72–0.76
/// where 0.80 was asked (measured, docs/PLANNING.md), because the estimated SE
/// falls as κ̂ rises and κ̂ is skewed. `judgecal plan` therefore simulates the
/// verdict (``simulatedRows(design:weights:threshold:level:power:replications:seed:)``)
/// and uses this formula only to bracket the search.
///
/// Edge cases: κ₁ = θ has no n (the interval straddles θ with probability
/// about L however many rows) and is `nil`; so is a design whose kappa is
/// undefined (a rater with one level).
///
/// References: Fleiss, Cohen & Everitt (1969), Psychological Bulletin 72:323;
/// Cantor (1996), Psychological Methods 1:150; Donner & Eliasziw (1992),
/// Statistics in Medicine 11:1511 (the binary goodness-of-fit approach, whose
/// tables Sim & Wright 2005 reprint; for two levels it is
/// ``goodnessOfFitRows(nullKappa:trueKappa:positiveShare:alpha:power:)``).
public enum KappaSampleSize {
    /// Which decision the rows are planned for.
    public enum Rule: String, Sendable, Hashable, Codable {
        /// The verdict's two-sided interval at coverage `level`, SE at the estimate.
        case interval
        /// A one-sided z test of H₀: κ = θ at level 1 − `level`, SE under H₀ (Cantor 1996).
        case nullTest = "null-test"
    }

    /// The rows needed for a decisive verdict with probability `power` when the
    /// truth is `design`, against `threshold`.
    ///
    /// - Parameters:
    ///   - design: the joint distribution at the true kappa.
    ///   - weights: the kappa's agreement weights on the design's scale.
    ///   - threshold: θ, inside kappa's range.
    ///   - level: the interval's coverage L (``Rule/interval``), or 1 − α (``Rule/nullTest``).
    ///   - power: the probability of a decisive verdict wanted, in (0, 1).
    ///   - rule: ``Rule/interval`` (the verdict's) by default.
    /// - Returns: n, or `nil` where no n decides (see the type's edge cases).
    public static func rows(
        design: AgreementDesign, weights: AgreementWeights, threshold: Double, level: Double, power: Double,
        rule: Rule = .interval
    ) -> Int? {
        let weights = weights.matrix(on: design.scale)
        guard let truth = design.kappa(weights: weights), let spread = design.unitVariance(weights: weights) else { return nil }
        let distance = abs(truth - threshold)
        guard distance > 1e-9 else { return nil }
        let zPower = NormalDistribution.quantile(power)
        let numerator: Double
        switch rule {
        case .interval:
            numerator = (NormalDistribution.quantile((1 + level) / 2) + zPower) * spread.squareRoot()
        case .nullTest:
            guard threshold >= 0, let null = try? design.withKappa(threshold, weights: weights),
                let nullSpread = null.unitVariance(weights: weights)
            else { return nil }
            numerator = NormalDistribution.quantile(level) * nullSpread.squareRoot() + zPower * spread.squareRoot()
        }
        let n = (numerator / distance) * (numerator / distance)
        // Guard the ceiling against rounding noise, as the verdict does.
        return max(1, Int((n * (1 - 1e-12)).rounded(.up)))
    }
}
