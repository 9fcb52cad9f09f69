public import StatisticsCore

/// Gwet's agreement coefficient: AC1 with identity weights, AC2 with ordinal
/// weights, for two raters (from their table) or any number of raters with
/// missing ratings.
///
/// With q the number of *declared* categories, T_w = Σ_kl w_kl and π_k the
/// category shares (for two raters the mean of the two margins,
/// π_k = (p_k· + p_·k)/2):
///
///     p_a = Σ w_kl p_kl,   p_e = T_w / (q (q − 1)) · Σ_k π_k (1 − π_k),   AC = (p_a − p_e) / (1 − p_e)
///
/// For identity weights T_w = q and p_e = Σ π_k(1 − π_k)/(q − 1). p_e depends on
/// q, so declaring unused categories changes AC1: total disagreement on two
/// labels is −1 with q = 2 and −0.1429 with q = 5.
///
/// **Variance, two raters** (Gwet 2008; irrCAC `gwet.ac1.table`), with
/// p_e|kl = T_w/(q(q−1)) · (1 − (π_k + π_l)/2):
///
///     Var = [Σ_kl p_kl (w_kl − 2(1 − AC) p_e|kl)² − (p_a − 2(1 − AC) p_e)²] / (n (1 − p_e)²)
///
/// The bracket is computed as a variance about an occupied cell's value
/// (``WeightedVariance``), so that it is exactly 0 with perfect agreement.
///
/// **Several raters** (irrCAC `gwet.ac1.raw`): p_a over units with two or more
/// ratings, π_k averaged over all rated units, and the linearised variance of
/// ``ChanceCorrectedAgreement``. This is Gwet's missing-data rule, named as such.
///
/// **Range and interval.** AC lies in [−T_w/(q² − T_w), 1] (``CoefficientRange``):
/// [−1/(q − 1), 1] for AC1, but AC2 can go below −1 (to −2 with quadratic weights
/// on three categories); the interval is clipped to that range, never past AC.
///
/// **Edge cases.** With every rating in one category and q ≥ 2, p_e = 0 and
/// AC1 = p_a = 1 by the formula (irrCAC agrees; Cohen's kappa is undefined
/// there). With q = 1 the coefficient is undefined (`too-few`). With no pairs,
/// undefined (`no-data`).
///
/// Checked against R irrCAC's printed output (AC1 0.8493305 SE 0.04321747 and
/// AC2 0.9402369 SE 0.01792019 on `cont3x3abstractors`; 0.77544 SE 0.14295 on
/// `cac.raw4raters`; 0.4448007 SE 0.08418757 on `distrib.6raters`) and the DKPro
/// fixtures generated with irrCAC.
public struct GwetAgreementCoefficient: Sendable, Hashable, Codable {
    /// AC1 or AC2 with n (pairs or rated units), its SE and interval; undefined with a reason.
    public let coefficient: Estimate
    /// The weights used (``AgreementWeights/unweighted`` gives AC1).
    public let weights: AgreementWeights
    /// p_a, the weighted observed agreement.
    public let observedAgreement: Double?
    /// p_e, Gwet's chance agreement.
    public let chanceAgreement: Double?

    /// AC1/AC2 for two raters from their table.
    public init(
        _ table: ContingencyTable, weights: AgreementWeights = .unweighted, level: Double = 0.95, quantile: ConfidenceInterval.Quantile = .normal
    ) {
        let w = weights.matrix(on: table.scale)
        let q = table.k
        let n = table.n
        self.weights = weights
        guard n > 0 else {
            self.coefficient = Estimate(undefined: .noData("no pairs with both ratings present, so Gwet's AC is undefined"), n: 0)
            (observedAgreement, chanceAgreement) = (nil, nil)
            return
        }
        guard q >= 2 else {
            self.coefficient = Estimate(undefined: .tooFew("Gwet's AC needs a scale of at least two categories"), n: n)
            (observedAgreement, chanceAgreement) = (table.weightedAgreement(w), nil)
            return
        }
        let chanceScale = w.total / Double(q * (q - 1))
        let result: (pa: Double, pe: Double, variance: Double) = table.withMarginalProportions { rows, columns, total in
            let pa = table.weightedAgreement(w)
            var pe = 0.0
            for c in 0..<q {
                let pi = (rows[c] + columns[c]) / 2
                pe += pi * (1 - pi)
            }
            pe *= chanceScale
            guard !ChanceCorrectedAgreement.isChanceCertain(pe) else { return (pa, pe, .nan) }
            let gamma = (pa - pe) / (1 - pe)
            // The bracket is the variance of a_kl over the cells (its mean is p_a − 2(1 − AC)p_e),
            // taken about an occupied cell's value so that it is exactly 0 when every occupied
            // cell has the same a_kl (perfect agreement).
            var spread = WeightedVariance()
            for c in 0..<q {
                for l in 0..<q {
                    let unitChance = chanceScale * (1 - (rows[c] + columns[c] + rows[l] + columns[l]) / 4)
                    spread.add(w[c, l] - 2 * (1 - gamma) * unitChance, weight: Double(table[c, l]) / total)
                }
            }
            return (pa, pe, spread.value / (total * (1 - pe) * (1 - pe)))
        }
        observedAgreement = result.pa
        chanceAgreement = result.pe
        guard !ChanceCorrectedAgreement.isChanceCertain(result.pe) else {
            coefficient = Estimate(undefined: .noVariation("chance agreement p_e = 1, so Gwet's AC is 0/0"), n: n)
            return
        }
        let gamma = (result.pa - result.pe) / (1 - result.pe)
        let se = max(0, result.variance).squareRoot()
        coefficient = Estimate(
            value: gamma,
            n: n,
            standardError: se,
            interval: ConfidenceInterval(
                around: gamma, standardError: se, quantile: quantile, n: n, level: level, range: CoefficientRange.gwet(w))
        )
    }

    /// AC1/AC2 for any number of raters from per-unit category counts, with
    /// Gwet's rule for missing ratings.
    public init(
        _ counts: UnitCategoryCounts, weights: AgreementWeights = .unweighted, level: Double = 0.95, quantile: ConfidenceInterval.Quantile = .normal
    ) {
        let q = counts.k
        let w = weights.matrix(on: counts.scale)
        let core = ChanceCorrectedAgreement(
            counts, weights: w, level: level, quantile: quantile, range: CoefficientRange.gwet(w), name: "Gwet's AC"
        ) { shares, w in
            guard q >= 2 else { return nil }
            let chanceScale = w.total / Double(q * (q - 1))
            let pe = chanceScale * shares.reduce(0) { $0 + $1 * (1 - $1) }
            return (pe, shares.map { chanceScale * (1 - $0) })
        }
        self.weights = weights
        self.coefficient = core.coefficient
        self.observedAgreement = core.observed
        self.chanceAgreement = core.chance
    }

    /// AC1/AC2 from two raters' ratings, pairs with a missing rating deleted listwise.
    ///
    /// - Throws: ``RatingError`` when a rating is off the scale or the lists differ in length.
    public init(first: [Double?], second: [Double?], scale: CategoryScale, weights: AgreementWeights = .unweighted) throws {
        self.init(try ContingencyTable(scale: scale, first: first, second: second), weights: weights)
    }

    /// AC1/AC2 alone for two raters, O(k²) and allocation-free: for bootstrap
    /// resamples.
    ///
    /// `nil` where undefined.
    public static func value(of table: ContingencyTable, weights: WeightMatrix) -> Double? {
        let q = table.k
        guard q >= 2 else { return nil }
        return table.withMarginalProportions { rows, columns, n in
            guard n > 0 else { return nil }
            var pe = 0.0
            for c in 0..<q {
                let pi = (rows[c] + columns[c]) / 2
                pe += pi * (1 - pi)
            }
            pe *= weights.total / Double(q * (q - 1))
            guard !ChanceCorrectedAgreement.isChanceCertain(pe) else { return nil }
            return (table.weightedAgreement(weights) - pe) / (1 - pe)
        }
    }
}
