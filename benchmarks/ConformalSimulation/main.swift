import Foundation
import RunInference
import SimulationSupport
import StatisticsCore

// Run: swift run --package-path benchmarks -c release ConformalSimulation (a minute or two on 2 cores).
// The simulation of issue #30's per-row prediction sets (docs/TRUST.md, "Per-row prediction sets"): do
// the split-conformal ordinal sets of OrdinalPredictionSets hold the experts' level on at least 1 − α of
// new rows — "coverage within ±1.5 points of nominal over 500 splits" — and how wide are they? Seeded,
// no model. Prints Markdown.
//
// Rows, on a scale of K levels (K = 5 for a 1–5 score, K = 2 for pass/fail): a latent position
// u ~ Uniform(−0.5, K − 0.5); the experts' level Y is drawn from π_j ∝ exp(−(j − u)² / (2 · 0.6²)). The
// judge's level distribution q:
// - informative: q = π (calibrated and as sharp as the truth allows);
// - weakly informative: the judge sees u through noise, û = u + N(0, 1), and says
//   q_j ∝ exp(−(j − û)² / (2 · 1²)) (right on average, often off, and flatter);
// - uninformative: q ~ Dirichlet(1, …, 1), drawn apart from u and Y.
// Per cell (scale × judge × α × calibration rows n) and split: a fresh pool of n + 1,000 exchangeable
// rows is drawn and split into n calibration rows and 1,000 test rows (the same in distribution as a
// random split of one pool, and marginal over the pool, which is what the guarantee is about). The
// sets are calibrated on the n rows at α and applied to the 1,000; per split the share of test rows
// whose set holds Y, the sets' mean width and the shares that are one level or the whole scale, for
// both of OrdinalPredictionSets' set rules on the same calibration (reaching: the first greedy
// interval with mass ≥ q̂, as Lu et al.; scoreAtMost: the levels scoring ≤ q̂, at least the most
// probable one).
// "Coverage" is the mean over the 500 splits: the guarantee says at least 1 − α, and with continuous
// scores at most 1 − α + 1/(n + 1); its Monte Carlo standard error is about 0.05 points at 500 splits.

let options = SimulationOptions(
    defaults: ["--splits": 500, "--seed": 2031],
    usage: "usage: ConformalSimulation [--splits 500] [--seed 2031]")
let splits = Int(options["--splits"])
let seed = options["--seed"]

let testRows = 1000

/// How a judge turns the latent position into its level distribution.
enum Judge: String, CaseIterable {
    case informative, weaklyInformative = "weakly informative", uninformative
}

/// exp(−(j − centre)² / (2 spread²)) over the K levels, renormalised.
func bell(_ levels: Int, centre: Double, spread: Double) -> [Double] {
    let weights = (0..<levels).map { exp(-pow(Double($0) - centre, 2) / (2 * spread * spread)) }
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
}

/// One row: the judge's probabilities and the experts' level.
func row(_ levels: Int, _ judge: Judge, _ rng: inout Xoshiro256StarStar) -> (probabilities: [Double], level: Int) {
    let u = -0.5 + Double(levels) * rng.nextUniform()
    let truth = bell(levels, centre: u, spread: 0.6)
    var draw = rng.nextUniform()
    var level = levels - 1
    for (j, p) in truth.enumerated() {
        if draw < p {
            level = j
            break
        }
        draw -= p
    }
    switch judge {
    case .informative:
        return (truth, level)
    case .weaklyInformative:
        return (bell(levels, centre: u + rng.nextNormal(), spread: 1), level)
    case .uninformative:
        let gammas = (0..<levels).map { _ in -log(1 - rng.nextUniform()) }
        let total = gammas.reduce(0, +)
        return (gammas.map { $0 / total }, level)
    }
}

/// Sums over the splits of one cell for one set rule.
struct Tally {
    var coverage = 0.0, squares = 0.0, width = 0.0, singletons = 0.0, whole = 0.0
}

@MainActor
func cell(scale: String, levels: Int, judge: Judge, alpha: Double, n: Int, part: UInt64) throws -> String {
    let rules: [OrdinalPredictionSets.SetRule] = [.reaching, .scoreAtMost]
    var tallies = [Tally](repeating: Tally(), count: rules.count)
    for split in 0..<splits {
        let mixed = SplitMix64.mixed(seed, [part, UInt64(n), UInt64(alpha * 1000), UInt64(split)])
        var rng = Xoshiro256StarStar(seed: mixed)
        let calibration = (0..<n).map { _ in row(levels, judge, &rng) }
        let sets = try OrdinalPredictionSets(
            rows: calibration.map { OrdinalPredictionSets.Row(probabilities: $0.probabilities, level: $0.level) },
            levels: levels,
            miscoverage: alpha)
        let test = (0..<testRows).map { _ in row(levels, judge, &rng) }
        for (index, rule) in rules.enumerated() {
            let predicted = try sets.sets(for: test.map(\.probabilities), rule: rule)
            let covered = Double(zip(predicted, test).count { $0.contains($1.level) }) / Double(testRows)
            tallies[index].coverage += covered
            tallies[index].squares += covered * covered
            if let summary = OrdinalPredictionSets.widthSummary(predicted, levels: levels) {
                tallies[index].width += summary.meanWidth
                tallies[index].singletons += summary.singletons
                tallies[index].whole += summary.wholeScale
            }
        }
    }
    let count = Double(splits)
    let mean = tallies.map { $0.coverage / count }
    let percent = { (value: Double) in String(format: "%.1f%%", 100 * value / count) }
    // The score-at-most rule's coverage with its standard error and the ±1.5-point check.
    let atMost = tallies[1]
    let standardError = ((atMost.squares / count - mean[1] * mean[1]) / count).squareRoot()
    let gap = 100 * (mean[1] - (1 - alpha))
    let verdict = gap >= -1.5 && gap <= 1.5 ? "yes" : (gap > 1.5 ? "above" : "**no**")
    return "| \(scale) | \(judge.rawValue) | \(alpha) | \(n) | "
        + String(format: "%.2f%% | %.2f | ", 100 * mean[0], tallies[0].width / count) + percent(tallies[0].whole) + " | "
        + String(format: "%.2f%% | %.2f | %+.2f | ", 100 * mean[1], 100 * standardError, gap) + verdict + " | "
        + String(format: "%.2f | ", atMost.width / count) + percent(atMost.singletons) + " | " + percent(atMost.whole) + " |"
}

print("Seed \(seed); \(splits) splits per cell, each \(testRows) test rows; coverage and its Monte Carlo standard error in points.\n")
print(
    "| scale | judge | α | calibration rows | reaching: coverage | mean width | whole scale "
        + "| score ≤ q̂: coverage | s.e. | gap to 1 − α (points) | within ±1.5 | mean width | singletons | whole scale |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
for (scale, levels) in [("1–5", 5), ("pass/fail", 2)] {
    for (part, judge) in Judge.allCases.enumerated() {
        for alpha in [0.1, 0.2] {
            for n in [200, 1000] {
                print(try cell(scale: scale, levels: levels, judge: judge, alpha: alpha, n: n, part: UInt64(10 * levels + part)))
            }
        }
    }
}
