import AgreementStatistics
import Calibration
import DataFormats
import Foundation
import Judging

// The seeded study behind docs/SAMPLING.md (issue #14): does the Horvitz–Thompson
// weighted quadratic kappa of a judge-stratified label set estimate what a
// uniform sample of the same size estimates? Every sample is drawn by
// `LabelSheet` (the code `judgecal extract` runs), filled in with the
// population's expert levels, written, read back by `ExpertLabels.load` (which
// brings the first batch's probabilities up to date) and counted into a
// `WeightedContingencyTable`, weighted by the recorded π = m_h / N_h and by the
// batch-wise weights `align` uses for adaptive sets (`ExpertLabels.assignBatchwiseWeights`).
// Usage: SamplingSimulation [replications] [seed]

let arguments = CommandLine.arguments.dropFirst().compactMap { UInt64($0) }
let replications = Int(arguments.first ?? 2000)
let baseSeed = arguments.dropFirst().first ?? 20_261_201
let runSize = 1000
let batchSizes = [50, 50]
let dimension = ScoreDimension(
    "quality", description: "", scale: .numeric(Dictionary(uniqueKeysWithValues: (1...4).map { ($0, "level \($0)") })))
let categories = dimension.categoryScale
let judgeShares = [0.05, 0.15, 0.45, 0.35]
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sampling-simulation-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// A run of `runSize` rows whose judge levels follow `judgeShares`, and whose
/// expert gives the judge's level with probability `agreement` − 0.08 × (level − 2)
/// (the judge is least reliable where it is most generous), else a level one off.
struct Population {
    var judge: [Double] = []
    var expert: [Double] = []

    init(agreement: Double, seed: UInt64) {
        var g = Xoshiro256StarStar(seed: seed)
        for _ in 0..<runSize {
            let u = g.nextUniform()
            var cumulative = 0.0
            var level = 4
            for (k, share) in judgeShares.enumerated() {
                cumulative += share
                if u < cumulative {
                    level = k + 1
                    break
                }
            }
            var e = level
            if g.nextUniform() >= agreement - 0.08 * Double(level - 2) {
                e = level == 1 ? 2 : level == 4 ? 3 : (g.nextUniform() < 0.5 ? level - 1 : level + 1)
            }
            judge.append(Double(level))
            expert.append(Double(e))
        }
    }

    var run: FrozenRun {
        get throws {
            try FrozenRun(
                info: RunInfo(name: "simulated"),
                rows: judge.indices.map { FrozenRow(id: "r\($0)", input: .string("row \($0)"), response: .string("")) })
        }
    }

    var judgments: JudgmentSet {
        JudgmentSet(
            run: "simulated", rubric: "simulated", rubricVersion: nil, model: "simulated",
            judgments: judge.indices.map { i in
                Judgment(
                    id: "r\(i)",
                    scores: [DimensionJudgment(dimension: "quality", score: judge[i], label: judge[i].plainText, rationale: "")],
                    rawReplies: [], retries: 0, model: "simulated", promptHash: "")
            })
    }

    /// Quadratic kappa on every row of the run.
    var kappa: Double {
        CohenKappa(try! ContingencyTable(scale: categories, first: expert, second: judge), weights: .quadratic).kappa.value ?? .nan
    }
}

/// A sheet filled in with the population's expert levels, written to `url`.
func fill(_ sheet: LabelSheet, from population: Population, at url: URL) throws {
    var text = sheet.csv
    for row in sheet.rows {
        let id = row[0]
        let level = population.expert[Int(id.dropFirst()) ?? 0].plainText
        text = text.replacingOccurrences(of: "\n\(id),,", with: "\n\(id),\(level),")
    }
    try Data(text.utf8).write(to: url)
}

/// How the rows are weighted: not at all, by the recorded π = m_h / N_h of the latest batch, or as
/// `align` weighs them (the batch-wise weight of an adaptive set, else π).
enum Weighting { case none, recorded, batchwise }

/// The labels read from `urls`, as `align` reads them.
func labels(_ urls: [URL], run: FrozenRun) throws -> ExpertLabels {
    try ExpertLabels.load(from: urls, dimensions: [dimension], runIDs: Set(run.rows.map(\.id)))
}

/// The weighted table of `labels` against the judge.
func table(of labels: ExpertLabels, population: Population, weighting: Weighting) -> WeightedContingencyTable {
    var table = WeightedContingencyTable(scale: categories)
    for label in labels.labels {
        guard let value = label.scores["quality"], let i = categories.index(of: value),
            let j = categories.index(of: population.judge[Int(label.id.dropFirst()) ?? 0])
        else { continue }
        let pi = weighting == .recorded ? label.inclusionProbability : label.effectiveInclusionProbability
        table.add(i, j, weight: weighting == .none ? 1 : 1 / (pi ?? 1))
    }
    return table
}

/// The weighted quadratic kappa of `labels`.
func kappa(of labels: ExpertLabels, population: Population, weighting: Weighting) -> Double {
    CohenKappa(table(of: labels, population: population, weighting: weighting), weights: .quadratic).kappa.value ?? .nan
}

/// The statistics besides the kappas that `align` weighs, each through its table form on the
/// weighted table's rows (``WeightedContingencyTable/replicatedRows``), as `align` computes them.
let otherStatistics: [(AlignmentStatistic, @Sendable (ContingencyTable) -> Double?)] = [
    AlignmentStatistic.alphaOrdinal, .ac2, .pearson, .spearman, .kendall,
].compactMap { statistic in
    let request = statistic.agreementRequest(options: AlignmentSettings(), scale: categories)
    return request.statistic.tableStatistic(for: request, scale: categories).map { (statistic, $0) }
}

func others(_ table: WeightedContingencyTable) -> [Double] {
    otherStatistics.map { $0.1(table.replicatedRows) ?? .nan }
}

struct Tally {
    var values: [Double] = []
    var mean: Double { values.reduce(0, +) / Double(values.count) }
    var sd: Double {
        let m = mean
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
    }
}

print(
    "| population κ_q | uniform n=100: mean (SD) | judge-stratified 50+50, π = m_h/N_h: mean (SD) | its bias vs uniform ± MC SE | vs the population | 50+50, batch-wise: mean (SD) | its bias vs uniform ± MC SE | vs the population | judge-stratified 100 in one batch, HT: mean | unweighted 50+50: mean |"
)
print("|---|---|---|---|---|---|---|---|---|---|")
var otherRows: [String] = []
for (cell, agreement) in [0.6, 0.75, 0.9].enumerated() {
    let population = Population(agreement: agreement, seed: baseSeed &+ UInt64(cell))
    let run = try population.run
    let judgments = population.judgments
    var uniform = Tally()
    var stratified = Tally()
    var naive = Tally()
    var single = Tally()
    var difference = Tally()
    var batchwise = Tally()
    var batchwiseDifference = Tally()
    var otherUniform = [Tally](repeating: Tally(), count: otherStatistics.count)
    var otherStratified = otherUniform
    var otherSingle = otherUniform
    var otherBatchwise = otherUniform
    for r in 0..<replications {
        let seed = baseSeed &+ UInt64(1000 * cell + r) &* 7919
        let u = try LabelSheet(
            run: run, dimensions: [dimension], options: .init(sample: batchSizes.reduce(0, +), seed: seed, context: []))
        let uniformURL = folder.appendingPathComponent("u.labels.csv")
        try fill(u, from: population, at: uniformURL)
        let uniformLabels = try labels([uniformURL], run: run)
        let a = kappa(of: uniformLabels, population: population, weighting: .batchwise)
        for (i, v) in others(table(of: uniformLabels, population: population, weighting: .batchwise)).enumerated() {
            otherUniform[i].values.append(v)
        }
        var urls: [URL] = []
        for (b, size) in batchSizes.enumerated() {
            let earlier = try urls.isEmpty ? nil : ExpertLabels.load(from: urls, dimensions: [dimension])
            let sheet = try LabelSheet(
                run: run, dimensions: [dimension],
                options: .init(sample: size, seed: seed &+ UInt64(b + 1), context: [], strategy: .judgeStratified),
                judgments: judgments, earlier: earlier)
            let url = folder.appendingPathComponent("j\(b).labels.csv")
            try fill(sheet, from: population, at: url)
            urls.append(url)
        }
        let adaptive = try labels(urls, run: run)
        let b = kappa(of: adaptive, population: population, weighting: .recorded)
        for (i, v) in others(table(of: adaptive, population: population, weighting: .recorded)).enumerated() {
            otherStratified[i].values.append(v)
        }
        let c = kappa(of: adaptive, population: population, weighting: .batchwise)
        for (i, v) in others(table(of: adaptive, population: population, weighting: .batchwise)).enumerated() {
            otherBatchwise[i].values.append(v)
        }
        batchwise.values.append(c)
        batchwiseDifference.values.append(c - a)
        let one = try LabelSheet(
            run: run, dimensions: [dimension],
            options: .init(sample: batchSizes.reduce(0, +), seed: seed &+ 99, context: [], strategy: .judgeStratified),
            judgments: judgments)
        let oneURL = folder.appendingPathComponent("one.labels.csv")
        try fill(one, from: population, at: oneURL)
        let oneLabels = try labels([oneURL], run: run)
        single.values.append(kappa(of: oneLabels, population: population, weighting: .batchwise))
        for (i, v) in others(table(of: oneLabels, population: population, weighting: .batchwise)).enumerated() {
            otherSingle[i].values.append(v)
        }
        uniform.values.append(a)
        stratified.values.append(b)
        naive.values.append(kappa(of: adaptive, population: population, weighting: .none))
        difference.values.append(b - a)
    }
    let f = { (x: Double) in x.fixed(decimals: 3) }
    let se = difference.sd / Double(replications).squareRoot()
    let batchwiseSE = batchwiseDifference.sd / Double(replications).squareRoot()
    print(
        "| \(f(population.kappa)) | \(f(uniform.mean)) (\(f(uniform.sd))) | \(f(stratified.mean)) (\(f(stratified.sd))) | \(f(stratified.mean - uniform.mean)) ± \(f(se)) | \(f(stratified.mean - population.kappa)) | "
            + "\(f(batchwise.mean)) (\(f(batchwise.sd))) | \(f(batchwise.mean - uniform.mean)) ± \(f(batchwiseSE)) | \(f(batchwise.mean - population.kappa)) | \(f(single.mean)) | \(f(naive.mean)) |"
    )
    let truths = others(
        WeightedContingencyTable(try ContingencyTable(scale: categories, first: population.expert, second: population.judge)))
    for (i, (statistic, _)) in otherStatistics.enumerated() {
        let diff = zip(otherStratified[i].values, otherUniform[i].values).map { $0 - $1 }
        let mc = Tally(values: diff).sd / Double(replications).squareRoot()
        let batchwiseMC =
            Tally(values: zip(otherBatchwise[i].values, otherUniform[i].values).map { $0 - $1 }).sd / Double(replications).squareRoot()
        otherRows.append(
            "| \(f(population.kappa)) | \(statistic.rawValue) | \(f(truths[i])) | \(f(otherUniform[i].mean)) | "
                + "\(f(otherStratified[i].mean)) (\(f(otherStratified[i].sd))) | \(f(otherStratified[i].mean - otherUniform[i].mean)) ± \(f(mc)) | "
                + "\(f(otherStratified[i].mean - truths[i])) | \(f(otherBatchwise[i].mean)) (\(f(otherBatchwise[i].sd))) | "
                + "\(f(otherBatchwise[i].mean - otherUniform[i].mean)) ± \(f(batchwiseMC)) | \(f(otherBatchwise[i].mean - truths[i])) | \(f(otherSingle[i].mean - truths[i])) |"
        )
    }
    fflush(nil)
}
print("")
print(
    "| population κ_q | statistic | on the whole run | uniform n=100: mean | 50+50, π = m_h/N_h: mean (SD) | its bias vs uniform ± MC SE | vs the run | 50+50, batch-wise: mean (SD) | its bias vs uniform ± MC SE | vs the run | one batch of 100, HT: vs the run |"
)
print("|---|---|---|---|---|---|---|---|---|---|---|")
otherRows.forEach { print($0) }
print(
    "\n\(replications) replications per row, seed \(baseSeed); run of \(runSize) rows, judge shares \(judgeShares), batches \(batchSizes).")
