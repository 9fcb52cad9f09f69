public import StatisticsCore

/// The share of agreeing ratings, without any correction for chance; named by
/// definition because "percent agreement" among several raters is ambiguous.
///
/// All values are proportions in [0, 1]. On `video` (20 units, 4 raters; R irr)
/// the definitions give 0.5917 (pairwise), 0.35 (all raters agree) and 0.90 (all
/// within ±1); for two raters and tolerance 0 they coincide.
public enum PercentAgreement {
    /// Exact agreement of two raters: the diagonal of the table over n,
    /// p_o = Σ_i n_ii / n.
    ///
    /// Undefined on an empty table.
    ///
    /// Checked against irrCAC `pa2.table(cont3x3abstractors)` = 0.89.
    public static func exact(_ table: ContingencyTable) -> Estimate {
        withinTolerance(table, tolerance: 0)
    }

    /// Two raters agreeing within ±`tolerance` on the scale values: the share of
    /// pairs with |v_i − v_j| ≤ tolerance (tolerance 1 on a 1–5 scale counts
    /// adjacent scores as agreeing).
    ///
    /// Undefined on an empty table.
    public static func withinTolerance(_ table: ContingencyTable, tolerance: Double) -> Estimate {
        let n = table.n
        guard n > 0 else { return Estimate(undefined: .noData("no paired ratings to compare"), n: 0) }
        let v = table.scale.values
        var agreeing = 0
        for i in 0..<table.k {
            for j in 0..<table.k where abs(v[i] - v[j]) <= tolerance {
                agreeing += table[i, j]
            }
        }
        return Estimate(value: Double(agreeing) / Double(n), n: n)
    }

    /// The pairwise (Fleiss 1971, Gwet) definition for any number of raters: in
    /// each unit with m_u ≥ 2 ratings, the share of its m_u(m_u − 1) ordered
    /// rater pairs that agree (within ±`tolerance`), averaged over those units:
    /// p_a = (1/n′) Σ_u Σ_c Σ_k n_uc (n_uk − [c = k]) [|v_c − v_k| ≤ tol] / (m_u(m_u − 1)).
    ///
    /// Units with fewer than two ratings are left out (``Estimate/n`` counts
    /// the units used). Undefined when no unit has two ratings. Checked against
    /// irrCAC: 0.591667 on `video` and 0.8181818 on `cac.raw4raters` (with
    /// missing ratings).
    public static func pairwise(_ counts: UnitCategoryCounts, tolerance: Double = 0) -> Estimate {
        let k = counts.k
        let v = counts.scale.values
        var used = 0
        var total = CompensatedSum()
        for u in 0..<counts.unitCount {
            let m = counts.ratingCount(ofUnit: u)
            guard m >= 2 else { continue }
            var agreeing = 0.0
            for c in 0..<k {
                let nc = counts[unit: u, category: c]
                guard nc > 0 else { continue }
                for d in 0..<k where abs(v[c] - v[d]) <= tolerance {
                    agreeing += nc * (counts[unit: u, category: d] - (c == d ? 1 : 0))
                }
            }
            total.add(agreeing / (m * (m - 1)))
            used += 1
        }
        guard used > 0 else { return Estimate(undefined: .noPairableValues(), n: 0) }
        return Estimate(value: total.value / Double(used), n: used)
    }

    /// The "all raters agree" definition (R `irr::agree`): the share of units
    /// whose ratings all lie within `tolerance` of each other (largest minus
    /// smallest value ≤ tolerance).
    ///
    /// Units with fewer than two ratings are left out; R irr instead drops every
    /// unit with a missing rating. Undefined when no unit has two ratings.
    public static func allRatersAgree(_ counts: UnitCategoryCounts, tolerance: Double = 0) -> Estimate {
        let v = counts.scale.values
        var used = 0
        var agreeing = 0
        for u in 0..<counts.unitCount where counts.ratingCount(ofUnit: u) >= 2 {
            let present = (0..<counts.k).filter { counts[unit: u, category: $0] > 0 }.map { v[$0] }
            if let low = present.min(), let high = present.max(), high - low <= tolerance { agreeing += 1 }
            used += 1
        }
        guard used > 0 else { return Estimate(undefined: .noPairableValues(), n: 0) }
        return Estimate(value: Double(agreeing) / Double(used), n: used)
    }
}
