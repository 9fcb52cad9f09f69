import Foundation
import RunInference
import StatisticsCore

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
    return SplitMix64.mixed(mixer.next(), parts)
}

func percent(_ x: Double?) -> String { x.map { String(format: "%.1f%%", 100 * $0) } ?? "—" }
func number(_ x: Double?, _ digits: Int = 4) -> String { x.map { String(format: "%+.\(digits)f", $0) } ?? "—" }
func plain(_ x: Double?, _ digits: Int = 4) -> String { x.map { String(format: "%.\(digits)f", $0) } ?? "—" }

print(
    "| scale | judge κ (quadratic) | n | estimand | method | defined | coverage (run) | coverage (population) | bias | median width | width / experts-only | misses |"
)
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
let started = Date()
for (d, design) in designs.enumerated()
where options.scales.isEmpty || options.scales.contains(design.name.replacingOccurrences(of: "–", with: "-")) {
    let values = design.scale.values
    for (q, target) in kappas.enumerated() {
        let modelA = JudgeModel(scale: design.scale, expert: design.expertA, noise: design.noise, targetKappa: target)
        let modelB = modelA.withExperts(design.expertB)
        let populationMeanA = modelA.expertExpectation { values[$0] }
        let populationMeanB = modelB.expertExpectation { values[$0] }
        let populationPass = modelA.expertExpectation { values[$0] >= design.passLevel ? 1 : 0 }
        for n in options.labelled {
            // "plain" is ppi-python's interval (the library before issue #13's small-sample work),
            // "small-sample" the library's default (WeightedMeanVariance); each is divided by the
            // experts-only interval formed the same way.
            let plainBaseline = ["PPI++ (plain)": "experts only (plain)"]
            var mean = EstimandTallies(
                estimand: "mean",
                methods: [
                    "experts only (plain)", "experts only", "judge only", "PPI++ (plain)", "PPI++ (small-sample)",
                    "PPI++ (small-sample, cross-fitted λ)",
                ],
                baseline: "experts only", exempt: ["judge only"], baselines: plainBaseline)
            var pass = EstimandTallies(
                estimand: "pass rate (≥ \(design.passLevel.formatted()))",
                methods: [
                    "experts only (plain)", "experts only", "judge only", "by judge level (default)",
                    "Rogan–Gladen (delta, on request)", "Rogan–Gladen (Beta posterior, on request)", "PPI++ (plain)",
                    "PPI++ (small-sample)",
                ], baseline: "experts only", exempt: ["judge only"], baselines: plainBaseline)
            var difference = EstimandTallies(
                estimand: "mean A − B",
                methods: ["experts only (plain)", "experts only", "judge only", "PPI++ (plain)", "PPI++ (small-sample)"],
                baseline: "experts only", exempt: ["judge only"], baselines: plainBaseline)
            var passDifference = EstimandTallies(
                estimand: "pass rate A − B",
                methods: ["experts only", "judge only", "by judge level (default)", "PPI++ (small-sample)"],
                baseline: "experts only", exempt: ["judge only"])
            let weightedMethods = WeightedMeanVariance.allCases.map { "(HT, \($0.rawValue))" }
            let weightedBaselines = Dictionary(
                uniqueKeysWithValues: weightedMethods.map { ("PPI++ \($0)", "experts only \($0)") }
                    + weightedMethods.map { ("Rogan–Gladen \($0)", "experts only (HT, small-sample)") })
            var stratifiedMean = EstimandTallies(
                estimand: "mean, stratified draw",
                methods: ["experts only, unweighted"] + weightedMethods.map { "experts only \($0)" }
                    + weightedMethods.map { "PPI++ \($0)" } + ["PPI++ (HT, small-sample, cross-fitted λ)"],
                baseline: "experts only (HT, small-sample)", exempt: ["experts only, unweighted"],
                baselines: weightedBaselines)
            var stratifiedPass = EstimandTallies(
                estimand: "pass rate (≥ \(design.passLevel.formatted())), stratified draw",
                methods: ["experts only, unweighted"] + weightedMethods.map { "experts only \($0)" }
                    + ["Rogan–Gladen (HT, delta, on request)", "Rogan–Gladen (HT, Beta posterior, on request)", "by judge level (HT, default)"]
                    + weightedMethods.map { "PPI++ \($0)" },
                baseline: "experts only (HT, small-sample)", exempt: ["experts only, unweighted"],
                baselines: weightedBaselines)
            // The draw `extract --strategy judge-stratified --sample n` makes, weighted by the frame it writes.
            let frameMethods = [
                "experts only, unweighted", "experts only (HT, small-sample)", "PPI++ (HT, small-sample)", "PPI++ (unweighted)",
            ]
            var frameMean = EstimandTallies(
                estimand: "mean, judge-stratified with frame", methods: frameMethods,
                baseline: "experts only (HT, small-sample)", exempt: ["experts only, unweighted", "PPI++ (unweighted)"])
            var framePass = EstimandTallies(
                estimand: "pass rate (≥ \(design.passLevel.formatted())), judge-stratified with frame",
                methods: frameMethods + ["Rogan–Gladen (HT, delta, on request)", "by judge level (HT, default)"],
                baseline: "experts only (HT, small-sample)", exempt: ["experts only, unweighted", "PPI++ (unweighted)"])
            let withDistribution = options.distribution && values.count > 2
            var distribution = (0..<values.count).map { l in
                EstimandTallies(
                    estimand: "share at \(values[l].formatted())",
                    methods: [
                        "experts only (plain)", "experts only", "judge only", "by judge level (default)",
                        "matrix, Dirichlet posterior (on request)", "PPI++ (plain)", "PPI++ (small-sample)",
                    ],
                    baseline: "experts only", exempt: ["judge only"], baselines: plainBaseline)
            }
            for rep in 0..<options.replications {
                var generator = Xoshiro256StarStar(seed: seed([UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                let runA = modelA.draw(rows: options.rows, using: &generator)
                let runB = modelB.draw(rows: options.rows, using: &generator)
                func sample(_ run: (expert: [Int], judge: [Int]), _ score: (Int) -> Double) throws -> CorrectionSample {
                    try CorrectionSample(
                        expert: run.expert[0..<n].map(score), judge: run.judge[0..<n].map(score),
                        judgeUnlabelled: run.judge[n...].map(score))
                }
                let sampleA = try sample(runA) { values[$0] }
                let sampleB = try sample(runB) { values[$0] }
                let runMeanA = Spread.mean(runA.expert.map { values[$0] }).value ?? .nan
                let runMeanB = Spread.mean(runB.expert.map { values[$0] }).value ?? .nan
                let plainA = RunMeanEstimate(sampleA, variance: .ppiPython)
                let plainB = RunMeanEstimate(sampleB, variance: .ppiPython)
                let meanA = RunMeanEstimate(sampleA)
                let meanB = RunMeanEstimate(sampleB)
                func addMean(_ t: inout EstimandTallies, plain: RunMeanEstimate, small: RunMeanEstimate, run: Double, population: Double) {
                    t.add("experts only (plain)", plain.expertsOnly, runTruth: run, populationTruth: population)
                    t.add("experts only", small.expertsOnly, runTruth: run, populationTruth: population)
                    t.add("judge only", small.judgeOnly, runTruth: run, populationTruth: population)
                    t.add("PPI++ (plain)", plain.corrected, runTruth: run, populationTruth: population)
                    t.add("PPI++ (small-sample)", small.corrected, runTruth: run, populationTruth: population)
                }
                addMean(&mean, plain: plainA, small: meanA, run: runMeanA, population: populationMeanA)
                mean.add(
                    "PPI++ (small-sample, cross-fitted λ)", RunMeanEstimate(crossFitting: sampleA).corrected,
                    runTruth: runMeanA, populationTruth: populationMeanA)

                let plainRate = try RunPassRate(
                    sampleA, scale: design.scale, passLevel: design.passLevel, variance: .ppiPython)
                let rate = try RunPassRate(sampleA, scale: design.scale, passLevel: design.passLevel)
                let runPass = Double(runA.expert.count { values[$0] >= design.passLevel }) / Double(options.rows)
                addMean(
                    &pass, plain: plainRate.predictionPowered, small: rate.predictionPowered, run: runPass,
                    population: populationPass)
                pass.add("by judge level (default)", rate.corrected, runTruth: runPass, populationTruth: populationPass)
                let roganGladen = try RunPassRate(
                    sampleA, scale: design.scale, passLevel: design.passLevel, estimator: .roganGladen(.delta))
                pass.add(
                    "Rogan–Gladen (delta, on request)", roganGladen.corrected, runTruth: runPass,
                    populationTruth: populationPass)
                let posteriorRate = try RunPassRate(
                    sampleA, scale: design.scale, passLevel: design.passLevel, estimator: .roganGladen(.betaPosterior),
                    seed: seed([7, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                pass.add(
                    "Rogan–Gladen (Beta posterior, on request)", posteriorRate.corrected, runTruth: runPass,
                    populationTruth: populationPass)
                let rateB = try RunPassRate(sampleB, scale: design.scale, passLevel: design.passLevel)
                let passDelta = RunDifference(rate, minus: rateB)
                let runPassB = Double(runB.expert.count { values[$0] >= design.passLevel }) / Double(options.rows)
                let populationPassDelta = populationPass - modelB.expertExpectation { values[$0] >= design.passLevel ? 1 : 0 }
                for (name, estimate) in [
                    ("experts only", passDelta.expertsOnly), ("judge only", passDelta.judgeOnly),
                    ("by judge level (default)", passDelta.corrected), ("PPI++ (small-sample)", passDelta.predictionPowered),
                ] {
                    passDifference.add(name, estimate, runTruth: runPass - runPassB, populationTruth: populationPassDelta)
                }

                let plainDelta = RunDifference(plainA, minus: plainB)
                let delta = RunDifference(meanA, minus: meanB)
                let runDelta = runMeanA - runMeanB
                let populationDelta = populationMeanA - populationMeanB
                for (name, estimate) in [
                    ("experts only (plain)", plainDelta.expertsOnly), ("experts only", delta.expertsOnly),
                    ("judge only", delta.judgeOnly), ("PPI++ (plain)", plainDelta.corrected),
                    ("PPI++ (small-sample)", delta.corrected),
                ] {
                    difference.add(name, estimate, runTruth: runDelta, populationTruth: populationDelta)
                }

                let draw = try StratifiedDraw(
                    expert: runA.expert, judge: runA.judge, values: values, expectedLabelled: n, using: &generator)
                let naive = RunMeanEstimate(draw.unweighted)
                stratifiedMean.add(
                    "experts only, unweighted", naive.expertsOnly, runTruth: runMeanA, populationTruth: populationMeanA)
                let naiveRate = try RunPassRate(draw.unweighted, scale: design.scale, passLevel: design.passLevel)
                stratifiedPass.add(
                    "experts only, unweighted", naiveRate.expertsOnly, runTruth: runPass,
                    populationTruth: populationPass)
                for method in WeightedMeanVariance.allCases {
                    let name = "(HT, \(method.rawValue))"
                    let weighted = RunMeanEstimate(draw.weighted, variance: method)
                    stratifiedMean.add(
                        "experts only \(name)", weighted.expertsOnly, runTruth: runMeanA,
                        populationTruth: populationMeanA)
                    stratifiedMean.add(
                        "PPI++ \(name)", weighted.corrected, runTruth: runMeanA, populationTruth: populationMeanA)
                    let weightedRate = try RunPassRate(
                        draw.weighted, scale: design.scale, passLevel: design.passLevel, variance: method,
                        estimator: .roganGladen(.delta))
                    stratifiedPass.add(
                        "experts only \(name)", weightedRate.expertsOnly, runTruth: runPass,
                        populationTruth: populationPass)
                    stratifiedPass.add(
                        "PPI++ \(name)", weightedRate.predictionPowered.corrected, runTruth: runPass,
                        populationTruth: populationPass)
                    if method == .smallSample {
                        stratifiedMean.add(
                            "PPI++ (HT, small-sample, cross-fitted λ)", RunMeanEstimate(crossFitting: draw.weighted).corrected,
                            runTruth: runMeanA, populationTruth: populationMeanA)
                        stratifiedPass.add(
                            "Rogan–Gladen (HT, delta, on request)", weightedRate.corrected, runTruth: runPass,
                            populationTruth: populationPass)
                        let posterior = try RunPassRate(
                            draw.weighted, scale: design.scale, passLevel: design.passLevel,
                            estimator: .roganGladen(.betaPosterior), seed: seed([8, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                        stratifiedPass.add(
                            "Rogan–Gladen (HT, Beta posterior, on request)", posterior.corrected, runTruth: runPass,
                            populationTruth: populationPass)
                        let byLevel = try RunPassRate(
                            draw.weighted, scale: design.scale, passLevel: design.passLevel,
                            estimator: .byJudgeLevel, seed: seed([11, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                        stratifiedPass.add(
                            "by judge level (HT, default)", byLevel.corrected, runTruth: runPass,
                            populationTruth: populationPass)
                    }
                }

                let framed = try StratifiedDraw(
                    judgeStratifiedExpert: runA.expert, judge: runA.judge, values: values, labelled: n, using: &generator)
                let frameWeighted = RunMeanEstimate(framed.weighted)
                let frameNaive = RunMeanEstimate(framed.unweighted)
                let frameRate = try RunPassRate(
                    framed.weighted, scale: design.scale, passLevel: design.passLevel, estimator: .roganGladen(.delta))
                let frameNaiveRate = try RunPassRate(framed.unweighted, scale: design.scale, passLevel: design.passLevel)
                let frameByLevel = try RunPassRate(
                    framed.weighted, scale: design.scale, passLevel: design.passLevel, estimator: .byJudgeLevel,
                    seed: seed([12, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)]))
                for (t, weighted, naive, truth, population) in [
                    (0, frameWeighted, frameNaive, runMeanA, populationMeanA),
                    (1, frameRate.predictionPowered, frameNaiveRate.predictionPowered, runPass, populationPass),
                ] {
                    for (name, estimate) in [
                        ("experts only, unweighted", naive.expertsOnly), ("experts only (HT, small-sample)", weighted.expertsOnly),
                        ("PPI++ (HT, small-sample)", weighted.corrected), ("PPI++ (unweighted)", naive.corrected),
                    ] {
                        if t == 0 {
                            frameMean.add(name, estimate, runTruth: truth, populationTruth: population)
                        } else {
                            framePass.add(name, estimate, runTruth: truth, populationTruth: population)
                        }
                    }
                }
                framePass.add("Rogan–Gladen (HT, delta, on request)", frameRate.corrected, runTruth: runPass, populationTruth: populationPass)
                framePass.add(
                    "by judge level (HT, default)", frameByLevel.corrected, runTruth: runPass,
                    populationTruth: populationPass)

                if withDistribution {
                    let levelSeed = seed([9, UInt64(d), UInt64(q), UInt64(n), UInt64(rep)])
                    let levels = try RunLevelDistribution(
                        sampleA, scale: design.scale, resamples: options.resamples, seed: levelSeed)
                    let matrix = try RunLevelDistribution(
                        sampleA, scale: design.scale, resamples: options.resamples, seed: levelSeed,
                        estimator: .matrixCorrection(.dirichletPosterior))
                    for l in 0..<values.count {
                        let runShare = Double(runA.expert.count { $0 == l }) / Double(options.rows)
                        let plainShare = RunMeanEstimate(try sample(runA) { $0 == l ? 1 : 0 }, variance: .ppiPython)
                        for (name, estimate) in [
                            ("experts only (plain)", plainShare.expertsOnly), ("experts only", levels.expertsOnly[l]),
                            ("judge only", levels.judgeOnly[l]), ("by judge level (default)", levels.corrected[l]),
                            ("matrix, Dirichlet posterior (on request)", matrix.corrected[l]),
                            ("PPI++ (plain)", plainShare.corrected),
                            ("PPI++ (small-sample)", levels.predictionPowered[l]),
                        ] {
                            distribution[l].add(
                                name, estimate, runTruth: runShare, populationTruth: design.expertA[l])
                        }
                    }
                }
            }
            let estimands = [mean, pass, difference, passDifference, stratifiedMean, stratifiedPass, frameMean, framePass]
            for estimand in estimands + (withDistribution ? distribution : []) {
                for method in estimand.methods {
                    guard let t = estimand.tallies[method] else { continue }
                    let baselineWidth = estimand.tallies[estimand.baseline(of: method)]?.medianWidth
                    let ratio = t.medianWidth.flatMap { width in baselineWidth.map { width / $0 } }
                    var misses: [String] = []
                    if !estimand.exempt.contains(method), t.defined > 0 {
                        if let c = t.coverageRun, c < 0.94 { misses.append("coverage") }
                        if let b = t.bias, abs(b) > 0.01 { misses.append("bias") }
                        if !estimand.isBaseline(method), let r = ratio, r > 1 { misses.append("width") }
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
    "\(options.replications) replications per cell, N = \(options.rows) rows per run, seed \(options.seed), \(options.resamples) posterior draws for the level distribution."
)
