import Foundation
import JudgeProbes
import Judging
import StatisticsCore

/// The coverage study of `probe --levels`' agreement interval (issue #32; docs/PROBES.md, "Responses at each level"):
/// quadratic-weighted kappa between the level aimed at and the judge's score, its 95% interval a BCa bootstrap over
/// the rows (`LevelAimedResponses.dimensionResult`, the library's own code), each row's responses at every level drawn
/// together.
///
/// Each row has a response at each level ℓ of a 1–4 scale, and an effect b ~ Normal(0, 0.5) shared by its four
/// responses (one task, one writer); the judge scores a response clamp(round(m(ℓ) + b + ε), 1, 4) with ε ~ Normal(0, 0.6)
/// afresh: m(ℓ) = ℓ for a judge that reads the scale as the rubric does, m(ℓ) = 2.5 + 0.5 (ℓ − 2.5) for one that
/// compresses it. The true kappa of each judge is the figure on 20,000 rows. Reported per judge and number of rows:
/// the true kappa, the estimates' bias, the interval's coverage and mean width, and the replications whose kappa or
/// interval was undefined (left out of coverage, counted).
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

    static func run(runs: Int, seed: UInt64) {
        let dimension = ScoreDimension("Relevance", description: "simulated", scale: scale)
        print("runs \(runs), seed \(seed); levels 1–4, row effect sd 0.5, call noise sd 0.6; BCa bootstrap over rows, B = 1000")
        print("")
        print("| judge | rows | true kappa | bias | coverage | mean width | undefined |")
        print("|---|---|---|---|---|---|---|")
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
                for run in 0..<runs {
                    let s = sample(rows: rows, compress: compress, &g)
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
            }
        }
    }
}
