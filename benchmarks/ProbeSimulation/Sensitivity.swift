import Foundation
import JudgeProbes
import StatisticsCore

/// The sensitivity study of issue #32 (`ProbeSimulation --sensitivity`; docs/PROBES.md, "Does the battery find a blind
/// spot?"): batteries of the nine degradation classes, each meant to lower both of two dimensions, judged by a fair judge
/// and by judges blind to one class, decided by the library's own code (`ProbeDimensionResult`,
/// `ProbeReport.decideVerdicts` with `lowers` set: the one-sided sign-flip test of a fall, Tarone–Holm over the 18 tests,
/// α = 0.05).
///
/// A row has a latent quality q ~ Uniform(0.5, 4.5), scored as in the bias study (`SimulatedJudge`: clamp(round(q + ε),
/// 1, 4), or a pass when q + ε > 2.5, ε ~ Normal(0, τ) afresh for every call). A degradation lowers the row's latent
/// quality by the drop that moves the expected score down by `effect` (0.5 of a level on 1–4, 0.2 of the pass rate on
/// pass/fail; 0.25 and 0.1 beside them); a fair judge sees the drop on every class, a judge blind to a class scores its
/// rewritten rows as if unchanged. Reported per judge: how often the blind class was found insensitive (the issue asks ≥
/// 90%), how often a class the judge does see was flagged insensitive (per class, and any in the battery; the issue asks ≤
/// 5%), and the placebo's movement.
enum SensitivityStudy {
    static let classes = 9

    /// One battery's verdicts: each class's outcome (the worst over its two dimensions).
    static func battery(_ judge: SimulatedJudge, rows: Int, drop: Double, blind: Int?, _ g: inout Xoshiro256StarStar) -> [ProbeOutcome] {
        var probes: [ProbeResult] = []
        for c in 0..<classes {
            let dimensions = (0..<2).map { d -> ProbeDimensionResult in
                let q = (0..<rows).map { _ in 0.5 + 4 * g.nextUniform() }
                let unchanged = q.map { Optional(judge.score($0, shift: 0, &g)) }
                let placebo = q.map { Optional(judge.score($0, shift: 0, &g)) }
                let seen = c == blind ? 0 : -drop
                let probed = q.map { Optional(judge.score($0, shift: seen, &g)) }
                return ProbeDimensionResult(dimension: "d\(d)", unchanged: unchanged, placebo: placebo, probed: probed, level: 0.95)
            }
            probes.append(
                ProbeResult(
                    name: "c\(c)", summary: "", expectation: "", rowsProbed: rows, rowsUnchanged: 0, failures: 0,
                    dimensions: dimensions, lowers: ["d0", "d1"], severity: "moderate"))
        }
        ProbeReport.decideVerdicts(of: &probes, alpha: 0.05)
        return probes.map(\.verdict.outcome)
    }

    static func run(runs: Int, rows: Int, seed: UInt64, judges: [String]) {
        print(
            "runs \(runs), rows \(rows), seed \(seed); 9 degradation classes × 2 dimensions, one-sided sign-flip tests of a "
                + "fall, Tarone–Holm over 18 tests, α = 0.05")
        print("")
        print(
            "| scale | noise τ | planted drop (latent) | judge | blind class found insensitive | a seen class flagged insensitive "
                + "(per class) | any seen class flagged |")
        print("|---|---|---|---|---|---|---|")
        let settings: [(String, Bool, [Double])] = [("1–4", false, [0.5, 0.25]), ("pass/fail", true, [0.2, 0.1])]
        for (name, passFail, effects) in settings where judges.contains(name) {
            for noise in [0.0, 0.25, 0.5] {
                let judge = SimulatedJudge(noise: noise, passFail: passFail)
                for effect in effects {
                    let drop = judge.plantedShift(for: effect)
                    // Contradiction (class 0) and truncation (class 4) as the blind spots, and a fair judge.
                    for (label, blind) in [("fair", nil), ("blind to contradiction", 0), ("blind to truncation", 4)] as [(String, Int?)] {
                        var g = Xoshiro256StarStar(
                            seed: SplitMix64.mixed(seed, [UInt64(noise * 1000), UInt64(effect * 1000), passFail ? 1 : 0, UInt64(blind ?? 99)]))
                        var found = 0, flagged = 0, anyFlagged = 0
                        for _ in 0..<runs {
                            let outcomes = battery(judge, rows: rows, drop: drop, blind: blind, &g)
                            if let blind, outcomes[blind] == .insensitive { found += 1 }
                            let seen = outcomes.indices.filter { $0 != blind }.map { outcomes[$0] }
                            flagged += seen.count { $0 == .insensitive }
                            anyFlagged += seen.contains(.insensitive) ? 1 : 0
                        }
                        let pct = { (k: Int, of: Int) in String(format: "%.1f%%", 100 * Double(k) / Double(of)) }
                        let what = passFail ? "pass rate −\(Int(effect * 100)) points" : "−\(effect) of a level"
                        let cells = [
                            name, "\(noise)", "\(what) (\(String(format: "%.3f", drop)))", label,
                            blind == nil ? "—" : pct(found, runs), pct(flagged, runs * (blind == nil ? classes : classes - 1)),
                            pct(anyFlagged, runs),
                        ]
                        print("| " + cells.joined(separator: " | ") + " |")
                        fflush(nil)
                    }
                }
            }
        }
    }
}
