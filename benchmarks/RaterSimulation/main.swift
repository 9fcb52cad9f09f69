import AgreementCoefficients
import Calibration
import CalibrationData
import Foundation
import StatisticsCore

// Run: swift run --package-path benchmarks -c release RaterSimulation (about 6 minutes on 2 cores).
// The simulation of issue #28 (docs/ALIGNMENT.md, "Can the judge replace an expert?"): planted raters
// and judges (RaterDesign), seeded, no model. Part 1: how often the human ceiling flags the noise rater
// (agreesWithNobody) among five, and a good rater among five or among three. Part 2: the alternative
// annotator test's family-wise rejection rate with a judge exactly ε worse than a rater (its null
// boundary) against the nominal q, and its power with a judge as good as a rater. Part 3: the coverage, bias and
// width of the interval of align --experts each (EachRaterAgreement), the judge against each rater, averaged.
// `--only each` runs part 3 alone (about a minute). Prints Markdown.

let usage = "usage: RaterSimulation [--panels 500] [--replications 2000] [--each-replications 1000] [--seed 2026] [--only each]"
var panels = 500
var replications = 2000
var eachReplications = 1000
var seed: UInt64 = 2026
var onlyEach = false
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--only" {
        guard arguments.popFirst() == "each" else {
            FileHandle.standardError.write(Data("--only takes each; \(usage)\n".utf8))
            exit(64)
        }
        onlyEach = true
        continue
    }
    guard let text = arguments.popFirst(), let value = UInt64(text), value > 0 else {
        FileHandle.standardError.write(Data("\(flag) needs a positive integer; \(usage)\n".utf8))
        exit(64)
    }
    switch flag {
    case "--panels": panels = Int(value)
    case "--replications": replications = Int(value)
    case "--each-replications": eachReplications = Int(value)
    case "--seed": seed = value
    default:
        FileHandle.standardError.write(Data("unknown option \(flag); \(usage)\n".utf8))
        exit(64)
    }
}

func generator(_ seed: UInt64, _ parts: UInt64...) -> Xoshiro256StarStar {
    Xoshiro256StarStar(seed: SplitMix64.mixed(seed, parts))
}

func percent(_ count: Int, of total: Int) -> String { String(format: "%.1f%%", 100 * Double(count) / Double(total)) }

if !onlyEach {
    print(
        "Seed \(seed); \(panels) panels per cell for the flags (each a full alignment report), \(replications) replications "
            + "per cell for the test; scale 1–5; raters and judges as in RaterDesign.\n")
    print("### Raters flagged as agreeing with nobody (human ceiling, quadratic kappa, default intervals)\n")
    print("| panel | rows | noise rater flagged | good raters flagged (each) | any good rater flagged |")
    print("|---|---:|---:|---:|---:|")
    for (panel, good, noise) in [("one noise rater among five", 4, true), ("three good raters", 3, false)] {
        for rows in [50, 100] {
            var noiseFlagged = 0, goodFlagged = 0, anyGood = 0
            for replication in 0..<panels {
                var rng = generator(seed, 1, UInt64(good), UInt64(rows), UInt64(replication))
                let data = RaterDesign.draw(rows: rows, good: good, noise: noise, adversarialShare: 0, &rng)
                let ids = (0..<rows).map { "r\($0)" }
                let labels = data.raters.flatMap { rater in
                    ids.compactMap { id in data.labels[rater]?[id].map { ExpertLabel(rowID: id, rater: rater, value: $0) } }
                }
                let judge = JudgeScores(scores: data.judge.mapValues { JudgeScore($0) })
                let input = AlignmentInput(
                    runRowIDs: ids,
                    dimensions: [.init(name: "quality", scale: RaterDesign.scale, judge: judge, expertLabels: labels)])
                let standings = try AlignmentReport(input).dimensions.first?.humanCeiling?.raters ?? []
                noiseFlagged += standings.contains { $0.rater == "noise" && $0.agreesWithNobody } ? 1 : 0
                let flaggedGood = standings.count { $0.rater != "noise" && $0.agreesWithNobody }
                goodFlagged += flaggedGood
                anyGood += flaggedGood > 0 ? 1 : 0
            }
            print(
                "| \(panel) | \(rows) | \(noise ? percent(noiseFlagged, of: panels) : "—") | "
                    + "\(percent(goodFlagged, of: panels * good)) | \(percent(anyGood, of: panels)) |")
        }
    }

    let q = AlternativeAnnotatorTest.falseDiscoveryRate
    print("\n### The alternative annotator test (negative RMSE, Benjamini–Yekutieli at q = \(q))\n")
    print(
        "| good raters | ε | judge | P(adversarial) | rows | any rater's null rejected | passes (ω ≥ 0.5) | mean ω | mean ρ |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for raters in [3, 5] {
        let disadvantage = RaterDesign.adversarialDisadvantage(raters: raters)
        for epsilon in [0.2, 0.1] {
            for (judgeName, share) in [("ε worse (null boundary)", epsilon / disadvantage), ("as good as a rater", 0.0)] {
                for rows in [50, 100, 200] {
                    var anyRejected = 0, passes = 0
                    var winning = 0.0, advantage = 0.0
                    for replication in 0..<replications {
                        var rng = generator(seed, 2, UInt64(raters), UInt64(rows), UInt64(epsilon * 100), UInt64(share * 1e6), UInt64(replication))
                        let data = RaterDesign.draw(rows: rows, good: raters, noise: false, adversarialShare: share, &rng)
                        let test = try AlternativeAnnotatorTest(
                            raters: data.raters, labels: data.labels, judge: data.judge, scale: RaterDesign.scale,
                            scorer: .negativeRMSE, epsilon: epsilon)
                        anyRejected += test.raters.contains(where: \.judgeWins) ? 1 : 0
                        passes += test.passes == true ? 1 : 0
                        winning += test.winningRate ?? .nan
                        advantage += test.advantageProbability ?? .nan
                    }
                    let n = Double(replications)
                    print(
                        "| \(raters) | \(epsilon) | \(judgeName) | \(String(format: "%.3f", share)) | \(rows) | "
                            + "\(percent(anyRejected, of: replications)) | \(percent(passes, of: replications)) | "
                            + "\(String(format: "%.3f", winning / n)) | \(String(format: "%.3f", advantage / n)) |")
                }
            }
        }
    }
}

print("\n### The judge against each rater, averaged (--experts each): its bootstrap interval\n")
print(
    "Seed \(seed); \(eachReplications) replications per cell; three good raters and a judge on 1–5 as in RaterDesign; "
        + "quadratic kappa, B = 2000 resamples of rows. The truth θ is the population κ_q between the judge and a good rater "
        + "(the same for every rater), from their joint distribution given the true level.\n")
print("| judge | P(adversarial) | θ | rows | interval | coverage | bias | mean width |")
print("|---|---:|---:|---:|---|---:|---:|---:|")
for (judgeName, share) in [("as good as a rater", 0.0), ("worse (adversarial 20%)", 0.2)] {
    let theta = RaterDesign.populationQuadraticKappa(adversarialShare: share)
    for rows in [50, 100, 200] {
        for interval in [IntervalMethod.bootstrap, .bca] {
            var covered = 0, defined = 0
            var sum = 0.0, width = 0.0
            for replication in 0..<eachReplications {
                var rng = generator(seed, 3, UInt64(rows), UInt64(share * 100), UInt64(replication))
                let data = RaterDesign.draw(rows: rows, good: 3, noise: false, adversarialShare: share, &rng)
                var settings = AlignmentSettings(intervals: interval, seed: UInt64(replication))
                settings.eachExpert = true
                let each = EachRaterAgreement(
                    raters: data.raters, labels: data.labels, judge: data.judge, scale: RaterDesign.scale, options: settings)
                guard let value = each.mean.value, let bounds = each.mean.interval else { continue }
                defined += 1
                sum += value
                width += bounds.upper - bounds.lower
                covered += bounds.lower <= theta && theta <= bounds.upper ? 1 : 0
            }
            let n = Double(max(defined, 1))
            print(
                "| \(judgeName) | \(String(format: "%.1f", share)) | \(String(format: "%.3f", theta)) | \(rows) | "
                    + "\(interval == .bca ? "BCa" : "percentile") | \(percent(covered, of: defined)) | "
                    + "\(String(format: "%+.4f", sum / n - theta)) | \(String(format: "%.3f", width / n)) |"
                    + (defined < eachReplications ? " (\(eachReplications - defined) without an interval)" : ""))
        }
    }
}
