import Foundation
import RunInference
import SimulationSupport
import StatisticsCore

// Run: swift run --package-path benchmarks -c release MultiplierSimulation (about a minute on 2 cores).
// The simulation of issue #28 (docs/ESTIMATION.md, "The label multiplier"): does the label multiplier
// m = 1/(1 − R²) that `align` prints for a judge predict how much narrower the corrected mean's interval
// is than the experts-only one? Per cell (the judge's true R² × n labelled rows, N unlabelled rows) and
// replication: draw the rows, compute LabelMultiplier on the labelled pairs and the unlabelled scores (its
// predicted width ratio √(1/m)), and RunMeanEstimate's corrected and experts-only 95% intervals (the intervals `estimate`
// prints, with their default small-sample variance), whose width ratio is the realised one. Seeded, no
// model. Prints Markdown.
//
// Rows: a latent Z ~ N(0, 1); the expert's value Y = 3 + 0.8 Z; the judge's score
// Ŷ = 1 + 1.5 (√R² Z + √(1 − R²) E), E ~ N(0, 1) — biased, on another scale, correlated √R² with the
// expert, so that only a calibrated judge explains R² of the expert value's variance.
// Beside the prediction: the same from the in-sample least-squares R² (LabelMultiplier without the
// unlabelled scores), and √(1/m + (n/N)(1 − 1/m)), which adds the unlabelled term λ²Var(Ŷ)/N the
// large-pool formula leaves out. The relative error is realised / predicted − 1.

let options = SimulationOptions(
    defaults: ["--replications": 1000, "--seed": 2028],
    usage: "usage: MultiplierSimulation [--replications 1000] [--seed 2028]")
let replications = Int(options["--replications"])
let seed = options["--seed"]

func generator(_ seed: UInt64, _ parts: UInt64...) -> Xoshiro256StarStar {
    Xoshiro256StarStar(seed: SplitMix64.mixed(seed, parts))
}

/// One replication's predicted width ratio (the multiplier's), the in-sample least-squares one, and the realised
/// ratio; `nil` when an interval is undefined.
func replicate(
    rSquared: Double, labelled n: Int, unlabelled bigN: Int, _ rng: inout Xoshiro256StarStar
) throws -> (Double, Double, Double)? {
    var expert: [Double] = [], judge: [Double] = [], judgeUnlabelled: [Double] = []
    for i in 0..<(n + bigN) {
        let z = rng.nextNormal()
        let score = 1 + 1.5 * (rSquared.squareRoot() * z + (1 - rSquared).squareRoot() * rng.nextNormal())
        if i < n {
            expert.append(3 + 0.8 * z)
            judge.append(score)
        } else {
            judgeUnlabelled.append(score)
        }
    }
    let pairs = zip(expert, judge).map { ($0, $1) }
    let predicted = LabelMultiplier(pairs: pairs, judgeUnlabelled: judgeUnlabelled, resamples: 0).predictedWidthRatio
    let inSample = LabelMultiplier(pairs: pairs, resamples: 0).predictedWidthRatio
    let mean = RunMeanEstimate(try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: judgeUnlabelled))
    guard let predicted, let inSample, let c = mean.corrected.interval, let e = mean.expertsOnly.interval else { return nil }
    return (predicted, inSample, (c.upper - c.lower) / (e.upper - e.lower))
}

@MainActor
func row(rSquared: Double, labelled n: Int, unlabelled bigN: Int, part: UInt64) throws -> String {
    var (predicted, inSample, realised, used) = (0.0, 0.0, 0.0, 0)
    for r in 0..<replications {
        var rng = generator(seed, part, UInt64(rSquared * 1000), UInt64(n), UInt64(bigN), UInt64(r))
        guard let (p, o, w) = try replicate(rSquared: rSquared, labelled: n, unlabelled: bigN, &rng) else { continue }
        predicted += p
        inSample += o
        realised += w
        used += 1
    }
    let (p, o, w) = (predicted / Double(used), inSample / Double(used), realised / Double(used))
    // With a pool of N, the unlabelled term adds λ²Var(Ŷ)/N = R²·Var(Y)/N: ratio² = 1/m + (n/N)(1 − 1/m).
    let finite = (p * p + Double(n) / Double(bigN) * (1 - p * p)).squareRoot()
    let f = { (x: Double) in String(format: "%.3f", x) }
    let error = { (x: Double) in String(format: "%+.1f%%", 100 * (w / x - 1)) }
    return "| \(rSquared) | \(n) | \(bigN) | \(f((1 - rSquared).squareRoot())) | \(f(p)) | \(f(w)) | \(error(p)) | "
        + "\(f(o)) (\(error(o))) | \(f(finite)) (\(error(finite))) | \(used) |"
}

let header = """
    | true R² | n | N | √(1 − R²) | predicted √(1/m), mean | realised width ratio, mean | relative error | in-sample R² instead (error) | with the pool's term (error) | replications |
    |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
    """
print("Seed \(seed); \(replications) replications per cell; 95% intervals, RunMeanEstimate's default (small-sample) variance.\n")
print("### A large unlabelled pool (N = 100 n), the multiplier's assumption\n")
print(header)
for n in [50, 200, 800] {
    for rSquared in [0.2, 0.5, 0.8, 0.95] {
        print(try row(rSquared: rSquared, labelled: n, unlabelled: 100 * n, part: 1))
    }
}
print("\n### A small unlabelled pool (N = 2 n), where the assumption fails\n")
print(header)
for rSquared in [0.2, 0.5, 0.8, 0.95] {
    print(try row(rSquared: rSquared, labelled: 200, unlabelled: 400, part: 2))
}
