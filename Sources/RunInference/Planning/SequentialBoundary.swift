import Foundation
import StatisticsCore

/// Critical values for honest repeated looks at a growing label set: a
/// Lan–DeMets alpha-spending rule with a Pocock-type spending function over a
/// maximum number of looks fixed in advance.
///
/// Each look k of at most K spends part of the one-sided error α:
///
///     α(t) = α · ln(1 + (e − 1)·t),   t = k / K,
///
/// (Lan & DeMets 1983; the Pocock-type function of Kim & DeMets 1987), so the
/// whole α is spent by look K and every look gets a similar share. The
/// critical value c_k is the one with
///
///     P(Z₁ < c₁, …, Z_{k−1} < c_{k−1}, Z_k ≥ c_k) = α(t_k) − α(t_{k−1})
///
/// when the statistic's standardised distance from the threshold, Z_j at look j
/// with n_j rows, follows the canonical joint distribution of a cumulative
/// statistic: Z_j given Z_{j−1} = z is normal with mean z·√(n_{j−1}/n_j) and
/// variance 1 − n_{j−1}/n_j (Jennison & Turnbull 2000, ch. 3; kappa is a smooth
/// function of cell means, so this holds to first order). The repeated
/// confidence interval value ± c_k·SE then covers the truth at every look at
/// once with probability at least 1 − 2α, so the chance of *ever* declaring
/// "aligned" when the true value is at or below the threshold is at most α
/// however the looks fall (Jennison & Turnbull 1989). The "not aligned" side
/// uses the same values; neither side stops the other (non-binding), which
/// only makes each more conservative.
///
/// Why spending rather than a confidence sequence: the bound is tight for the
/// looks actually taken (about a third narrower than a Bonferroni split over
/// 40 looks), needs only the rows at each look, which the history records, and
/// lets the team look when a batch is done rather than on a fixed schedule.
/// Why Pocock-type: a labelling team wants to stop as soon as the labels
/// decide, so the error is spread over the looks instead of saved for the last
/// (O'Brien–Fleming-type), at the price of a wider final interval.
///
/// The probabilities are integrated numerically: the sub-density of Z_j on
/// the paths not yet stopped is carried on a grid from −8 to c_j (trapezoid
/// rule, spacing at most 0.02 and a fifth of the step's standard deviation),
/// and each tail probability is exact given the previous grid, so c_j is found
/// by bisection to 1e-10.
public enum SequentialBoundary {
    /// α(k/K): the one-sided error spent by look `look` of at most `maximumLooks`.
    public static func spent(look: Int, maximumLooks: Int, alpha: Double) -> Double {
        let t = min(1, Double(look) / Double(maximumLooks))
        return alpha * log(1 + (2.718281828459045 - 1) * t)
    }

    /// The critical values c_1 … c_k for looks at `sizes` rows (strictly increasing), of at most `maximumLooks`.
    ///
    /// - Returns: one value per look; `nil` when `sizes` is empty, not strictly increasing or
    ///   positive, longer than `maximumLooks`, or α is not in (0, 0.5).
    public static func criticalValues(sizes: [Int], maximumLooks: Int, alpha: Double) -> [Double]? {
        guard !sizes.isEmpty, sizes.count <= maximumLooks, alpha > 0, alpha < 0.5, sizes[0] > 0,
            zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let lowest = -8.0
        var values = [NormalDistribution.quantile(1 - spent(look: 1, maximumLooks: maximumLooks, alpha: alpha))]
        var grid = Grid(from: lowest, to: values[0], spacing: 0.01) { exp(-$0 * $0 / 2) / (2 * Double.pi).squareRoot() }
        for j in 1..<sizes.count {
            let share =
                spent(look: j + 1, maximumLooks: maximumLooks, alpha: alpha) - spent(look: j, maximumLooks: maximumLooks, alpha: alpha)
            let r = (Double(sizes[j - 1]) / Double(sizes[j])).squareRoot()
            let sd = (1 - r * r).squareRoot()
            func tail(_ c: Double) -> Double {
                grid.integrate { z in NormalDistribution.survival((c - z * r) / sd) }
            }
            var (low, high) = (lowest, 12.0)
            while high - low > 1e-10 {
                let middle = (low + high) / 2
                if tail(middle) > share { low = middle } else { high = middle }
            }
            values.append(high)
            let previous = grid
            grid = Grid(from: lowest, to: high, spacing: min(0.02, sd / 5)) { x in
                previous.integrate { z in
                    let u = (x - z * r) / sd
                    return abs(u) > 9 ? 0 : exp(-u * u / 2) / (sd * (2 * Double.pi).squareRoot())
                }
            }
        }
        return values
    }

    /// A function sampled on an evenly spaced grid, integrated by the trapezoid rule.
    struct Grid {
        let points: [Double]
        let density: [Double]
        let spacing: Double

        init(from a: Double, to b: Double, spacing h: Double, _ f: (Double) -> Double) {
            let count = max(2, Int(((b - a) / h).rounded(.up)) + 1)
            spacing = (b - a) / Double(count - 1)
            points = (0..<count).map { a + Double($0) * (b - a) / Double(count - 1) }
            density = points.map(f)
        }

        /// ∫ density(z)·g(z) dz over the grid.
        func integrate(_ g: (Double) -> Double) -> Double {
            var sum = 0.0
            for i in points.indices {
                let w = (i == 0 || i == points.count - 1) ? 0.5 : 1
                if density[i] > 0 { sum += w * density[i] * g(points[i]) }
            }
            return sum * spacing
        }
    }
}
