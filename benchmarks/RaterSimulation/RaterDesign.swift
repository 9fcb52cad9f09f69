import AgreementCoefficients
import StatisticsCore

/// The planted raters and judges of the simulation (docs/ALIGNMENT.md, "Can the judge replace an
/// expert?"): rows on a 1–5 scale with a true level, raters who see it through noise, one who does not
/// look at all, and judges as good as a rater or worse by a known margin.
///
/// - The true level T of a row is drawn from ``truth`` (skewed towards the middle and the top).
/// - A **good rater** (and a judge as good as one) gives T with probability 0.6, T ± 1 with 0.15 each,
///   T ± 2 with 0.05 each, clipped onto 1–5 (``offsets``); each draw independent.
/// - The **noise rater** gives a level uniformly at random, whatever T is.
/// - The **adversarial** judge gives the far end from T (5 when T ≤ 3, else 1).
/// - A judge **ε worse** gives the adversarial level with probability π and a good rater's label
///   otherwise. A judge that labels like a good rater has E[d] = E[W_h − W_f] = 0 against any good
///   rater (the two are exchangeable and d is antisymmetric), so E[d] = π · E[d | adversarial], and
///   π = ε / E[d | adversarial] puts the judge exactly on the test's null boundary E[d] = ε.
///   E[d | adversarial] is computed exactly (``adversarialDisadvantage(raters:)``), by enumerating every
///   truth and every combination of the good raters' labels.
struct RaterDesign {
    static let levels: [Double] = [1, 2, 3, 4, 5]
    static let scale = CategoryScale(1...5)
    static let truth: [Double] = [0.10, 0.20, 0.30, 0.25, 0.15]
    static let offsets: [(offset: Int, probability: Double)] = [(0, 0.6), (-1, 0.15), (1, 0.15), (-2, 0.05), (2, 0.05)]

    /// The chance that a good rater gives `label` to a row of true level `truth` (levels as indices 0–4).
    static func goodProbability(_ label: Int, truth: Int) -> Double {
        offsets.reduce(0) { $0 + (min(max(truth + $1.offset, 0), 4) == label ? $1.probability : 0) }
    }

    static func adversarial(_ truth: Int) -> Int { truth <= 2 ? 4 : 0 }

    /// E[d | adversarial judge] with `raters` good raters, one left out: Σ over truths and labels of
    /// their probability times W_h − W_f, W scored by negative RMSE against the others.
    static func adversarialDisadvantage(raters: Int) -> Double {
        var expectation = 0.0
        for t in 0..<5 {
            var labels = [Int](repeating: 0, count: raters)
            while true {
                let probability = labels.reduce(truth[t]) { $0 * goodProbability($1, truth: t) }
                let others = labels.dropFirst().map { levels[$0] }
                let judgeScore = AnnotatorScorer.negativeRMSE.score(levels[adversarial(t)], against: others, scale: scale)
                let raterScore = AnnotatorScorer.negativeRMSE.score(levels[labels[0]], against: others, scale: scale)
                expectation += probability * ((raterScore >= judgeScore ? 1 : 0) - (judgeScore >= raterScore ? 1 : 0))
                guard let next = labels.firstIndex(where: { $0 < 4 }) else { break }
                labels[next] += 1
                for i in 0..<next { labels[i] = 0 }
            }
        }
        return expectation
    }

    /// The population quadratic-weighted kappa between a good rater and a judge that gives the adversarial
    /// level with probability `adversarialShare` (else labels like a good rater), both seeing the same true
    /// level: P(r, j) = Σ_t P(t) P(r | t) P(j | t), then κ_q = (p_o − p_e)/(1 − p_e) with weights
    /// 1 − (r − j)²/16 — the truth the interval of the judge against each rater is checked against.
    static func populationQuadraticKappa(adversarialShare: Double) -> Double {
        var joint = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5)
        for t in 0..<5 {
            for r in 0..<5 {
                for j in 0..<5 {
                    let judge = (1 - adversarialShare) * goodProbability(j, truth: t) + (j == adversarial(t) ? adversarialShare : 0)
                    joint[r][j] += truth[t] * goodProbability(r, truth: t) * judge
                }
            }
        }
        let rowShares = joint.map { $0.reduce(0, +) }
        let columnShares = (0..<5).map { j in joint.reduce(0) { $0 + $1[j] } }
        var observed = 0.0, expected = 0.0
        for r in 0..<5 {
            for j in 0..<5 {
                let weight = 1 - Double((r - j) * (r - j)) / 16
                observed += weight * joint[r][j]
                expected += weight * rowShares[r] * columnShares[j]
            }
        }
        return (observed - expected) / (1 - expected)
    }

    /// A level index drawn from `probabilities`.
    static func draw(_ probabilities: [Double], _ rng: inout Xoshiro256StarStar) -> Int {
        var u = rng.nextUniform()
        for (i, p) in probabilities.enumerated() {
            u -= p
            if u < 0 { return i }
        }
        return probabilities.count - 1
    }

    static func goodLabel(_ truth: Int, _ rng: inout Xoshiro256StarStar) -> Int {
        min(max(truth + offsets[draw(offsets.map(\.probability), &rng)].offset, 0), 4)
    }

    /// One data set of `rows` rows: `good` good raters (named g1, g2, …), then the noise rater ("noise")
    /// when `noise`, and a judge that gives the adversarial level with probability `adversarialShare`.
    static func draw(
        rows: Int, good: Int, noise: Bool, adversarialShare: Double, _ rng: inout Xoshiro256StarStar
    ) -> (raters: [String], labels: [String: [String: Double]], judge: [String: Double]) {
        let raters = (1...good).map { "g\($0)" } + (noise ? ["noise"] : [])
        var labels: [String: [String: Double]] = [:]
        var judge: [String: Double] = [:]
        for row in 0..<rows {
            let id = "r\(row)"
            let t = draw(truth, &rng)
            for rater in raters {
                labels[rater, default: [:]][id] = levels[rater == "noise" ? rng.nextIndex(below: 5) : goodLabel(t, &rng)]
            }
            judge[id] = levels[rng.nextUniform() < adversarialShare ? adversarial(t) : goodLabel(t, &rng)]
        }
        return (raters, labels, judge)
    }
}
