public import StatisticsCore

/// Krippendorff's coincidence matrix: how often values c and k were paired
/// within a unit, each unit's pairs weighted by 1/(m_u − 1).
///
///     o_ck = Σ_u (n_uc n_uk − [c = k] n_uc) / (m_u − 1),   over units with m_u ≥ 2
///
/// Each pairable value contributes a total of 1, so Σ_ck o_ck = n, the number
/// of pairable values, and the margins n_c = Σ_k o_ck count them by category.
/// Units with fewer than two values cannot be paired and are dropped (counted
/// in ``unitsDropped``). For two raters every unit has m_u = 2, so the matrix is
/// the contingency table plus its transpose, built in O(k²).
public struct CoincidenceMatrix: Sendable, Hashable, Codable {
    /// The declared scale; rows and columns follow its order.
    public let scale: CategoryScale
    /// o_ck, row-major: `values[c * k + k′]`.
    public let values: [Double]
    /// Units with two or more values, which enter the matrix.
    public let unitsPaired: Int
    /// Units with fewer than two values, left out.
    public let unitsDropped: Int

    /// The coincidences of multi-rater counts.
    public init(_ counts: UnitCategoryCounts) {
        let k = counts.k
        var o = [Double](repeating: 0, count: k * k)
        var paired = 0
        for u in 0..<counts.unitCount {
            let m = counts.ratingCount(ofUnit: u)
            guard m >= 2 else { continue }
            paired += 1
            for c in 0..<k {
                let nc = counts[unit: u, category: c]
                guard nc > 0 else { continue }
                for d in 0..<k {
                    o[c * k + d] += nc * (counts[unit: u, category: d] - (c == d ? 1 : 0)) / (m - 1)
                }
            }
        }
        self.scale = counts.scale
        self.values = o
        self.unitsPaired = paired
        self.unitsDropped = counts.unitCount - paired
    }

    /// The coincidences of two raters' table: o = T + Tᵀ, in O(k²).
    public init(_ table: ContingencyTable) {
        let k = table.k
        var o = [Double](repeating: 0, count: k * k)
        for c in 0..<k {
            for d in 0..<k { o[c * k + d] = Double(table[c, d] + table[d, c]) }
        }
        self.scale = table.scale
        self.values = o
        self.unitsPaired = table.n
        self.unitsDropped = table.excludedPairs
    }

    /// k, the number of categories.
    public var k: Int { scale.count }

    /// o_ck.
    public subscript(c: Int, d: Int) -> Double { values[c * k + d] }

    /// n_c, the pairable values in each category.
    public var marginals: [Double] {
        (0..<k).map { c in (0..<k).reduce(0.0) { $0 + self[c, $1] } }
    }
}
