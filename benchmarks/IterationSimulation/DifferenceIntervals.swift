import AgreementCoefficients
import Foundation
import StatisticsCore

/// The candidate 95% intervals for the certified test gain (experimental − control quadratic kappa on
/// the paired test rows), all from the same paired multinomial resamples as `judgecal compare`
/// draws (`Bootstrap.paired`, same seed), so they differ only in how the resamples are read.
///
/// - percentile: the quantiles of the replicates (compare's interval before this study);
/// - BCa: `--ci bca`;
/// - expanded percentile (Hesterberg 2015): the percentile interval at the quantiles
///   Φ(±√(n/(n−1))·t_{n−1, 1−α/2}), widened for the bootstrap's narrowness at small n;
/// - jackknife t: θ̂ ± t_{n−1, 1−α/2}·SE_jack, the jackknife SE over the paired rows;
/// - bootstrap-t: θ̂ − t*·SE_jack at the (1∓α/2) quantiles of t* = (θ* − θ̂)/SE_jack(θ*), each
///   resample's own jackknife SE (Efron & Tibshirani 1993, ch. 12).
struct DifferenceIntervals {
    static let names = ["percentile", "BCa", "expanded percentile", "jackknife t", "bootstrap-t", "paired studentized (library)"]

    /// The quadratic-kappa difference of the two margins of k³ `cells`.
    static func difference(_ cells: [Int], k: Int, weights: WeightMatrix, scratch: inout (ContingencyTable, ContingencyTable)) -> Double? {
        for e in 0..<k {
            for a in 0..<k {
                var (first, second) = (0, 0)
                for b in 0..<k {
                    first += cells[(e * k + a) * k + b]
                    second += cells[(e * k + b) * k + a]
                }
                scratch.0[e, a] = first
                scratch.1[e, a] = second
            }
        }
        guard let a = CohenKappa.value(of: scratch.0, weights: weights), let b = CohenKappa.value(of: scratch.1, weights: weights)
        else { return nil }
        return a - b
    }

    /// The jackknife SE of `difference` on `cells`: leave out one row of each non-empty cell.
    static func jackknifeSE(_ cells: [Int], k: Int, weights: WeightMatrix, scratch: inout (ContingencyTable, ContingencyTable))
        -> Double?
    {
        var leaveOne = cells
        var values: [(Double, Double)] = []
        let n = Double(cells.reduce(0, +))
        guard n >= 3 else { return nil }
        for c in cells.indices where cells[c] > 0 {
            leaveOne[c] -= 1
            guard let v = difference(leaveOne, k: k, weights: weights, scratch: &scratch) else { return nil }
            values.append((v, Double(cells[c])))
            leaveOne[c] += 1
        }
        let mean = values.reduce(0) { $0 + $1.0 * $1.1 } / n
        let squares = values.reduce(0) { $0 + $1.1 * ($1.0 - mean) * ($1.0 - mean) }
        return ((n - 1) / n * squares).squareRoot()
    }

    /// The type-7 quantile of sorted values (linear between order statistics, as the library's).
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * p
        let low = Int(h.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
    }

    /// Every candidate interval, in ``names`` order; `nil` where one is undefined.
    static func all(_ table: PairedRatingTable, resamples: Int, seed: UInt64, library: ConfidenceInterval?) -> [ConfidenceInterval?] {
        let k = table.k
        let weights = AgreementWeights.quadratic.matrix(on: table.scale)
        var scratch = (ContingencyTable(scale: table.scale), ContingencyTable(scale: table.scale))
        let boot = Bootstrap.paired(table, resamples: resamples, seed: seed) { CohenKappa.value(of: $0, weights: weights) }
        let n = Double(table.n)
        guard let estimate = difference(table.counts, k: k, weights: weights, scratch: &scratch), n >= 3 else {
            return [boot.percentileInterval, boot.bcaInterval, nil, nil, nil, library]
        }
        let t = StudentTDistribution.quantile(0.975, degreesOfFreedom: n - 1)
        let sorted = boot.replicates.sorted()
        let tail = NormalDistribution.cdf(-(n / (n - 1)).squareRoot() * t)
        let expanded =
            sorted.isEmpty
            ? nil
            : ConfidenceInterval(
                lower: quantile(sorted, tail), upper: quantile(sorted, 1 - tail), level: 0.95,
                method: .recorded("expanded"))
        let se = jackknifeSE(table.counts, k: k, weights: weights, scratch: &scratch)
        let jackknifeT = se.map { ConfidenceInterval(lower: estimate - t * $0, upper: estimate + t * $0, level: 0.95, method: .recorded("jk-t")) }
        // Bootstrap-t: the same multinomial stream as Bootstrap.paired (same seed, same draws).
        var bootstrapT: ConfidenceInterval?
        if let se, se > 0 {
            var generator = Xoshiro256StarStar(seed: seed)
            var drawn = [Int](repeating: 0, count: table.counts.count)
            var ts: [Double] = []
            for _ in 0..<resamples {
                generator.multinomial(total: table.n, weights: table.counts, into: &drawn)
                guard let v = difference(drawn, k: k, weights: weights, scratch: &scratch),
                    let s = jackknifeSE(drawn, k: k, weights: weights, scratch: &scratch), s > 0
                else { continue }
                ts.append((v - estimate) / s)
            }
            ts.sort()
            if !ts.isEmpty {
                bootstrapT = ConfidenceInterval(
                    lower: estimate - quantile(ts, 0.975) * se, upper: estimate - quantile(ts, 0.025) * se,
                    level: 0.95, method: .recorded("boot-t"))
            }
        }
        return [boot.percentileInterval, boot.bcaInterval, expanded, jackknifeT, bootstrapT, library]
    }
}

/// Coverage, misses by side and mean width of each candidate interval of the certified test gain.
struct IntervalTally {
    var covered = [Int](repeating: 0, count: DifferenceIntervals.names.count)
    var missedLow = [Int](repeating: 0, count: DifferenceIntervals.names.count)
    var missedHigh = [Int](repeating: 0, count: DifferenceIntervals.names.count)
    var width = [Double](repeating: 0, count: DifferenceIntervals.names.count)
    var defined = [Int](repeating: 0, count: DifferenceIntervals.names.count)
    var bias = 0.0
    var seeds = 0

    mutating func add(_ intervals: [ConfidenceInterval?], estimate: Double, truth: Double) {
        seeds += 1
        bias += estimate - truth
        for (i, ci) in intervals.enumerated() {
            guard let ci else { continue }
            defined[i] += 1
            width[i] += ci.upper - ci.lower
            if ci.lower > truth {
                missedLow[i] += 1
            } else if ci.upper < truth {
                missedHigh[i] += 1
            } else {
                covered[i] += 1
            }
        }
    }

    func rows(label: String) -> [String] {
        DifferenceIntervals.names.indices.map { i in
            let d = Double(max(1, defined[i]))
            return "| \(label) | \(DifferenceIntervals.names[i]) | "
                + String(
                    format: "%.1f%% | %.1f%% / %.1f%% | %.3f | %+.4f | %d |", 100 * Double(covered[i]) / d,
                    100 * Double(missedHigh[i]) / d, 100 * Double(missedLow[i]) / d, width[i] / d, bias / Double(max(1, seeds)),
                    seeds - defined[i])
        }
    }
}
