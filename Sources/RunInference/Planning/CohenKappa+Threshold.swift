public import AgreementCoefficients
public import StatisticsCore

extension CohenKappa {
    /// The standard error kappa would have at the threshold θ on a table like `table`: the
    /// Fleiss–Cohen–Everitt SE of the observed table moved to κ = θ with its margins kept
    /// (``AgreementDesign/withKappa(_:weights:)``), divided by √n.
    ///
    /// A test of H₀: κ = θ that divides by this SE, as Cantor (1996) plans and a score test
    /// does, holds its level at the sizes labelling studies have; dividing by the SE at the
    /// estimate does not, because on a small skewed table a high κ̂ comes with a small SE (a
    /// table of 10 rows in near-perfect agreement has an SE near 0). `align`'s sequential looks
    /// decide on it. The count table is the Horvitz–Thompson table with every weight 1
    /// (``standardError(at:weightedTable:weights:)``).
    ///
    /// - Returns: `nil` for an empty table, undefined kappa (a rater with one level), or a θ
    ///   the table's margins cannot reach (negative, or above their most agreement).
    public static func standardError(at threshold: Double, table: ContingencyTable, weights: AgreementWeights) -> Double? {
        standardError(at: threshold, weightedTable: WeightedContingencyTable(table), weights: weights)
    }

    /// Kappa's standard error at the threshold θ on a Horvitz–Thompson table.
    ///
    /// The table's proportions p_ij = W_ij / W are moved to κ = θ with their margins kept, and
    /// the linearised variance of the weighted estimate (``CohenKappa``'s, Särndal et al. 1992
    /// §5.5) is taken on them.
    ///
    /// The linearised variance is Σ S_ij (a_ij − ā)² / W², S_ij the cell's sum of squared
    /// weights. Moving the table changes which cells its rows fall in, so S_ij is carried with
    /// the column's mean weight r_j = Σ_i S_ij / Σ_i W_ij: S_ij(θ) = W·p_ij(θ)·r_j, exact when the
    /// weights depend on the judge's level alone (`extract`'s judge-stratified sampling) and an
    /// approximation for other strata. With every weight 1 (r_j = 1, W = n) it is the count
    /// table's Fleiss–Cohen–Everitt SE at θ.
    ///
    /// - Returns: `nil` for an empty table, undefined kappa (a rater with one level), or a θ
    ///   the table's margins cannot reach.
    public static func standardError(
        at threshold: Double, weightedTable table: WeightedContingencyTable, weights: AgreementWeights
    ) -> Double? {
        let total = table.total
        let k = table.k
        guard table.pairs > 0, total > 0,
            let design = try? AgreementDesign(scale: table.scale, cells: table.weights.map { $0 / total }),
            let moved = try? design.withKappa(threshold, weights: weights.matrix(on: table.scale))
        else { return nil }
        let w = weights.matrix(on: table.scale)
        let meanWeight = (0..<k).map { j in
            let (s, v) = (0..<k).reduce((0.0, 0.0)) { ($0.0 + table.squaredWeights[$1 * k + j], $0.1 + table[$1, j]) }
            return v > 0 ? s / v : 1
        }
        let squaredShare = (0..<k).reduce(0.0) { sum, i in (0..<k).reduce(sum) { $0 + moved[i, $1] * meanWeight[$1] } }
        guard squaredShare > 0, let kappa = moved.kappa(weights: w) else { return nil }
        let (rows, columns) = (moved.rowMarginal, moved.columnMarginal)
        let pe = moved.chanceAgreement(weights: w)
        let unit = unitVariances(
            k: k, cell: { moved[$0, $1] * meanWeight[$1] / squaredShare }, rows: { rows[$0] }, columns: { columns[$0] }, weights: w,
            kappa: kappa, chanceAgreement: pe)
        let shift = unit.variance > 0 ? (unit.meanTerm - (kappa - pe * (1 - kappa))) / (1 - pe) : 0
        return max(0, (unit.variance + shift * shift) * squaredShare / total).squareRoot()
    }
}
