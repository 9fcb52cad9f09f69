import Calibration
import CalibrationData
import DataFormats
import Foundation
import RunInference
import StatisticsCore

// The simulation of issue #15 (docs/ITERATION.md): does the discipline of
// validation looks and a sealed test keep a rubric author from fooling
// themselves? Seeded, no model: a "rubric variant" is a judge whose scores are
// the truth plus noise. Prints Markdown tables.

struct Options {
    var seeds = 500
    var labelled = [100, 200, 400]
    var variants = 20
    var noise = 1.0
    var gain = 0.15
    var shared = [0.0, 0.8]
    var resamples = 1000
    var seed: UInt64 = 2026
    var scenarios: [IterationDesign.Scenario] = [.permuted, .better]
    var shares: [Double] = []

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let text = rest.popFirst() else { throw SimulationError("\(flag) needs a value") }
            switch flag {
            case "--seeds": seeds = try Self.positive(text, flag)
            case "--labelled": labelled = try text.split(separator: ",").map { try Self.positive(String($0), flag) }
            case "--variants": variants = try Self.positive(text, flag)
            case "--noise": noise = try Self.number(text, flag)
            case "--gain": gain = try Self.number(text, flag)
            case "--shared":
                shared = try text.split(separator: ",").map { try Self.number(String($0), flag) }
                guard shared.allSatisfy({ $0 <= 1 }) else { throw SimulationError("--shared takes shares of 0 to 1, not \(text)") }
            case "--resamples": resamples = try Self.positive(text, flag)
            case "--seed": seed = UInt64(try Self.positive(text, flag))
            case "--shares": shares = try text.split(separator: ",").map { try Self.number(String($0), flag) }
            case "--scenarios":
                scenarios = try text.split(separator: ",").map {
                    guard let s = IterationDesign.Scenario(rawValue: String($0)) else {
                        throw SimulationError("--scenarios takes permuted,better")
                    }
                    return s
                }
            default:
                throw SimulationError(
                    "unknown option \(flag); usage: IterationSimulation [--seeds 500] [--labelled 100,200,400] [--variants 20] "
                        + "[--noise 1] [--gain 0.15] [--shared 0,0.8] [--resamples 1000] [--seed 2026] [--scenarios permuted,better] "
                        + "[--shares 50,25,25]")
            }
        }
    }

    static func positive(_ text: String, _ flag: String) throws -> Int {
        guard let v = Int(text), v > 0 else { throw SimulationError("\(flag) takes a positive integer, not \(text)") }
        return v
    }

    static func number(_ text: String, _ flag: String) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= 0 else { throw SimulationError("\(flag) takes a number of 0 or more, not \(text)") }
        return v
    }
}

struct SimulationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Per seed: the best of the variants on validation against the control, then that one certified on test.
struct Tally {
    var seeds = 0
    var validationSignificant = 0
    var validationAdjustedSignificant = 0
    var testIncludesZero = 0
    var testDetects = 0
    var undefined = 0
    var validationGain = 0.0
    var testGain = 0.0
    var optimism = 0.0

    func percent(_ count: Int) -> String { String(format: "%.1f%%", 100 * Double(count) / Double(max(1, seeds))) }
    func mean(_ sum: Double) -> String { String(format: "%+.3f", sum / Double(max(1, seeds))) }
}

func mix(_ parts: UInt64...) -> UInt64 { SplitMix64.mixed(0x9E37_79B9_7F4A_7C15, parts) }

func run(_ options: Options) throws {
    let populationRows = 100_000
    let controlKappa = try IterationDesign.populationKappa(noise: options.noise, rows: populationRows, seed: options.seed)
    // The better variant's noise: bisection on σ in (0, control's σ) for population kappa = control's + gain
    // (kappa falls as σ grows).
    var (low, high) = (0.0, options.noise)
    for _ in 0..<20 {
        let mid = (low + high) / 2
        if try IterationDesign.populationKappa(noise: mid, rows: populationRows, seed: options.seed) > controlKappa + options.gain {
            low = mid
        } else {
            high = mid
        }
    }
    let betterNoise = (low + high) / 2
    let betterKappa = try IterationDesign.populationKappa(noise: betterNoise, rows: populationRows, seed: options.seed)
    print("Control: noise σ = \(options.noise), population κ_q = \(String(format: "%.3f", controlKappa)); better variant: σ = "
        + "\(String(format: "%.3f", betterNoise)), κ_q = \(String(format: "%.3f", betterKappa)) (gain \(String(format: "%+.3f", betterKappa - controlKappa))).")
    let proportions = try options.shares.isEmpty ? SplitProportions() : SplitProportions(parsing: options.shares)
    let shares = options.shares.isEmpty ? "50/25/25" : options.shares.map(\.plainText).joined(separator: "/")
    print("Best of \(options.variants) variants chosen on validation; \(options.seeds) seeds; split \(shares) by the seeded hash of the row id; "
        + "paired bootstrap of \(options.resamples); 95% intervals; Bonferroni over \(options.variants + 1) versions.\n")
    print("| labels | shared error ρ | labelled rows | validation / test rows (mean) | validation gain significant | significant after Bonferroni | "
        + "mean validation gain | mean likely optimism | mean test gain | test interval includes 0 | test detects gain |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    var intervalRows: [String] = []
    for scenario in options.scenarios {
        for (shared, n) in options.shared.flatMap({ s in options.labelled.map { (s, $0) } }) {
            var tally = Tally()
            var intervals = IntervalTally()
            var rowsSeen = (validation: 0, test: 0)
            for s in 0..<options.seeds {
                let seed = mix(options.seed, UInt64(n), UInt64(s), scenario == .better ? 1 : 0, UInt64(shared * 1000))
                var generator = Xoshiro256StarStar(seed: seed)
                let design = IterationDesign(
                    rows: n, variants: options.variants, noise: options.noise, betterNoise: betterNoise, shared: shared, scenario: scenario,
                    generator: &generator)
                let split = design.ids.map { LabelSplits.split(of: $0, seed: seed, proportions: proportions) }
                let validation = split.indices.filter { split[$0] == .validation }
                let test = split.indices.filter { split[$0] == .test }
                rowsSeen.validation += validation.count
                rowsSeen.test += test.count
                // The author's loop: every variant looked at on validation, the best kept.
                var best = (variant: 1, kappa: -Double.infinity)
                for j in 1...options.variants {
                    if let k = try design.compare(j, rows: validation, resamples: 0, seed: seed).experimental.value, k > best.kappa {
                        best = (j, k)
                    }
                }
                let onValidation = try design.compare(best.variant, rows: validation, resamples: options.resamples, seed: seed)
                let onTest = try design.compare(best.variant, rows: test, resamples: options.resamples, seed: seed &+ 1)
                guard let vGain = onValidation.difference.value, let vCI = onValidation.difference.interval,
                    let tGain = onTest.difference.value, let tCI = onTest.difference.interval
                else {
                    tally.undefined += 1
                    continue
                }
                tally.seeds += 1
                tally.validationGain += vGain
                tally.testGain += tGain
                if vCI.lower > 0 { tally.validationSignificant += 1 }
                if let adjusted = SelectionAdjustment.adjusted(onValidation.difference, looks: options.variants + 1, level: 0.95) {
                    if adjusted.interval.lower > 0 { tally.validationAdjustedSignificant += 1 }
                    tally.optimism += adjusted.optimism
                }
                if tCI.contains(0) { tally.testIncludesZero += 1 }
                let table = try PairedRatingTable(
                    scale: CategoryScale(1...4), expert: test.map { design.expert[$0] },
                    first: test.map { design.variants[best.variant][$0] }, second: test.map { design.variants[0][$0] })
                let truth = scenario == .better && best.variant == 1 ? betterKappa - controlKappa : 0
                intervals.add(
                    DifferenceIntervals.all(table, resamples: options.resamples, seed: seed &+ 1, library: tCI), estimate: tGain,
                    truth: truth)
                if tCI.lower > 0 { tally.testDetects += 1 }
            }
            let rows = String(
                format: "%.1f / %.1f", Double(rowsSeen.validation) / Double(options.seeds), Double(rowsSeen.test) / Double(options.seeds))
            print(
                "| \(scenario == .permuted ? "permuted" : "truth, variant 1 better by \(options.gain)") | \(shared) | \(n) | \(rows) | "
                    + "\(tally.percent(tally.validationSignificant)) | \(tally.percent(tally.validationAdjustedSignificant)) | "
                    + "\(tally.mean(tally.validationGain)) | \(tally.mean(tally.optimism)) | \(tally.mean(tally.testGain)) | "
                    + "\(tally.percent(tally.testIncludesZero)) | \(tally.percent(tally.testDetects)) |"
                    + (tally.undefined > 0 ? " (\(tally.undefined) seeds undefined)" : ""))
            intervalRows += intervals.rows(label: "\(scenario.rawValue), ρ \(shared), \(n) labelled")
        }
    }
    print("\nThe certified test gain's 95% interval, read from the same paired resamples (truth: 0, or the better variant's gain "
        + "when it was the one chosen):\n")
    print("| case | interval | covers the truth | wholly below / above the truth | mean width | mean bias of the gain | undefined |")
    print("|---|---|---|---|---|---|---|")
    intervalRows.forEach { print($0) }
}

do {
    try run(try Options(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
