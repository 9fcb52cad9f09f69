import Calibration
import Foundation
import JudgeProbes
import RunInference
import StatisticsCore

// The power and false-alarm study of the bias-probe battery (issue #16); design and results in
// docs/PROBES.md. Seeded: the same options print the same table.
//
// Usage: ProbeSimulation [--runs 500] [--rows 100] [--seed 2026] [--judge 1-4|pass-fail|both]
//        ProbeSimulation --sensitivity [--runs 500] [--rows 100] [--seed 2026] [--judge …]: the degradations'
//        study (SensitivityStudy, issue #32): does the battery find a judge's blind spot?
//        ProbeSimulation --levels [--runs 500] [--seed 2026]: the coverage of probe --levels' kappa interval
//        (LevelsStudy, issue #32).
//        ProbeSimulation --smoke [--rows 100] [--seed 2026]: the battery through the real client
//        against planted_judge_server.py (ServerSmoke).
//
// Each simulated run judges `rows` rows three times per probe — unchanged, the placebo, and under
// the probe — for a battery of 9 probes × 2 dimensions (the book-tag battery: every built-in probe
// but `position`), and decides the verdicts with the library's own code
// (`ProbeDimensionResult`, `ProbeReport.decideVerdicts`: the exact sign-flip test, Tarone–Holm
// over 18 tests, α = 0.05); beside them, what plain Holm over the same 18 p-values would have
// decided, and the planted test alone at α (no battery: the most any correction could give).
// A row has a latent quality q ~ Uniform(0.5, 4.5); one call scores it
// clamp(round(q + s + ε), 1, 4) with ε ~ Normal(0, τ) drawn afresh for every call (τ = 0 is a
// deterministic judge), s = 0 unbiased and s = the planted shift for the biased probe's first
// dimension. A pass/fail judge passes a row when q + s + ε > 2.5. The planted shift is found by
// bisection so that the expected score moves by exactly 0.25 (or the pass rate by 0.10).

struct Options {
    var runs = 500
    var rows = 100
    var seed: UInt64 = 2026
    var smoke = false
    var sensitivity = false
    var levels = false
    var judges = ["1–4", "pass/fail"]

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "--smoke" {
                smoke = true
                continue
            }
            if name == "--sensitivity" {
                sensitivity = true
                continue
            }
            if name == "--levels" {
                levels = true
                continue
            }
            guard let value = rest.popFirst() else { throw SimulationError("\(name) needs a value") }
            switch name {
            case "--runs": runs = try Self.positive(value, name)
            case "--rows": rows = try Self.positive(value, name)
            case "--judge":
                let all = ["1-4": ["1–4"], "pass-fail": ["pass/fail"], "both": ["1–4", "pass/fail"]]
                judges = try all[value].orThrow(SimulationError("--judge takes 1-4, pass-fail or both, not \(value)"))
            case "--seed": seed = try UInt64(value).orThrow(SimulationError("--seed takes a whole number, not \(value)"))
            default:
                throw SimulationError("unknown option \(name); the options are --runs, --rows, --seed, --judge, --sensitivity, --levels and --smoke")
            }
        }
    }

    static func positive(_ value: String, _ name: String) throws -> Int {
        guard let n = Int(value), n >= 2 else { throw SimulationError("\(name) takes a whole number of at least 2, not \(value)") }
        return n
    }
}

struct SimulationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Optional {
    func orThrow(_ error: some Error) throws -> Wrapped {
        guard let self else { throw error }
        return self
    }
}

/// A simulated judge: how one call scores a row of latent quality q.
struct SimulatedJudge {
    var noise: Double
    var passFail: Bool

    func score(_ q: Double, shift: Double, _ g: inout Xoshiro256StarStar) -> Double {
        let latent = q + shift + (noise > 0 ? noise * g.nextNormal() : 0)
        return passFail ? (latent > 2.5 ? 1 : 0) : min(4, max(1, latent.rounded()))
    }

    /// The expected score over q ~ Uniform(0.5, 4.5) with `shift`: the midpoint rule over 20 000
    /// values of q, each scored exactly, 1 + Σ P(q + s + ε > c) over the cuts c = 1.5, 2.5, 3.5
    /// (P(q + s + ε > 2.5) for pass/fail), P from the normal distribution (an indicator at τ = 0).
    func expectedScore(shift: Double) -> Double {
        let steps = 20_000
        let cuts = passFail ? [2.5] : [1.5, 2.5, 3.5]
        var sum = 0.0
        for i in 0..<steps {
            let q = 0.5 + 4 * (Double(i) + 0.5) / Double(steps)
            for c in cuts {
                let margin = q + shift - c
                sum += noise > 0 ? NormalDistribution.cdf(margin / noise) : (margin > 0 ? 1 : 0)
            }
        }
        return (passFail ? 0 : 1) + sum / Double(steps)
    }

    /// The latent shift that moves the expected score by `effect`.
    func plantedShift(for effect: Double) -> Double {
        let base = expectedScore(shift: 0)
        var (lo, hi) = (0.0, 2.0)
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if expectedScore(shift: mid) - base < effect { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

/// What one simulated battery decided: Tarone–Holm (the library's verdicts), plain Holm, and the planted test alone.
struct Decisions {
    var biased = false, holmBiased = false, aloneBiased = false
    var anyBiased = false, anyHolmBiased = false
    var placeboMoved = 0.0
}

/// One battery's verdicts on simulated scores; the first probe's first dimension carries `shift`.
func battery(_ judge: SimulatedJudge, rows: Int, shift: Double, _ g: inout Xoshiro256StarStar) -> Decisions {
    var probes: [ProbeResult] = []
    var moved = 0.0
    for p in 0..<9 {
        let dimensions = (0..<2).map { d -> ProbeDimensionResult in
            let q = (0..<rows).map { _ in 0.5 + 4 * g.nextUniform() }
            let unchanged = q.map { Optional(judge.score($0, shift: 0, &g)) }
            let placebo = q.map { Optional(judge.score($0, shift: 0, &g)) }
            let planted = p == 0 && d == 0 ? shift : 0
            let probed = q.map { Optional(judge.score($0, shift: planted, &g)) }
            moved += Double(zip(unchanged, placebo).count { $0 != $1 }) / Double(rows) / 18
            return ProbeDimensionResult(
                dimension: "d\(d)", unchanged: unchanged, placebo: placebo, probed: probed, level: 0.95)
        }
        probes.append(
            ProbeResult(
                name: "p\(p)", summary: "", expectation: "", rowsProbed: rows, rowsUnchanged: 0, failures: 0,
                dimensions: dimensions))
    }
    ProbeReport.decideVerdicts(of: &probes, alpha: 0.05)
    let tests = probes.flatMap(\.dimensions)
    let holm = HolmAdjustment.adjusted(tests.map(\.shift.pValue)).map { ($0 ?? 1) <= 0.05 }
    let higher = (tests[0].shift.estimate.value ?? 0) > 0
    return Decisions(
        biased: tests[0].verdict.outcome == .biasedHigher, holmBiased: holm[0] && higher,
        aloneBiased: (tests[0].shift.pValue ?? 1) <= 0.05 && higher,
        anyBiased: probes.contains { $0.verdict.outcome.isBiased }, anyHolmBiased: holm.contains(true),
        placeboMoved: moved)
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

if options.smoke {
    do {
        print(try await ServerSmoke.run(rows: options.rows, seed: options.seed))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

if options.levels {
    LevelsStudy.run(runs: options.runs, seed: options.seed)
    exit(0)
}

if options.sensitivity {
    SensitivityStudy.run(runs: options.runs, rows: options.rows, seed: options.seed, judges: options.judges)
    exit(0)
}

print(
    "runs \(options.runs), rows \(options.rows), seed \(options.seed); 9 probes × 2 dimensions, sign-flip tests, "
        + "Tarone–Holm over 18 tests (plain Holm beside it), α = 0.05")
print("")
print(
    "| judge | noise τ | placebo moves | planted effect (latent shift) | detected | Holm | alone | "
        + "false alarm, any probe | Holm |")
print("|---|---|---|---|---|---|---|---|---|")
for (name, passFail, effect) in [("1–4", false, 0.25), ("pass/fail", true, 0.10)] where options.judges.contains(name) {
    for noise in [0.0, 0.25, 0.4, 0.5, 0.6] {
        let judge = SimulatedJudge(noise: noise, passFail: passFail)
        let shift = judge.plantedShift(for: effect)
        var g = Xoshiro256StarStar(seed: options.seed &+ UInt64(noise * 1000) &+ (passFail ? 1 : 0))
        var detected = 0, holmDetected = 0, alone = 0, falseAlarms = 0, holmFalseAlarms = 0
        var moved = 0.0
        for _ in 0..<options.runs {
            let planted = battery(judge, rows: options.rows, shift: shift, &g)
            detected += planted.biased ? 1 : 0
            holmDetected += planted.holmBiased ? 1 : 0
            alone += planted.aloneBiased ? 1 : 0
            let null = battery(judge, rows: options.rows, shift: 0, &g)
            falseAlarms += null.anyBiased ? 1 : 0
            holmFalseAlarms += null.anyHolmBiased ? 1 : 0
            moved += null.placeboMoved / Double(options.runs)
        }
        let pct = { (k: Int) in String(format: "%.1f%%", 100 * Double(k) / Double(options.runs)) }
        let what = passFail ? "pass rate +\(Int(effect * 100)) points" : "+\(effect) points"
        let cells = [
            name, "\(noise)", String(format: "%.0f%% of rows", 100 * moved),
            "\(what) (\(String(format: "%.3f", shift)))",
            pct(detected), pct(holmDetected), pct(alone), pct(falseAlarms), pct(holmFalseAlarms),
        ]
        print("| " + cells.joined(separator: " | ") + " |")
        fflush(nil)  // each row as soon as it is done: a long study shows its progress
    }
}
