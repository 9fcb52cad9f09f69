import StatisticsCore

/// The computation Gwet's AC1/AC2 and Fleiss' kappa share for several raters
/// with missing ratings.
///
/// It follows Gwet, *Handbook of Inter-Rater Reliability*, 4th ed., ch. 5–6,
/// and the formulas of R irrCAC `gwet.ac1.raw` and `fleiss.kappa.raw`.
///
/// Over the n units with at least one rating (a unit nobody rated carries no
/// information and is left out), with r_uk raters putting unit u in
/// category k, r_u = Σ_k r_uk and r*_uk = Σ_l w_kl r_ul:
/// - p_a = (1/n₂) Σ_{u: r_u ≥ 2} Σ_k r_uk (r*_uk − 1) / (r_u (r_u − 1)), n₂ units with two or more ratings;
/// - π_k = (1/n) Σ_u r_uk / r_u, the category shares averaged over units;
/// - the coefficient-specific p_e, and per unit p_e|u = Σ_k (r_uk / r_u) e_k;
/// - γ = (p_a − p_e)/(1 − p_e), and the linearised variance
///   Var(γ) = Σ_u (γ*_u − γ)² / (n (n − 1)) with
///   γ*_u = (n/n₂)(p_a|u − p_e [r_u ≥ 2])/(1 − p_e) − 2 (1 − γ)(p_e|u − p_e)/(1 − p_e).
package struct ChanceCorrectedAgreement {
    /// Whether p_e is 1 up to rounding, where a chance-corrected coefficient is 0/0.
    package static func isChanceCertain(_ pe: Double) -> Bool { 1 - pe <= 1e-13 }

    /// p_a, or `nil` when no unit has two ratings.
    let observed: Double?
    /// p_e.
    let chance: Double?
    /// γ with n = units rated at least once; the SE and interval where n ≥ 2.
    let coefficient: Estimate

    /// The chance agreement for a coefficient: p_e from π and the weights, and
    /// the per-category terms e_k that give p_e|u.
    typealias Chance = (_ shares: [Double], _ weights: WeightMatrix) -> (pe: Double, perCategory: [Double])?

    init(
        _ counts: UnitCategoryCounts,
        weights: WeightMatrix,
        level: Double,
        quantile: ConfidenceInterval.Quantile,
        range: ClosedRange<Double>,
        name: String,
        chance: Chance
    ) {
        let k = counts.k
        var rated: [Int] = []
        var unitAgreement: [Double] = []
        var pairedUnits = 0
        var shares = [Double](repeating: 0, count: k)
        for u in 0..<counts.unitCount {
            let r = counts.ratingCount(ofUnit: u)
            guard r > 0 else { continue }
            rated.append(u)
            for c in 0..<k { shares[c] += counts[unit: u, category: c] / r }
            guard r >= 2 else {
                unitAgreement.append(0)
                continue
            }
            pairedUnits += 1
            var sum = 0.0
            for c in 0..<k {
                let rc = counts[unit: u, category: c]
                guard rc > 0 else { continue }
                var weighted = 0.0
                for l in 0..<k { weighted += weights[c, l] * counts[unit: u, category: l] }
                sum += rc * (weighted - 1)
            }
            unitAgreement.append(sum / (r * (r - 1)))
        }
        let n = rated.count
        guard pairedUnits > 0 else {
            self.observed = nil
            self.chance = nil
            self.coefficient = Estimate(undefined: .noPairableValues("no unit has two or more ratings, so \(name) is undefined"), n: n)
            return
        }
        for c in 0..<k { shares[c] /= Double(n) }
        let pa = CompensatedSum.of(unitAgreement) / Double(pairedUnits)
        self.observed = pa
        guard let (pe, perCategory) = chance(shares, weights) else {
            self.chance = nil
            self.coefficient = Estimate(undefined: .tooFew("\(name) needs a scale of at least two categories"), n: n)
            return
        }
        self.chance = pe
        guard !Self.isChanceCertain(pe) else {
            self.coefficient = Estimate(
                undefined: .noVariation("every rating is in one category, so chance agreement p_e = 1 and \(name) is 0/0"), n: n)
            return
        }
        let gamma = (pa - pe) / (1 - pe)
        guard n >= 2 else {
            self.coefficient = Estimate(value: gamma, n: n)
            return
        }
        var spread = CompensatedSum()
        for (position, u) in rated.enumerated() {
            let r = counts.ratingCount(ofUnit: u)
            var unitChance = 0.0
            for c in 0..<k { unitChance += counts[unit: u, category: c] / r * perCategory[c] }
            let paired = r >= 2 ? 1.0 : 0.0
            let linear =
                Double(n) / Double(pairedUnits) * (unitAgreement[position] - pe * paired) / (1 - pe)
                - 2 * (1 - gamma) * (unitChance - pe) / (1 - pe)
            spread.add((linear - gamma) * (linear - gamma))
        }
        let se = (spread.value / Double(n * (n - 1))).squareRoot()
        self.coefficient = Estimate(
            value: gamma,
            n: n,
            standardError: se,
            interval: ConfidenceInterval(
                around: gamma, standardError: se, quantile: quantile, n: n, level: level, range: range)
        )
    }
}
