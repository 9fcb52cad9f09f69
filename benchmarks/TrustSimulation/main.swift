import Foundation
import RunInference
import SimulationSupport
import StatisticsCore

// Run: swift run --package-path benchmarks -c release TrustSimulation (a few minutes on 2 cores).
// The simulation of issue #30 (docs/TRUST.md, "Is the guarantee kept?"): does the threshold TrustThreshold
// chooses keep its promise — on new rows from the same distribution, the judge kept at the threshold
// disagrees with the experts on at most a share α, except with probability δ? Seeded, no model. Prints
// Markdown.
//
// Rows: the judge's confidence C ~ Uniform(0.5, 1); it agrees with the experts with probability p(C):
// informative p(c) = c, weakly informative p(c) = 0.5 + 0.5c, uninformative p(c) = 0.75. Per cell
// (design × labelled rows n × α; δ = 0.1) and replication: draw n labelled rows, choose the threshold
// λ (candidates keeping at least 30 rows), then
// - the true risk of the rows kept, R(λ) = E[1 − p(C) | C ≥ λ], in closed form (1 − (1 + λ)/2,
//   1/2 − (1 + λ)/4 and 1/4 for the three designs), and the true coverage P(C ≥ λ) = 2(1 − λ);
// - a fresh test set of 2,000 rows from the same distribution: the realised agreement on the rows it
//   keeps, as a user would see it on the next run.
// A replication without a threshold keeps nothing and breaks no promise. "Violations" counts the
// replications with a threshold whose true risk exceeds α: the guarantee says at most δ = 10%; its
// Monte Carlo standard error at 1,000 replications is about 0.9 points at 10%.

let options = SimulationOptions(
    defaults: ["--replications": 1000, "--seed": 2030],
    usage: "usage: TrustSimulation [--replications 1000] [--seed 2030]")
let replications = Int(options["--replications"])
let seed = options["--seed"]

struct Design {
    var name: String
    var agreement: (Double) -> Double
    /// R(λ) = E[1 − p(C) | C ≥ λ] for C ~ Uniform(0.5, 1) and λ ≥ 0.5.
    var risk: (Double) -> Double
}

let designs = [
    Design(name: "informative", agreement: { $0 }, risk: { 1 - (1 + $0) / 2 }),
    Design(name: "weakly informative", agreement: { 0.5 + 0.5 * $0 }, risk: { 0.5 - (1 + $0) / 4 }),
    Design(name: "uninformative", agreement: { _ in 0.75 }, risk: { _ in 0.25 }),
]
let error = 0.1
let testRows = 2000

func rows(_ count: Int, _ design: Design, _ rng: inout Xoshiro256StarStar) -> [TrustThreshold.Row] {
    (0..<count).map { _ in
        let confidence = 0.5 + 0.5 * rng.nextUniform()
        return TrustThreshold.Row(confidence: confidence, agrees: rng.nextUniform() < design.agreement(confidence))
    }
}

@MainActor
func row(_ design: Design, labelled n: Int, risk alpha: Double, part: UInt64) -> String {
    var (found, violations, testBelow, coverage, testAgreement, testKept) = (0, 0, 0, 0.0, 0.0, 0)
    for r in 0..<replications {
        var rng = Xoshiro256StarStar(seed: SplitMix64.mixed(seed, [part, UInt64(n), UInt64(alpha * 1000), UInt64(r)]))
        let trust = TrustThreshold(rows: rows(n, design, &rng), risk: alpha, error: error)
        guard let lambda = trust.threshold else { continue }
        found += 1
        // Clamped to the support: a threshold at or below 0.5 keeps every row.
        let effective = max(0.5, min(1, lambda))
        if design.risk(effective) > alpha { violations += 1 }
        coverage += 2 * (1 - effective)
        let test = rows(testRows, design, &rng).filter { $0.confidence >= lambda }
        if !test.isEmpty {
            let agreement = Double(test.count { $0.agrees }) / Double(test.count)
            testAgreement += agreement
            testKept += 1
            if agreement < 1 - alpha { testBelow += 1 }
        }
    }
    let percent = { (count: Int, total: Int) in total == 0 ? "—" : String(format: "%.1f%%", 100 * Double(count) / Double(total)) }
    let mean = { (sum: Double, count: Int) in count == 0 ? "—" : String(format: "%.3f", sum / Double(count)) }
    // Coverage over every replication: one without a threshold keeps nothing.
    return "| \(design.name) | \(n) | \(alpha) | \(percent(found, replications)) | \(percent(violations, replications)) | "
        + "\(percent(testBelow, replications)) | \(mean(coverage, replications)) | \(mean(testAgreement, testKept)) | \(replications) |"
}

print("Seed \(seed); \(replications) replications per cell; δ = \(error); candidates keep at least 30 labelled rows; test sets of \(testRows) rows.\n")
print("| confidence | labelled rows | α | a threshold found | true risk > α (≤ δ promised) | test agreement < 1 − α | mean coverage | mean test agreement on kept rows | replications |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for (part, design) in designs.enumerated() {
    for n in [200, 1000] {
        for alpha in [0.1, 0.15, 0.2] {
            print(row(design, labelled: n, risk: alpha, part: UInt64(part)))
        }
    }
}

print("\nA cascade of two judges (Cascade.swift): δ = 0.1 for the whole cascade.\n")
print("| stages tested at | labelled rows | α | some stage keeps rows | cascade's true risk > α (≤ δ promised with δ/2 each) | mean coverage | share kept by the cheap judge | replications |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for split in [true, false] {
    for n in [200, 1000] {
        for alpha in [0.1, 0.15, 0.2] {
            print(try cascadeRow(CascadeCell(labelled: n, risk: alpha, splitError: split), replications: replications, seed: seed))
        }
    }
}
