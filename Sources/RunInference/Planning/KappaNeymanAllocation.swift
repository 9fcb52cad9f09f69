public import AgreementCoefficients
public import StatisticsCore

/// How a judge-stratified batch is spread over the judge's levels so that the test of kappa
/// against its threshold needs the fewest labels: Neyman allocation on kappa's linearised value.
///
/// A sample stratified by the judge's level h (the columns of the experts × judge table) and
/// weighted by Horvitz–Thompson estimates kappa with variance, to first order,
///
///     Var(κ̂) ≈ Σ_h N_h² S_h² / (N² m_h),
///
/// where m_h rows are labelled of the N_h at level h and S_h is the spread, within the level, of
/// kappa's linearised value: a row with expert level i moves κ̂ by a_ih/(1 − p_e) up to a
/// constant (``CohenKappa``'s per-cell term). For a fixed total the variance is least with
/// m_h ∝ N_h·S_h (Neyman 1934; Cochran 1977, §5.5), so a batch is allocated in proportion to
/// (rows left at level h) × S_h. The judge's rare levels, where an expert's level can be far
/// from the judge's, and levels with widely spread expert levels have the largest S_h.
///
/// **Where S_h is taken.** `align`'s sequential looks decide on SE at the threshold θ, the variance of
/// the labels' table moved to κ = θ with its margins kept (``CohenKappa/standardError(at:weightedTable:weights:)``),
/// so the S_h are those of that same moved table: the allocation minimises the variance the
/// test divides by. It adapts to the labels' margins only, not to where their disagreements
/// happened to fall; the sequential study measured that allocating by the unmoved labels' table
/// raised a false *aligned* at the threshold above the rule's 2.5%, while this one keeps it
/// within (docs/PLANNING.md, "The sequential study").
///
/// **The labels' table.** p̂(i | h), the experts' levels at judge level h, smoothed by one
/// pseudo-row spread as the experts' levels are over the run (the Horvitz–Thompson marginal of
/// the labels, each level's rows weighing q_h / m_h), so a level with one label still has a
/// spread; the joint table is q_h·p̂(i | h), q_h the judge's share of the run at level h. When
/// θ is beyond the most agreement the table's margins allow, the unmoved table is used.
///
/// Edge cases: with no labels, kappa undefined on the table, or S_h = 0 at every level, there is
/// nothing to allocate by and the result is `nil`: the caller falls back to its first-batch
/// rule. A level with no rows has S_h = 0.
///
/// References: Neyman J (1934), "On the two different aspects of the representative method",
/// JRSS 97:558–625; Cochran WG (1977), *Sampling Techniques*, 3rd ed., §5.5.
public enum KappaNeymanAllocation {
    /// S_h for each judge level, from the labels so far, at kappa `threshold`.
    ///
    /// - Parameters:
    ///   - counts: labelled rows by expert level i (rows) and judge level h (columns), row-major k×k.
    ///   - scale: the dimension's scale (k levels).
    ///   - columnShares: q_h, the judge's share of the run at each level (any positive scale).
    ///   - weights: the kappa's weights.
    ///   - threshold: θ, where the table is moved before the spreads are taken (`nil`: not moved).
    /// - Returns: one spread per judge level, or `nil` as described above, and for counts or
    ///   shares that do not match the scale or shares that sum to 0.
    public static func spreads(
        labelled counts: [Int], scale: CategoryScale, columnShares: [Double], weights: AgreementWeights, threshold: Double?
    ) -> [Double]? {
        let k = scale.count
        let shareTotal = columnShares.reduce(0, +)
        guard k > 1, counts.count == k * k, columnShares.count == k, shareTotal > 0, columnShares.allSatisfy({ $0 >= 0 })
        else { return nil }
        let q = columnShares.map { $0 / shareTotal }
        let labelled = (0..<k).map { h in (0..<k).reduce(0) { $0 + counts[$1 * k + h] } }
        guard labelled.reduce(0, +) > 0 else { return nil }
        var marginal = [Double](repeating: 0, count: k)
        for h in 0..<k where labelled[h] > 0 {
            for i in 0..<k { marginal[i] += q[h] * Double(counts[i * k + h]) / Double(labelled[h]) }
        }
        let marginalTotal = marginal.reduce(0, +)
        let joint = (0..<(k * k)).map { c in
            q[c % k] * (Double(counts[c]) + marginal[c / k] / marginalTotal) / (Double(labelled[c % k]) + 1)
        }
        let matrix = weights.matrix(on: scale)
        guard let table = try? AgreementDesign(scale: scale, cells: joint) else { return nil }
        let moved = threshold.flatMap { try? table.withKappa($0, weights: matrix) } ?? table
        return spreads(design: moved, weights: matrix)
    }

    /// S_h of each column of `design`: the spread, within the column, of kappa's linearised value.
    ///
    /// - Returns: `nil` where kappa is undefined or no column has any spread.
    public static func spreads(design: AgreementDesign, weights: WeightMatrix) -> [Double]? {
        let k = design.k
        let (rows, columns) = (design.rowMarginal, design.columnMarginal)
        let pe = design.chanceAgreement(weights: weights)
        guard let kappa = design.kappa(weights: weights) else { return nil }
        let a = CohenKappa.cellTerms(k: k, rows: { rows[$0] }, columns: { columns[$0] }, weights: weights, kappa: kappa).a
        let spreads = (0..<k).map { h -> Double in
            guard columns[h] > 0 else { return 0 }
            var spread = WeightedVariance()
            for i in 0..<k { spread.add(a[i * k + h], weight: design[i, h] / columns[h]) }
            return spread.value.squareRoot() / (1 - pe)
        }
        return spreads.contains { $0 > 0 } ? spreads : nil
    }
}
