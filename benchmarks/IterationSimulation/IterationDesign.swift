import Calibration
import CalibrationData
import StatisticsCore

/// One simulated label set and its rubric variants: the expert's level per
/// row, and per variant a judge whose score is the truth plus noise.
///
/// The truth t is a level of 1–4 drawn with probabilities 0.15, 0.30, 0.35,
/// 0.20; a variant of quality σ scores round(t + σ·(√ρ·E + √(1−ρ)·U)), kept
/// within 1–4, where E is the row's error shared by every variant (the judge
/// model misreads the same rows whatever the rubric says) and U the variant's
/// own, both standard normal; ρ is the shared share of the error's variance. The
/// expert gives t (``Scenario/better``) or a random permutation
/// of the t's (``Scenario/permuted``: labels independent of every variant).
struct IterationDesign {
    enum Scenario: String {
        /// Labels permuted: no variant is better than another.
        case permuted
        /// Labels are the truth; variant 1 is better than the others by the gain.
        case better
    }

    static let levels: [Double] = [1, 2, 3, 4]
    static let levelProbabilities = [0.15, 0.30, 0.35, 0.20]

    let ids: [String]
    let expert: [Double]
    /// Index 0 is the control.
    let variants: [[Double]]

    /// Draws `rows` rows and `variants + 1` judges (the control first) of noise `noise`; under
    /// ``Scenario/better`` variant 1 has noise `betterNoise`.
    init(
        rows: Int, variants: Int, noise: Double, betterNoise: Double, shared: Double, scenario: Scenario,
        generator: inout Xoshiro256StarStar
    ) {
        ids = (0..<rows).map { "row-\($0)" }
        let truth = (0..<rows).map { _ in Self.drawLevel(&generator) }
        let common = truth.map { _ in generator.nextNormal() }
        self.variants = (0...variants).map { j in
            let sigma = scenario == .better && j == 1 ? betterNoise : noise
            return truth.indices.map { i in
                let error = shared.squareRoot() * common[i] + (1 - shared).squareRoot() * generator.nextNormal()
                return min(4, max(1, (truth[i] + sigma * error).rounded()))
            }
        }
        switch scenario {
        case .better: expert = truth
        case .permuted: expert = truth.shuffled(using: &generator)
        }
    }

    static func drawLevel(_ generator: inout Xoshiro256StarStar) -> Double {
        var u = generator.nextUniform()
        for (level, p) in zip(levels, levelProbabilities) {
            if u < p { return level }
            u -= p
        }
        return levels[levels.count - 1]
    }

    /// The comparison of variant `experimental` with the control on the rows `rows`, through the
    /// same code as `judgecal compare` (quadratic kappa, paired bootstrap of `resamples`).
    func compare(_ experimental: Int, rows: [Int], resamples: Int, seed: UInt64) throws -> RubricComparison.DimensionComparison {
        func scores(_ j: Int) -> JudgeScores {
            JudgeScores(scores: Dictionary(uniqueKeysWithValues: rows.map { (ids[$0], JudgeScore(variants[j][$0])) }))
        }
        let input = RubricComparison.Input(
            controlName: "control", experimentalName: "variant \(experimental)", runRowIDs: rows.map { ids[$0] },
            dimensions: [
                .init(
                    name: "quality", scale: CategoryScale(1...4), control: scores(0), experimental: scores(experimental),
                    expertLabels: rows.map { ExpertLabel(rowID: ids[$0], value: expert[$0]) })
            ])
        let settings = AlignmentSettings(statistic: .quadraticKappa, resamples: resamples, seed: seed)
        return try RubricComparison(input, options: settings).dimensions[0]
    }

    /// Population quadratic kappa of a variant of noise `sigma` against the truth, from `rows` draws.
    static func populationKappa(noise sigma: Double, rows: Int, seed: UInt64) throws -> Double {
        var generator = Xoshiro256StarStar(seed: seed)
        let design = IterationDesign(
            rows: rows, variants: 1, noise: sigma, betterNoise: sigma, shared: 0, scenario: .better, generator: &generator)
        return try design.compare(1, rows: Array(0..<rows), resamples: 0, seed: 0).experimental.value ?? .nan
    }
}
