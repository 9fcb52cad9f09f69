import AgreementCoefficients
import Foundation
import RunInference
import SimulationSupport
import StatisticsCore

// Run: swift run --package-path benchmarks -c release DriftSimulation (under a minute on 2 cores).
// The simulation of issue #31's drift check (docs/CALIBRATION-MAPS.md, "Drift"): does `judgecal history` flag a
// judge whose agreement with the experts drops, at the first look after the drop, and leave a stable judge alone?
// Seeded, no model. Prints Markdown.
//
// A look: n labelled rows; the experts' level E uniform on 1–5; the judge gives E with probability p, else a level
// one away (up or down at random, kept on the scale). The look's quadratic-weighted
// kappa and its 95% normal interval are what the history keeps; its standard error is read back from the interval,
// (upper − lower) / (2 · 1.96), as HistoryTrend does. Per replication: 10 looks at p = 0.7, then an eleventh at p
// lowered by the planted drop (0: a stable series); ControlLimits at α = 0.05 from the ten on the eleventh. Flagged:
// the eleventh outside its limits. Reported per cell: the mean drop in κ_q it makes, the flag rate, and the mean
// limits' half-width. Monte Carlo SE at 1,000 replications: about 0.7 points at 5%, 0.9 at 90%.

let options = SimulationOptions(
    defaults: ["--replications": 1000, "--seed": 4141],
    usage: "usage: DriftSimulation [--replications 1000] [--seed 4141]")
let replications = Int(options["--replications"])
let seed = options["--seed"]
let scale = CategoryScale(values: [1, 2, 3, 4, 5])

func look(rows: Int, agreement p: Double, _ rng: inout Xoshiro256StarStar) -> ControlLimits.Look? {
    var experts: [Double?] = [], judge: [Double?] = []
    for _ in 0..<rows {
        let e = Double(1 + rng.nextIndex(below: 5))
        var j = e
        if rng.nextUniform() >= p {
            j = e + (rng.nextUniform() < 0.5 ? -1 : 1)
            if j < 1 || j > 5 { j = 2 * e - j }
        }
        experts.append(e)
        judge.append(j)
    }
    guard let kappa = try? CohenKappa(first: experts, second: judge, scale: scale, weights: .quadratic),
        let value = kappa.kappa.value, let interval = kappa.kappa.interval
    else { return nil }
    return ControlLimits.Look(value: value, standardError: (interval.upper - interval.lower) / (2 * 1.959963984540054))
}

print("Drift check: 10 stable looks at p = 0.7, an eleventh at p − drop; limits at α = 0.05; \(replications) replications, seed \(seed)\n")
print("| rows per look | drop in p | mean drop in κ_q | flagged at the eleventh look | mean half-width of the limits |")
print("|---|---|---|---|---|")
for rows in [100, 300] {
    for (index, drop) in [0.0, 0.1, 0.2, 0.3].enumerated() {
        var (flagged, counted, kappaDrop, width) = (0, 0, 0.0, 0.0)
        for r in 0..<replications {
            var rng = Xoshiro256StarStar(seed: SplitMix64.mixed(seed, [UInt64(rows), UInt64(index), UInt64(r)]))
            let earlier = (0..<10).compactMap { _ in look(rows: rows, agreement: 0.7, &rng) }
            guard let latest = look(rows: rows, agreement: 0.7 - drop, &rng),
                let limits = ControlLimits(earlier: earlier, latest: latest)
            else { continue }
            counted += 1
            if limits.isOutside { flagged += 1 }
            kappaDrop += limits.baseline - latest.value
            width += (limits.upper - limits.lower) / 2
        }
        let n = Double(counted)
        print(
            "| \(rows) | \(drop) | \(String(format: "%.3f", kappaDrop / n)) | \(String(format: "%.1f%%", 100 * Double(flagged) / n)) | "
                + "\(String(format: "%.3f", width / n)) |")
    }
}
