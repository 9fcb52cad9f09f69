import StatisticsCore

/// A simulated population of rows, each with an expert's level and a judge's.
///
/// The experts' level distribution is p over k levels, and
/// a judge that gives the expert's level with probability a and otherwise draws
/// a level from a lenient "noise" distribution b:
///
///     P(judge = j | expert = i) = a·[i = j] + (1 − a)·b_j
///
/// The judge is therefore both noisy and biased (its mean drifts towards b's),
/// as judges that favour the upper levels are. a is set by bisection so that the
/// population quadratic-weighted kappa of the joint table p_i·M[i, j] equals the
/// target (kappa rises with a from 0 at a = 0 to 1 at a = 1).
struct JudgeModel {
    let scale: CategoryScale
    let expert: [Double]
    let noise: [Double]
    let agreement: Double
    let targetKappa: Double

    /// The confusion matrix M[i][j] = P(judge j | expert i).
    var confusion: [[Double]] {
        let k = expert.count
        return (0..<k).map { i in (0..<k).map { j in (i == j ? agreement : 0) + (1 - agreement) * noise[j] } }
    }

    init(scale: CategoryScale, expert: [Double], noise: [Double], targetKappa: Double) {
        self.scale = scale
        self.expert = expert
        self.noise = noise
        self.targetKappa = targetKappa
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if Self.kappa(expert: expert, noise: noise, agreement: mid) < targetKappa { low = mid } else { high = mid }
        }
        agreement = (low + high) / 2
    }

    /// The same judge (same a and b) over another population of experts' levels:
    /// a second system's run, judged alike.
    func withExperts(_ p: [Double]) -> JudgeModel {
        JudgeModel(scale: scale, expert: p, noise: noise, agreement: agreement, targetKappa: targetKappa)
    }

    private init(scale: CategoryScale, expert: [Double], noise: [Double], agreement: Double, targetKappa: Double) {
        self.scale = scale
        self.expert = expert
        self.noise = noise
        self.agreement = agreement
        self.targetKappa = targetKappa
    }

    /// The population quadratic kappa of the model.
    var kappa: Double { Self.kappa(expert: expert, noise: noise, agreement: agreement) }

    private static func kappa(expert p: [Double], noise b: [Double], agreement a: Double) -> Double {
        let k = p.count
        let q = (0..<k).map { j in a * p[j] + (1 - a) * b[j] }
        var observed = 0.0
        var chance = 0.0
        for i in 0..<k {
            for j in 0..<k {
                let d = Double(i - j) / Double(k - 1)
                let w = 1 - d * d
                observed += w * p[i] * ((i == j ? a : 0) + (1 - a) * b[j])
                chance += w * p[i] * q[j]
            }
        }
        return (observed - chance) / (1 - chance)
    }

    /// The population mean of a function of the expert's level index.
    func expertExpectation(_ f: (Int) -> Double) -> Double {
        expert.indices.reduce(0) { $0 + expert[$1] * f($1) }
    }

    /// One run of `rows` rows: the expert's and the judge's level indices.
    func draw(rows: Int, using generator: inout Xoshiro256StarStar) -> (expert: [Int], judge: [Int]) {
        var expertLevels = [Int](repeating: 0, count: rows)
        var judgeLevels = [Int](repeating: 0, count: rows)
        for r in 0..<rows {
            let e = Self.categorical(expert, generator.nextUniform())
            expertLevels[r] = e
            judgeLevels[r] = generator.nextUniform() < agreement ? e : Self.categorical(noise, generator.nextUniform())
        }
        return (expertLevels, judgeLevels)
    }

    private static func categorical(_ p: [Double], _ u: Double) -> Int {
        var cumulative = 0.0
        for (i, share) in p.enumerated() {
            cumulative += share
            if u < cumulative { return i }
        }
        return p.count - 1
    }
}
