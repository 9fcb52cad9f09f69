import AgreementCoefficients
import Foundation
import JudgeProbes
import Judging
import StatisticsCore

/// The coverage study of `probe --levels`' agreement interval (issue #32; docs/PROBES.md, "Responses at each level"):
/// quadratic-weighted kappa between the level aimed at and the judge's score, its 95% interval a BCa bootstrap over
/// the rows read at the expanded level for that many rows (`LevelAimedResponses.dimensionResult`, the library's own
/// code), each row's responses at every level drawn together.
///
/// Each row has a response at each level ℓ of a 1–4 scale, and an effect b ~ Normal(0, 0.5) shared by its four
/// responses (one task, one writer); the judge scores a response clamp(round(m(ℓ) + b + ε), 1, 4) with ε ~ Normal(0, 0.6)
/// afresh: m(ℓ) = ℓ for a judge that reads the scale as the rubric does, m(ℓ) = 2.5 + 0.5 (ℓ − 2.5) for one that
/// compresses it. The true kappa of each judge is the figure on 20,000 rows. Reported per judge and number of rows:
/// the true kappa, the estimates' bias, the interval's coverage and mean width, and the replications whose kappa or
/// interval was undefined (left out of coverage, counted). Beside it, on the same samples, the intervals it was chosen
/// from: BCa at the nominal level (the library's before), BCa and percentile at the expanded level, kappa ± t on G − 1
/// degrees of freedom times the rows' jackknife or the bootstrap standard error, and the bootstrap-t (each resample
/// studentized by its own jackknife).
enum LevelsStudy {
    static let scale = ScoringScale.numeric([1: "poor", 2: "weak", 3: "good", 4: "excellent"])

    /// One sample of `rows` rows: each row's four aims and the judge's scores, as `dimensionResult` takes them.
    static func sample(rows: Int, compress: Bool, _ g: inout Xoshiro256StarStar) -> (aims: [(row: Int, level: ScaleLevel)], scores: [Double?]) {
        var aims: [(row: Int, level: ScaleLevel)] = [], scores: [Double?] = []
        for r in 0..<rows {
            let b = 0.5 * g.nextNormal()
            for level in scale.levels {
                let m = compress ? 2.5 + 0.5 * (level.value - 2.5) : level.value
                aims.append((r, level))
                scores.append(min(4, max(1, (m + b + 0.6 * g.nextNormal()).rounded())))
            }
        }
        return (aims, scores)
    }

    /// Quadratic-weighted kappa between aimed and scored levels over the chosen rows (indices into `byRow`), as
    /// `dimensionResult` computes it.
    static func kappa(_ byRow: [[(aimed: Int, scored: Int)]], _ chosen: [Int]) -> Double? {
        let categories = scale.categoryScale
        var table = ContingencyTable(scale: categories)
        for r in chosen { for p in byRow[r] { table[p.aimed, p.scored] += 1 } }
        return CohenKappa.value(of: table, weights: AgreementWeights.quadratic.matrix(on: categories))
    }

    /// The intervals compared beside the library's: BCa and percentile at the nominal level and at the expanded
    /// level (``expandedLevel``), and kappa ± t₍G−1₎ times the leave-one-row-out jackknife standard error.
    static let methods = ["BCa", "expanded BCa", "expanded percentile", "t, jackknife SE", "t, bootstrap SE", "bootstrap-t"]

    static func alternatives(_ s: (aims: [(row: Int, level: ScaleLevel)], scores: [Double?]), rows: Int, seed: UInt64)
        -> [ConfidenceInterval?]
    {
        var byRow = [[(aimed: Int, scored: Int)]](repeating: [], count: rows)
        for (i, aim) in s.aims.enumerated() {
            guard let score = s.scores[i], let aimed = scale.levels.firstIndex(of: aim.level) else { continue }
            byRow[aim.row].append((aimed, Int(score) - 1))
        }
        let statistic = { (chosen: [Int]) in kappa(byRow, chosen) }
        let expanded = Bootstrap.expandedLevel(0.95, items: rows)
        let nominal = Bootstrap.items(count: rows, resamples: 1000, level: 0.95, seed: seed, statistic: statistic)
        let wide = Bootstrap.items(count: rows, resamples: 1000, level: expanded, seed: seed, statistic: statistic)
        let t = StudentTDistribution.quantile(0.975, degreesOfFreedom: Double(rows - 1))
        let estimate = statistic(Array(0..<rows))
        /// The jackknife SE of the statistic over the drawn rows `chosen`, each left out in turn.
        func jackknife(_ chosen: [Int]) -> Double? {
            let values = chosen.indices.compactMap { i in statistic(chosen.enumerated().filter { $0.offset != i }.map(\.element)) }
            guard values.count == chosen.count else { return nil }
            let g = Double(values.count), mean = values.reduce(0, +) / g
            let se = ((g - 1) / g * values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }).squareRoot()
            return se > 0 ? se : nil
        }
        let jackknifeSE = jackknife(Array(0..<rows))
        // Bootstrap-t: the resamples' studentized kappas (κ* − κ̂)/SE*, SE* each resample's own jackknife.
        var studentized: ConfidenceInterval?
        if let estimate, let jackknifeSE {
            let t = Bootstrap.items(count: rows, resamples: 1000, level: 0.95, seed: seed, bca: false) { chosen in
                guard let k = statistic(chosen), let se = jackknife(chosen) else { return nil }
                return (k - estimate) / se
            }
            if let q = t.percentileInterval {
                studentized = ConfidenceInterval(
                    lower: estimate - q.upper * jackknifeSE, upper: estimate - q.lower * jackknifeSE, level: 0.95, method: .percentileBootstrap)
            }
        }
        let around = { (se: Double?) -> ConfidenceInterval? in
            guard let estimate, let se else { return nil }
            return ConfidenceInterval(lower: estimate - t * se, upper: estimate + t * se, level: 0.95, method: .percentileBootstrap)
        }
        return [nominal.bcaInterval, wide.bcaInterval, wide.percentileInterval, around(jackknifeSE), around(nominal.standardError), studentized]
    }

    static func run(runs: Int, seed: UInt64) {
        let dimension = ScoreDimension("Relevance", description: "simulated", scale: scale)
        print("runs \(runs), seed \(seed); levels 1–4, row effect sd 0.5, call noise sd 0.6; bootstrap over rows, B = 1000")
        print("")
        print("The library's interval (LevelAimedResponses.dimensionResult):")
        print("")
        print("| judge | rows | true kappa | bias | coverage | mean width | undefined |")
        print("|---|---|---|---|---|---|---|")
        var others: [String] = []
        for (name, compress) in [("reads the scale", false), ("compresses it", true)] {
            var g = Xoshiro256StarStar(seed: seed &+ (compress ? 1 : 0))
            let big = sample(rows: 20_000, compress: compress, &g)
            let truth = LevelAimedResponses(dimensions: [dimension], field: "response", resamples: 0)
                .dimensionResult(
                    dimension, aims: big.aims, readable: big.aims.map { _ in true }, kept: big.aims.map { _ in true }, scores: big.scores)
                .quadraticKappa.value ?? .nan
            for rows in [10, 20, 40] {
                var covered = 0, defined = 0, undefined = 0
                var errors = 0.0, widths = 0.0
                var otherCovered = [Int](repeating: 0, count: methods.count), otherDefined = otherCovered
                var otherWidths = [Double](repeating: 0, count: methods.count)
                for run in 0..<runs {
                    let s = sample(rows: rows, compress: compress, &g)
                    for (m, interval) in alternatives(s, rows: rows, seed: seed &+ UInt64(run)).enumerated() {
                        guard let interval else { continue }
                        otherDefined[m] += 1
                        otherWidths[m] += interval.upper - interval.lower
                        if interval.lower <= truth && truth <= interval.upper { otherCovered[m] += 1 }
                    }
                    let study = LevelAimedResponses(dimensions: [dimension], field: "response", resamples: 1000, seed: seed &+ UInt64(run))
                    let kappa = study.dimensionResult(
                        dimension, aims: s.aims, readable: s.aims.map { _ in true }, kept: s.aims.map { _ in true }, scores: s.scores
                    ).quadraticKappa
                    guard let value = kappa.value, let interval = kappa.interval else {
                        undefined += 1
                        continue
                    }
                    defined += 1
                    errors += value - truth
                    widths += interval.upper - interval.lower
                    if interval.lower <= truth && truth <= interval.upper { covered += 1 }
                }
                let d = Double(max(defined, 1))
                print(
                    "| \(name) | \(rows) | \(String(format: "%.3f", truth)) | \(String(format: "%+.3f", errors / d)) | "
                        + "\(String(format: "%.1f%%", 100 * Double(covered) / d)) | \(String(format: "%.3f", widths / d)) | \(undefined) |")
                others.append(
                    "| \(name) | \(rows) | "
                        + methods.indices.map { m in
                            let n = Double(max(otherDefined[m], 1))
                            return String(format: "%.1f%% (%.3f)", 100 * Double(otherCovered[m]) / n, otherWidths[m] / n)
                        }.joined(separator: " | ") + " |")
            }
        }
        print("")
        print("Beside it, coverage (mean width) of each interval on the same samples:")
        print("")
        print("| judge | rows | " + methods.joined(separator: " | ") + " |")
        print("|---|---|" + String(repeating: "---|", count: methods.count))
        others.forEach { print($0) }
    }
}
