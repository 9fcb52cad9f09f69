import AgreementStatistics
import Foundation

// The coverage study of the corrected run estimates (issue #13); design and
// results in docs/ESTIMATION.md. Seeded: the same options print the same table.

let options: SimulationOptions
do {
    options = try SimulationOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

if let root = options.hannaRoot {
    do {
        try HANNACheck.run(root: root, seeds: options.seeds, labelled: options.labelled[0], baseSeed: options.seed)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

struct ScaleDesign {
    let name: String
    let scale: CategoryScale
    let expertA: [Double]
    let expertB: [Double]
    let noise: [Double]
    let passLevel: Double
}

let designs = [
    ScaleDesign(
        name: "binary", scale: CategoryScale(values: [0, 1]), expertA: [0.4, 0.6], expertB: [0.3, 0.7],
        noise: [0.15, 0.85],
        passLevel: 1),
    ScaleDesign(
        name: "1–4", scale: CategoryScale(1...4), expertA: [0.15, 0.30, 0.35, 0.20], expertB: [0.10, 0.25, 0.40, 0.25],
        noise: [0.05, 0.20, 0.45, 0.30], passLevel: 3),
]
let kappas = [0.3, 0.6, 0.85]

func seed(_ parts: [UInt64]) -> UInt64 {
    var mixer = SplitMix64(seed: options.seed)
    var s = mixer.next()
    for p in parts {
        var m = SplitMix64(seed: s ^ p)
        s = m.next()
    }
    return s
}

func percent(_ x: Double?) -> String { x.map { String(format: "%.1f%%", 100 * $0) } ?? "—" }
func number(_ x: Double?, _ digits: Int = 4) -> String { x.map { String(format: "%+.\(digits)f", $0) } ?? "—" }
func plain(_ x: Double?, _ digits: Int = 4) -> String { x.map { String(format: "%.\(digits)f", $0) } ?? "—" }

print(
    "| scale | judge κ (quadratic) | n | estimand | method | defined | coverage (run) | coverage (population) | bias | median width | width / experts-only | misses |"
)
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
let started = Date()
for (d, design) in designs.enumerated() {
    let values = design.scale.values
    for (q, target) in kappas.enumerated() {
        let modelA = JudgeModel(scale: design.scale, expert: design.expertA, noise: design.noise, targetKappa: target)
        let modelB = modelA.withExperts(design.expertB)
        let populationMeanA = modelA.expertExpectation { values[$0] }
        let populationMeanB = modelB.expertExpectation { values[$0] }
        let populationPass = modelA.expertExpectation { values[$0] >= design.passLevel ? 1 : 0 }
        for n in options.labelled {
            var mean = EstimandTallies(
                estimand: "mean", methods: ["experts only", "judge only", "PPI++"], baseline: "experts only",
                exempt: ["judge only"])
            var pass = EstimandTallies(
                estimand: "pass rate (≥ \(design.passLevel.formatted()))",
                methods: ["experts only", "judge only", "Rogan–Gladen (delta)", "PPI++"], baseline: "experts only",
                exempt: ["judge only"])
            var difference = EstimandTallies(
                estimand: "mean A − B", methods: ["experts only", "judge only", "PPI++"], baseline: "experts only",
                exempt: ["judge only"])
            var stratifiedMean = EstimandTallies(
                estimand: "mean, stratified draw",
                methods: ["experts only, unweighted", "experts only (HT)", "PPI++ (HT)"], baseline: "experts only (HT)",
                exempt: ["experts only, unweighted"])
            var stratifiedPass = EstimandTallies(
                estimand: "pass rate (≥ \(design.passLevel.formatted())), stratified draw",
                methods: ["experts only, unweighted", "experts only (HT)", "Rogan–Gladen (HT)", "PPI++ (HT)"],
                baseline: "experts only (HT)", exempt: ["experts only, unweighted"])
            let withDistribution = options.distribution && values.count > 2
            var distribution = (0..<values.count).map { l in
                EstimandTallies(
                    estimand: "share at \(values[l].formatted())",
                    methods: ["experts only", "judge only", "corrected (bootstrap)", "PPI++"],
                    baseline: "experts only", exempt: ["judge only"])
            }
            for rep in 0..<options.replications {
                var generator = Xoshiro256StarStar(seed: seed([UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                let runA = modelA.draw(rows: options.rows, using: &generator)
                let runB = modelB.draw(rows: options.rows, using: &generator)
                func sample(_ run: (expert: [Int], judge: [Int])) throws -> CorrectionSample {
                    try CorrectionSample(
                        expert: run.expert[0..<n].map { values[$0] }, judge: run.judge[0..<n].map { values[$0] },
                        judgeUnlabelled: run.judge[n...].map { values[$0] })
                }
                let sampleA = try sample(runA)
                let sampleB = try sample(runB)
                let runMeanA = Spread.mean(runA.expert.map { values[$0] }).value ?? .nan
                let runMeanB = Spread.mean(runB.expert.map { values[$0] }).value ?? .nan
                let meanA = RunMeanEstimate(sampleA)
                let meanB = RunMeanEstimate(sampleB)
                mean.add("experts only", meanA.expertsOnly, runTruth: runMeanA, populationTruth: populationMeanA)
                mean.add("judge only", meanA.judgeOnly, runTruth: runMeanA, populationTruth: populationMeanA)
                mean.add("PPI++", meanA.corrected, runTruth: runMeanA, populationTruth: populationMeanA)

                let rate = try RunPassRate(sampleA, scale: design.scale, passLevel: design.passLevel)
                let runPass = Double(runA.expert.count { values[$0] >= design.passLevel }) / Double(options.rows)
                pass.add("experts only", rate.expertsOnly, runTruth: runPass, populationTruth: populationPass)
                pass.add("judge only", rate.judgeOnly, runTruth: runPass, populationTruth: populationPass)
                pass.add("Rogan–Gladen (delta)", rate.corrected, runTruth: runPass, populationTruth: populationPass)
                pass.add("PPI++", rate.predictionPowered.corrected, runTruth: runPass, populationTruth: populationPass)

                let delta = RunDifference(meanA, minus: meanB)
                let runDelta = runMeanA - runMeanB
                let populationDelta = populationMeanA - populationMeanB
                difference.add("experts only", delta.expertsOnly, runTruth: runDelta, populationTruth: populationDelta)
                difference.add("judge only", delta.judgeOnly, runTruth: runDelta, populationTruth: populationDelta)
                difference.add("PPI++", delta.corrected, runTruth: runDelta, populationTruth: populationDelta)

                let draw = try StratifiedDraw(
                    expert: runA.expert, judge: runA.judge, values: values, expectedLabelled: n, using: &generator)
                let naive = RunMeanEstimate(draw.unweighted)
                let weighted = RunMeanEstimate(draw.weighted)
                stratifiedMean.add(
                    "experts only, unweighted", naive.expertsOnly, runTruth: runMeanA, populationTruth: populationMeanA)
                stratifiedMean.add(
                    "experts only (HT)", weighted.expertsOnly, runTruth: runMeanA, populationTruth: populationMeanA)
                stratifiedMean.add(
                    "PPI++ (HT)", weighted.corrected, runTruth: runMeanA, populationTruth: populationMeanA)
                let naiveRate = try RunPassRate(draw.unweighted, scale: design.scale, passLevel: design.passLevel)
                let weightedRate = try RunPassRate(draw.weighted, scale: design.scale, passLevel: design.passLevel)
                stratifiedPass.add(
                    "experts only, unweighted", naiveRate.expertsOnly, runTruth: runPass,
                    populationTruth: populationPass)
                stratifiedPass.add(
                    "experts only (HT)", weightedRate.expertsOnly, runTruth: runPass, populationTruth: populationPass)
                stratifiedPass.add(
                    "Rogan–Gladen (HT)", weightedRate.corrected, runTruth: runPass, populationTruth: populationPass)
                stratifiedPass.add(
                    "PPI++ (HT)", weightedRate.predictionPowered.corrected, runTruth: runPass,
                    populationTruth: populationPass)

                if withDistribution {
                    let levels = try RunLevelDistribution(
                        sampleA, scale: design.scale, resamples: options.resamples,
                        seed: seed([9, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                    for l in 0..<values.count {
                        let runShare = Double(runA.expert.count { $0 == l }) / Double(options.rows)
                        distribution[l].add(
                            "experts only", levels.expertsOnly[l], runTruth: runShare,
                            populationTruth: design.expertA[l])
                        distribution[l].add(
                            "judge only", levels.judgeOnly[l], runTruth: runShare, populationTruth: design.expertA[l])
                        distribution[l].add(
                            "corrected (bootstrap)", levels.corrected[l], runTruth: runShare,
                            populationTruth: design.expertA[l])
                        distribution[l].add(
                            "PPI++", levels.predictionPowered[l], runTruth: runShare, populationTruth: design.expertA[l]
                        )
                    }
                }
            }
            let estimands = [mean, pass, difference, stratifiedMean, stratifiedPass]
            for estimand in estimands + (withDistribution ? distribution : []) {
                let baselineWidth = estimand.tallies[estimand.baseline]?.medianWidth
                for method in estimand.methods {
                    guard let t = estimand.tallies[method] else { continue }
                    let ratio = t.medianWidth.flatMap { width in baselineWidth.map { width / $0 } }
                    var misses: [String] = []
                    if !estimand.exempt.contains(method), t.defined > 0 {
                        if let c = t.coverageRun, c < 0.94 { misses.append("coverage") }
                        if let b = t.bias, abs(b) > 0.01 { misses.append("bias") }
                        if method != estimand.baseline, let r = ratio, r > 1 { misses.append("width") }
                    }
                    print(
                        "| \(design.name) | \(String(format: "%.2f", modelA.kappa)) | \(n) | \(estimand.estimand) | \(method) | \(percent(t.definedShare)) | \(percent(t.coverageRun)) | \(percent(t.coveragePopulation)) | \(number(t.bias)) | \(plain(t.medianWidth)) | \(plain(ratio, 2)) | \(misses.joined(separator: ", ")) |"
                    )
                }
            }
            let elapsed = Date().timeIntervalSince(started)
            FileHandle.standardError.write(Data("\(design.name) κ \(target) n \(n): done at \(Int(elapsed)) s\n".utf8))
        }
    }
}
print("")
print(
    "\(options.replications) replications per cell, N = \(options.rows) rows per run, seed \(options.seed), \(options.resamples) bootstrap resamples for the level distribution."
)
