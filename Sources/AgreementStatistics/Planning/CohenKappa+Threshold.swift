extension CohenKappa {
    /// The standard error kappa would have at the threshold θ on a table like `table`: the
    /// Fleiss–Cohen–Everitt SE of the observed table moved to κ = θ with its margins kept
    /// (``AgreementDesign/withKappa(_:weights:)``), divided by √n.
    ///
    /// A test of H₀: κ = θ that divides by this SE, as Cantor (1996) plans and a score test
    /// does, holds its level at the sizes labelling studies have; dividing by the SE at the
    /// estimate does not, because on a small skewed table a high κ̂ comes with a small SE (a
    /// table of 10 rows in near-perfect agreement has an SE near 0). `align --sequential`
    /// decides on it.
    ///
    /// - Returns: `nil` for an empty table, undefined kappa (a rater with one level), or a θ
    ///   the table's margins cannot reach (negative, or above their most agreement).
    public static func standardError(at threshold: Double, table: ContingencyTable, weights: AgreementWeights) -> Double? {
        guard table.n > 0, let design = try? AgreementDesign(observed: table),
            let moved = try? design.withKappa(threshold, weights: weights.matrix(on: table.scale)),
            let variance = moved.unitVariance(weights: weights.matrix(on: table.scale))
        else { return nil }
        return (variance / Double(table.n)).squareRoot()
    }
}
