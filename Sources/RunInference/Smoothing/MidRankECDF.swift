/// The weighted empirical distribution of values read at its mid-ranks: the second stage's index of CJE's
/// two-stage calibrator (its `_fit_ecdf`, Landesberg 2025), which puts a fitted smooth score on a [0, 1]
/// scale the isotonic stage is fitted on.
///
/// With the distinct values v₁ < … < v_m fitted on, each carrying the summed weight mⱼ of the values
/// equal to it (exact equality: ties share one mid-rank), and W = Σ mⱼ:
///
/// F(z) = (Σ_{i ≤ j} mᵢ − mⱼ/2) / W for the largest vⱼ ≤ z, and 0 when z is below v₁.
///
/// So a fitted value gets the middle of its tie's mass, strictly inside (0, 1); a value between two
/// fitted ones gets the rank of the one below (a step function, not an interpolation), as CJE's does.
public struct MidRankECDF: Sendable, Hashable, Codable {
    /// The distinct values fitted on, increasing, and the mid-rank of each.
    public let values: [Double]
    public let ranks: [Double]

    /// The distribution of `x` with `weights` (all 1 when `nil`); `nil` when there is no value, the
    /// lengths differ, or a value or weight is not finite, a weight negative, or the weights sum to 0.
    public init?(_ x: [Double], weights: [Double]? = nil) {
        let w = weights ?? Array(repeating: 1, count: x.count)
        guard !x.isEmpty, w.count == x.count, x.allSatisfy(\.isFinite), w.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let order = x.indices.sorted { (x[$0], $0) < (x[$1], $1) }
        var values: [Double] = [], mass: [Double] = []
        for i in order {
            if let last = values.last, last == x[i] {
                mass[mass.count - 1] += w[i]
            } else {
                values.append(x[i])
                mass.append(w[i])
            }
        }
        var cumulative = 0.0, ranks: [Double] = []
        for m in mass {
            cumulative += m
            ranks.append(cumulative)
        }
        let total = cumulative
        guard total > 0 else { return nil }
        self.values = values
        self.ranks = zip(ranks, mass).map { ($0 - 0.5 * $1) / total }
    }

    /// A distribution from its parts, as a file holds them.
    public init(values: [Double], ranks: [Double]) {
        self.values = values
        self.ranks = ranks
    }

    /// F(z): the mid-rank of the largest fitted value at or below `z`, 0 below them all.
    public func rank(_ z: Double) -> Double {
        // The count of values ≤ z (NumPy's searchsorted, side "right").
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= z { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : ranks[low - 1]
    }
}
