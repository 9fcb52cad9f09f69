import AgreementCoefficients
import CalibrationData
import DataFormats
import Foundation
import Judging
import StatisticsCore

// The seeded study behind docs/SAMPLING.md (issue #14): does the Horvitz–Thompson
// weighted quadratic kappa of a judge-stratified label set estimate what a
// uniform sample of the same size estimates? Every sample is drawn by
// `LabelSheet` (the code `judgecal extract` runs), filled in with the
// population's expert levels, written, read back by `ExpertLabels.load` (which
// brings the first batch's probabilities up to date) and counted into a
// `WeightedContingencyTable`, weighted by the recorded π = m_h / N_h and by the
// batch-wise weights `align` uses for adaptive sets (`ExpertLabels.assignBatchwiseWeights`).
// `coverage` instead measures how often the 95% interval `align` gives each design (the
// linearised normal interval of the weighted table) covers the whole run's κ_q, and its width.
// Usage: SamplingSimulation [coverage] [replications] [seed]

let coverageStudy = CommandLine.arguments.dropFirst().first == "coverage"
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

/// The weighted quadratic kappa of `labels` with its 95% interval, as `align` computes it for a weighted set.
func estimate(of labels: ExpertLabels, population: Population, weighting: Weighting) -> Estimate {
    CohenKappa(table(of: labels, population: population, weighting: weighting), weights: .quadratic).kappa
}

/// The weighted quadratic kappa of `labels`.
func kappa(of labels: ExpertLabels, population: Population, weighting: Weighting) -> Double {
    estimate(of: labels, population: population, weighting: weighting).value ?? .nan
}

/// A sample of `size` rows drawn in one batch by `strategy` (uniform when `nil`, `extract`'s default), filled in,
/// written as `name` and read back.
func oneBatch(
    _ population: Population, run: FrozenRun, judgments: JudgmentSet, size: Int, seed: UInt64, strategy: SamplingStrategy?,
    name: String
) throws -> ExpertLabels {
    let sheet = try LabelSheet(
        run: run, dimensions: [dimension], options: .init(sample: size, seed: seed, context: [], strategy: strategy),
        judgments: strategy == nil ? nil : judgments)
    let url = folder.appendingPathComponent("\(name).labels.csv")
    try fill(sheet, from: population, at: url)
    return try labels([url], run: run)
}

/// A judge-stratified label set drawn in batches of `sizes`, each allocated with the earlier batches' labels.
func adaptiveSet(_ population: Population, run: FrozenRun, judgments: JudgmentSet, sizes: [Int], seed: UInt64) throws
    -> ExpertLabels
{
    var urls: [URL] = []
    for (b, size) in sizes.enumerated() {
        let earlier = try urls.isEmpty ? nil : ExpertLabels.load(from: urls, dimensions: [dimension])
        let sheet = try LabelSheet(
            run: run, dimensions: [dimension],
            options: .init(sample: size, seed: seed &+ UInt64(b + 1), context: [], strategy: .judgeStratified),
            judgments: judgments, earlier: earlier)
        let url = folder.appendingPathComponent("j\(b).labels.csv")
        try fill(sheet, from: population, at: url)
        urls.append(url)
    }
    return try labels(urls, run: run)
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

/// How often a design's intervals cover the truth, and how wide they are; an undefined kappa or
/// interval counts as a miss.
struct Coverage {
    var draws = 0
    var covered = 0
    var values = Tally()
    var widths = Tally()
    var errors = Tally()

    mutating func add(_ estimate: Estimate, truth: Double) {
        draws += 1
        guard let value = estimate.value, let ci = estimate.interval, let se = estimate.standardError else { return }
        values.values.append(value)
        widths.values.append(ci.upper - ci.lower)
        errors.values.append(se)
        if ci.lower <= truth, truth <= ci.upper { covered += 1 }
    }

    var rate: Double { Double(covered) / Double(draws) }
}

/// The coverage study: per population, each design's label sets drawn `replications` times (the
/// uniform, 50+50 and one-batch draws are the bias study's, same seeds), weighted as `align` weighs
/// them, and the 95% linearised interval of their weighted κ_q checked against the whole run's κ_q.
func coverage() throws {
    let designs = [
        "uniform n=100 (equal weights)", "judge-stratified 50+50, batch-wise", "judge-stratified 25+25+25+25, batch-wise",
        "judge-stratified 100 in one batch, π exact",
    ]
    print(
        "| population κ_q | design | covers the run's κ_q ± MC SE | mean width | bias vs the run | SD of κ̂_q | mean SE / SD | undefined |")
    print("|---|---|---|---|---|---|---|---|")
    for (cell, agreement) in [0.6, 0.75, 0.9].enumerated() {
        let population = Population(agreement: agreement, seed: baseSeed &+ UInt64(cell))
        let (run, judgments, truth) = (try population.run, population.judgments, population.kappa)
        var tallies = [Coverage](repeating: Coverage(), count: designs.count)
        for r in 0..<replications {
            let seed = baseSeed &+ UInt64(1000 * cell + r) &* 7919
            let sets = [
                try oneBatch(population, run: run, judgments: judgments, size: 100, seed: seed, strategy: nil, name: "u"),
                try adaptiveSet(population, run: run, judgments: judgments, sizes: batchSizes, seed: seed),
                try adaptiveSet(population, run: run, judgments: judgments, sizes: [25, 25, 25, 25], seed: seed &+ 200),
                try oneBatch(
                    population, run: run, judgments: judgments, size: 100, seed: seed &+ 99, strategy: .judgeStratified,
                    name: "one"),
            ]
            for (d, set) in sets.enumerated() {
                tallies[d].add(estimate(of: set, population: population, weighting: .batchwise), truth: truth)
            }
        }
        let f = { (x: Double) in x.fixed(decimals: 3) }
        for (design, t) in zip(designs, tallies) {
            let mc = (t.rate * (1 - t.rate) / Double(t.draws)).squareRoot()
            let (rate, error) = ((100 * t.rate).fixed(decimals: 1), (100 * mc).fixed(decimals: 1))
            let ratio = (t.errors.mean / t.values.sd).fixed(decimals: 2)
            print(
                "| \(f(truth)) | \(design) | \(rate)% ± \(error) | \(f(t.widths.mean)) | \(f(t.values.mean - truth)) | "
                    + "\(f(t.values.sd)) | \(ratio) | \(t.draws - t.values.values.count) |")
        }
        fflush(nil)
    }
    print("\n\(replications) replications per row, seed \(baseSeed); run of \(runSize) rows, judge shares \(judgeShares).")
}

guard !coverageStudy else {
    try coverage()
    try? FileManager.default.removeItem(at: folder)
    exit(0)
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
        let uniformLabels = try oneBatch(
            population, run: run, judgments: judgments, size: batchSizes.reduce(0, +), seed: seed, strategy: nil, name: "u")
        let a = kappa(of: uniformLabels, population: population, weighting: .batchwise)
        for (i, v) in others(table(of: uniformLabels, population: population, weighting: .batchwise)).enumerated() {
            otherUniform[i].values.append(v)
        }
        let adaptive = try adaptiveSet(population, run: run, judgments: judgments, sizes: batchSizes, seed: seed)
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
        let oneLabels = try oneBatch(
            population, run: run, judgments: judgments, size: batchSizes.reduce(0, +), seed: seed &+ 99,
            strategy: .judgeStratified, name: "one")
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
