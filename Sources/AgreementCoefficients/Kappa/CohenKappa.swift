public import StatisticsCore

/// Cohen's kappa for two raters on a declared scale, unweighted or weighted,
/// with its large-sample standard error, a confidence interval and a z test.
///
/// With agreement weights w_ij (``AgreementWeights``; identity for the
/// unweighted kappa), cell proportions p_ij and margins p_i·, p_·j:
///
///     p_o = Σ w_ij p_ij,   p_e = Σ w_ij p_i· p_·j,   κ = (p_o − p_e) / (1 − p_e)
///
/// **Standard error** (unconditional, Fleiss, Cohen & Everitt 1969), with
/// w̄_i· = Σ_j w_ij p_·j and w̄_·j = Σ_i w_ij p_i·:
///
///     Var(κ) = [Σ p_ij (w_ij − (w̄_i· + w̄_·j)(1 − κ))² − (κ − p_e(1 − κ))²] / (n (1 − p_e)²)
///
/// The bracket is the variance, over the cells weighted by p_ij, of
/// a_ij = w_ij − (w̄_i· + w̄_·j)(1 − κ), whose mean is κ − p_e(1 − κ); it is
/// computed about the value of an occupied cell (``WeightedVariance``), so that it
/// is exactly 0 where every occupied cell has the same a_ij: with perfect
/// agreement (κ = 1) the SE is 0 and the interval [1, 1], not an SE of 1e-8 from
/// rounding. The null variance below is treated the same way.
///
/// The interval is κ ± z·SE (normal, the default, as SAS and statsmodels), or
/// κ ± t₀.₉₇₅,ₙ₋₁·SE (as Gwet's irrCAC) on request; both are clipped to [−1, 1],
/// the range of kappa with identity, linear or quadratic weights (derived in
/// ``CoefficientRange``), and only at 1 for custom weights, never past κ
/// (``StatisticsCore/ConfidenceInterval/init(around:standardError:quantile:n:level:range:)``).
/// **The z test** uses the SE under H₀: κ = 0,
///
///     Var₀(κ) = [Σ p_i· p_·j (w_ij − (w̄_i· + w̄_·j))² − p_e²] / (n (1 − p_e)²),
///
/// and z = κ/SE₀ with a two-sided normal p-value. The two SEs answer different
/// questions and are never mixed: 0.1380 for the interval and 0.1484 for the test
/// on the SAS table.
///
/// **Edge cases.** Pairs with a missing rating are deleted listwise (the table
/// counts them in ``excludedPairs``); Gwet's irrCAC instead takes the margins
/// from all of each rater's ratings (0.5051 against 0.52 on the reference case),
/// and Krippendorff's alpha uses pairable values (0.5319). With no pairs kappa is
/// undefined (`no-data`). When p_e = 1 (both raters used one and the same
/// category) kappa is 0/0: undefined (`no-variation`), never 0 or 1, with the raw
/// ``percentAgreement`` still reported. A single disagreeing pair gives
/// p_o = p_e = 0 and κ = 0, as scikit-learn, statsmodels and R irr.
///
/// Checked against `agreement-vectors.json`: scikit-learn, statsmodels and R
/// irr kappas to 1e-12, the SAS PROC FREQ printout (ASE 0.1380, CI high 0.7547,
/// p 0.0011; weighted ASE 0.1457, ASE₀ 0.1426), irrCAC's t interval
/// (0.194207, 0.774119) and quadratic SE 0.03535151.
public struct CohenKappa: Sendable, Hashable, Codable {
    /// Kappa with n (pairs used), the unconditional SE and the interval; undefined with a reason.
    public let kappa: Estimate
    /// The weights used.
    public let weights: AgreementWeights
    /// p_o, the (weighted) observed agreement; `nil` with no pairs.
    public let observedAgreement: Double?
    /// p_e, the (weighted) agreement expected by chance from the margins; `nil` with no pairs.
    public let chanceAgreement: Double?
    /// The raw share of exact agreement, reported beside kappa even when kappa is undefined.
    public let percentAgreement: Estimate
    /// The standard error under H₀: κ = 0, used only for ``z``.
    public let nullStandardError: Double?
    /// κ / SE₀.
    public let z: Double?
    /// The two-sided p-value of ``z`` under the standard normal.
    public let pValue: Double?
    /// Pairs left out because a rating was missing.
    public let excludedPairs: Int

    /// Kappa from a contingency table.
    ///
    /// - Parameters:
    ///   - table: paired ratings on the declared scale; rows are the first rater.
    ///   - weights: agreement weights, from the scale's values.
    ///   - level: the interval's coverage, 0.95 by default.
    ///   - interval: normal (default) or Student t with n − 1 degrees of freedom.
    public init(
        _ table: ContingencyTable, weights: AgreementWeights = .unweighted, level: Double = 0.95, quantile: ConfidenceInterval.Quantile = .normal
    ) {
        self.init(
            WeightedContingencyTable(table), weights: weights, level: level, quantile: quantile, percent: PercentAgreement.exact(table))
    }

    /// Kappa of a sample drawn with unequal inclusion probabilities, from its
    /// Horvitz–Thompson table: consistent for the kappa of the whole
    /// population the rows were drawn from.
    ///
    /// The proportions are p_ij = W_ij / W (``WeightedContingencyTable``) and
    /// κ follows from them as above. The standard error is the linearised
    /// (with-replacement) one: with the same per-cell term a_ij and its
    /// p-weighted mean ā = κ − p_e(1 − κ),
    ///
    ///     Var(κ) = Σ S_ij (a_ij − ā)² / (W² (1 − p_e)²),
    ///
    /// which is the formula above when every weight is 1 (it ignores the
    /// finite-population correction and the gain from stratification, so it
    /// errs wide). The null variance for ``z`` uses Kish's effective size in
    /// place of n. The estimate's n is the number of pairs counted; ``percentAgreement``
    /// is the weighted share on the diagonal, without an interval.
    public init(
        _ table: WeightedContingencyTable, weights: AgreementWeights = .unweighted, level: Double = 0.95,
        quantile: ConfidenceInterval.Quantile = .normal
    ) {
        self.init(table, weights: weights, level: level, quantile: quantile, percent: table.exactAgreement)
    }

    private init(
        _ table: WeightedContingencyTable, weights: AgreementWeights, level: Double, quantile: ConfidenceInterval.Quantile, percent: Estimate
    ) {
        let w = weights.matrix(on: table.scale)
        let n = table.pairs
        let total = table.total
        self.weights = weights
        self.excludedPairs = table.excludedPairs
        self.percentAgreement = percent
        guard n > 0, total > 0 else {
            self.kappa = Estimate(undefined: .noData("no pairs with both ratings present, so kappa is undefined"), n: 0)
            (observedAgreement, chanceAgreement, nullStandardError, z, pValue) = (nil, nil, nil, nil, nil)
            return
        }
        let k = table.k
        var rows = [Double](repeating: 0, count: k)
        var columns = rows
        var po = 0.0
        // Sums first, then one division each, as the count table's proportions are formed.
        for i in 0..<k {
            for j in 0..<k {
                rows[i] += table[i, j]
                columns[j] += table[i, j]
                po += w[i, j] * table[i, j]
            }
        }
        for i in 0..<k {
            rows[i] /= total
            columns[i] /= total
        }
        po /= total
        var pe = 0.0
        for i in 0..<k { for j in 0..<k { pe += w[i, j] * rows[i] * columns[j] } }
        observedAgreement = po
        chanceAgreement = pe
        guard !ChanceCorrectedAgreement.isChanceCertain(pe) else {
            kappa = Estimate(
                undefined: .noVariation(
                    "both raters used one and the same category, so chance agreement p_e = 1 and kappa is 0/0; see the percent agreement"),
                n: n)
            (nullStandardError, z, pValue) = (nil, nil, nil)
            return
        }
        // A constant rater makes p_o = p_e exactly (Σ_j w_cj p_cj = Σ_j w_cj p_·j when
        // every rating of one side is c), so kappa is 0 by definition, not ±1e-16;
        // its standard error is 0 too, and the catalogue drops the collapsed interval.
        let constant = CohenKappa.hasConstantRater(rows, columns, k: k)
        let value = constant ? 0 : (po - pe) / (1 - pe)
        // Σ p_ij a_ij = ā = κ − p_e(1 − κ); the variances are taken about the
        // S-weighted mean m_S of the per-cell term (exactly 0 under perfect agreement),
        // and Σ S (a − ā)² = ΣS·[Var_S(a) + (m_S − ā)²], m_S = ā when every weight is 1.
        let squaredTotal = table.squaredWeights.reduce(0, +)
        let unit = CohenKappa.unitVariances(
            k: k, cell: { i, j in table.squaredWeights[i * k + j] / squaredTotal }, rows: { rows[$0] }, columns: { columns[$0] },
            weights: w, kappa: value, chanceAgreement: pe)
        let shift = unit.variance > 0 ? (unit.meanTerm - (value - pe * (1 - value))) / (1 - pe) : 0
        let variance = (unit.variance + shift * shift) * squaredTotal / (total * total)
        let se = constant ? 0 : max(0, variance).squareRoot()
        let ci = ConfidenceInterval(
            around: value, standardError: se, quantile: quantile, n: n, level: level,
            range: CoefficientRange.cohenKappa(weights))
        kappa = Estimate(value: value, n: n, standardError: se, interval: ci)
        let effective = total * total / squaredTotal
        let se0 = max(0, unit.nullVariance / effective).squareRoot()
        nullStandardError = se0
        if se0 > 0 {
            z = value / se0
            pValue = NormalDistribution.twoSidedPValue(value / se0)
        } else {
            (z, pValue) = (nil, nil)
        }
    }

    /// Kappa from two raters' ratings of the same items, pairs with a missing
    /// rating deleted listwise.
    ///
    /// - Throws: ``RatingError`` when a rating is off the scale or the lists differ in length.
    public init(
        first: [Double?], second: [Double?], scale: CategoryScale,
        weights: AgreementWeights = .unweighted, level: Double = 0.95, quantile: ConfidenceInterval.Quantile = .normal
    ) throws {
        self.init(try ContingencyTable(scale: scale, first: first, second: second), weights: weights, level: level, quantile: quantile)
    }

    /// Kappa alone, O(k²) and allocation-free: for bootstrap resamples.
    ///
    /// `nil` where kappa is undefined (no pairs, or p_e = 1).
    ///
    /// - Parameter weights: ``AgreementWeights/matrix(on:)`` for the table's scale, computed once.
    public static func value(of table: ContingencyTable, weights: WeightMatrix) -> Double? {
        table.withMarginalProportions { rows, columns, n in
            guard n > 0 else { return nil }
            let k = table.k
            var pe = 0.0
            for i in 0..<k { for j in 0..<k { pe += weights[i, j] * rows[i] * columns[j] } }
            guard !ChanceCorrectedAgreement.isChanceCertain(pe) else { return nil }
            if hasConstantRater(rows, columns, k: k) { return 0 }
            return (table.weightedAgreement(weights) - pe) / (1 - pe)
        }
    }

    /// n·Var(κ̂) and n·Var₀(κ̂), the Fleiss–Cohen–Everitt large-sample variances of one row's
    /// worth of data, for cell proportions p_ij (`cell`) with margins `rows` and `columns`; and the
    /// cell-weighted mean of the per-cell term a_ij (which the Horvitz–Thompson variance needs).
    ///
    /// Σ p_ij a_ij = κ − p_e(1 − κ) and Σ p_i· p_·j b_ij = −p_e, so both bracketed sums of the
    /// type's formulas are variances of a per-cell term; taken about a cell's own value they are
    /// exactly 0 when the true variance is (perfect agreement), not rounding error. The one
    /// home of the formula: an observed (count or Horvitz–Thompson) table and a
    /// planned one (``AgreementDesign/unitVariance(weights:)``) both call it.
    package static func unitVariances(
        k: Int, cell: (Int, Int) -> Double, rows: (Int) -> Double, columns: (Int) -> Double, weights w: WeightMatrix,
        kappa: Double, chanceAgreement pe: Double
    ) -> (variance: Double, nullVariance: Double, meanTerm: Double) {
        let terms = cellTerms(k: k, rows: rows, columns: columns, weights: w, kappa: kappa)
        var spread = WeightedVariance()
        var nullSpread = WeightedVariance()
        for i in 0..<k {
            for j in 0..<k {
                spread.add(terms.a[i * k + j], weight: cell(i, j))
                nullSpread.add(terms.b[i * k + j], weight: rows(i) * columns(j))
            }
        }
        let scale = (1 - pe) * (1 - pe)
        return (spread.value / scale, nullSpread.value / scale, spread.mean)
    }

    /// The per-cell terms of the variance formulas, row-major: a_ij = w_ij − (w̄_i· + w̄_·j)(1 − κ)
    /// and b_ij = w_ij − (w̄_i· + w̄_·j), with w̄_i· = Σ_j w_ij p_·j and w̄_·j = Σ_i w_ij p_i·.
    ///
    /// A row in cell (i, j) moves κ̂ by (a_ij − ā)/((1 − p_e)·n) to first order: a_ij/(1 − p_e),
    /// less its mean, is kappa's linearised value (influence) of such a row, whose variance is
    /// n·Var(κ̂). The one home of the term: the variances above and the judge-stratified
    /// allocation (``KappaNeymanAllocation``) use it.
    package static func cellTerms(
        k: Int, rows: (Int) -> Double, columns: (Int) -> Double, weights w: WeightMatrix, kappa: Double
    ) -> (a: [Double], b: [Double]) {
        var a = [Double](repeating: 0, count: k * k)
        var b = a
        for i in 0..<k {
            var rowMean = 0.0
            for j in 0..<k { rowMean += w[i, j] * columns(j) }
            for j in 0..<k {
                var columnMean = 0.0
                for l in 0..<k { columnMean += w[l, j] * rows(l) }
                a[i * k + j] = w[i, j] - (rowMean + columnMean) * (1 - kappa)
                b[i * k + j] = w[i, j] - (rowMean + columnMean)
            }
        }
        return (a, b)
    }

    /// Whether one rater used a single category throughout (one non-zero marginal).
    static func hasConstantRater<C: Collection<Double>>(_ rows: C, _ columns: C, k: Int) -> Bool {
        rows.count(where: { $0 > 0 }) == 1 || columns.count(where: { $0 > 0 }) == 1
    }
}
