import RunInference
import StatisticsCore
import Testing

@Suite("Corrected run estimates: sampling weights, edge cases and the constrained correction")
struct RunEstimateTests {
    /// A run whose judge is right on 80% of rows, cycling through the levels 1–4.
    static func sample(labelled n: Int, unlabelled bigN: Int) throws -> CorrectionSample {
        let expert = (0..<n).map { Double($0 % 4 + 1) }
        let judge = expert.enumerated().map { i, e in i % 5 == 0 ? min(4, e + 1) : e }
        let unlabelled = (0..<bigN).map { Double(($0 * 7) % 4 + 1) }
        return try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: unlabelled)
    }

    @Test("Fewer than 10 labelled rows: the corrected and experts-only figures are undefined, never a number")
    func tooFewLabelled() throws {
        let s = try Self.sample(labelled: 9, unlabelled: 100)
        let mean = RunMeanEstimate(s)
        #expect(mean.corrected.value == nil && mean.corrected.undefinedReason?.code == "too-few")
        #expect(mean.expertsOnly.value == nil)
        #expect(mean.judgeOnly.value != nil, "the judge's own mean needs no labels")
        let rate = try RunPassRate(s, scale: CategoryScale(1...4), passLevel: 3)
        #expect(rate.corrected.value == nil && rate.corrected.undefinedReason?.code == "too-few")
        let levels = try RunLevelDistribution(s, scale: CategoryScale(1...4), resamples: 10)
        #expect(levels.corrected.allSatisfy { $0.value == nil && $0.undefinedReason?.code == "too-few" })
    }

    /// Issue #29: every row labelled made the experts-only mean undefined too.
    @Test("No unlabelled row: nothing to correct, undefined with no-data; the experts' own mean stands, with its interval")
    func noUnlabelled() throws {
        let s = try Self.sample(labelled: 20, unlabelled: 0)
        let mean = RunMeanEstimate(s)
        #expect(mean.corrected.undefinedReason?.code == "no-data")
        #expect(mean.expertsOnly.value == s.expert.reduce(0, +) / 20)
        #expect(mean.expertsOnly.interval != nil)
        let rate = try RunPassRate(s, scale: CategoryScale(1...4), passLevel: 3)
        #expect(rate.expertsOnly.value == Double(s.expert.count { $0 >= 3 }) / 20)
    }

    /// Issue #29: one unlabelled row gave the imputed part a variance of 0 under the default estimator.
    @Test("One unlabelled row: the corrected mean has a value and no interval, with the reason, not a variance of 0")
    func oneUnlabelled() throws {
        let mean = RunMeanEstimate(try Self.sample(labelled: 20, unlabelled: 1))
        #expect(mean.corrected.value != nil)
        #expect(try #require(mean.lambda) > 0, "the judge gets weight, so the unlabelled row's spread matters")
        #expect(mean.corrected.interval == nil)
        #expect(mean.corrected.intervalUndefinedReason?.message.contains("one unlabelled row") == true)
        #expect(RunMeanEstimate(try Self.sample(labelled: 20, unlabelled: 2)).corrected.interval != nil)
    }

    @Test("A pass level not on the scale, or a score off it, is an error")
    func passLevelOffScale() throws {
        let s = try Self.sample(labelled: 20, unlabelled: 20)
        #expect(throws: RatingError.self) { try RunPassRate(s, scale: CategoryScale(1...4), passLevel: 2.5) }
        #expect(throws: RatingError.self) { try RunPassRate(s, scale: CategoryScale(1...3), passLevel: 2) }
    }

    @Test("No labelled row the experts pass: sensitivity and the correction are undefined with reasons")
    func noExpertPasses() throws {
        let s = try CorrectionSample(
            expert: Array(repeating: 1, count: 12), judge: Array(repeating: 1, count: 12),
            judgeUnlabelled: [1, 2, 3, 4])
        let rate = try RunPassRate(s, scale: CategoryScale(1...4), passLevel: 3, estimator: .roganGladen(.delta))
        #expect(rate.sensitivity.value == nil)
        #expect(rate.specificity.value == 1)
        #expect(rate.corrected.value == nil)
        #expect(rate.corrected.undefinedReason?.message.contains("sensitivity is undefined") == true)
        // By judge level: level 1 (13 of 16 rows, all failing) counts 0, levels 2–4 (1 row each, none labelled) ½.
        let byLevel = try RunPassRate(s, scale: CategoryScale(1...4), passLevel: 3)
        #expect(abs((byLevel.corrected.value ?? .nan) - 3.0 / 32) <= 1e-12)
    }

    @Test("Mismatched lists and impossible inclusion probabilities are errors")
    func badInput() {
        #expect(throws: RatingError.self) { try CorrectionSample(expert: [1, 2], judge: [1], judgeUnlabelled: [1]) }
        #expect(throws: RatingError.self) {
            try CorrectionSample(expert: [1, .nan], judge: [1, 2], judgeUnlabelled: [1])
        }
        #expect(throws: RatingError.self) {
            try CorrectionSample(
                expert: [1], judge: [1], judgeUnlabelled: [1],
                design: .inclusionProbabilities(labelled: [0.5], unlabelled: [1]))
        }
        #expect(throws: RatingError.self) {
            try CorrectionSample(
                expert: [1], judge: [1], judgeUnlabelled: [1],
                design: .inclusionProbabilities(labelled: [0], unlabelled: [0.5]))
        }
        #expect(throws: RatingError.self) {
            try CorrectionSample(
                expert: [1], judge: [1], judgeUnlabelled: [1], design: .weights(labelled: [-1], unlabelled: [1]))
        }
    }

    @Test("A judge whose scores are all alike carries no information: λ = 0 and the corrected mean is the experts'")
    func constantJudge() throws {
        let expert = (0..<20).map { Double($0 % 4 + 1) }
        let s = try CorrectionSample(
            expert: expert, judge: Array(repeating: 3, count: 20), judgeUnlabelled: Array(repeating: 3, count: 50))
        let mean = RunMeanEstimate(s)
        #expect(mean.lambda == 0)
        #expect(mean.corrected.value == mean.expertsOnly.value)
        #expect(mean.corrected.value == 2.5)
    }

    @Test("Equal inclusion probabilities give exactly the uniform design's estimates")
    func equalProbabilitiesAreUniform() throws {
        let s = try Self.sample(labelled: 30, unlabelled: 200)
        let weighted = try CorrectionSample(
            expert: s.expert, judge: s.judge, judgeUnlabelled: s.judgeUnlabelled,
            design: .inclusionProbabilities(
                labelled: Array(repeating: 0.13, count: 30), unlabelled: Array(repeating: 0.13, count: 200)))
        let a = RunMeanEstimate(s)
        let b = RunMeanEstimate(weighted)
        #expect(abs((a.corrected.value ?? .nan) - (b.corrected.value ?? .nan)) <= 1e-12)
        #expect(abs((a.corrected.interval?.lower ?? .nan) - (b.corrected.interval?.lower ?? .nan)) <= 1e-12)
    }

    /// Horvitz–Thompson weights on a stratified extraction.
    ///
    /// A run of 100 rows: 50 the experts score 1, 50 they score 4. A stratified
    /// extraction labels 10 of the first stratum (π = 0.2) and 40 of the second
    /// (π = 0.8): the unweighted labelled mean is 3.4, the Horvitz–Thompson
    /// (Hájek) mean Σ(y/π)/Σ(1/π) = (10·5·1 + 40·1.25·4)/(50 + 50) = 2.5, the run's.
    @Test("Horvitz–Thompson weights undo a stratified extraction: the experts' mean is the run's, not the sample's")
    func horvitzThompson() throws {
        let expert = Array(repeating: 1.0, count: 10) + Array(repeating: 4.0, count: 40)
        let unlabelled = Array(repeating: 1.0, count: 40) + Array(repeating: 4.0, count: 10)
        let uniform = try CorrectionSample(expert: expert, judge: expert, judgeUnlabelled: unlabelled)
        let stratified = try CorrectionSample(
            expert: expert, judge: expert, judgeUnlabelled: unlabelled,
            design: .inclusionProbabilities(
                labelled: Array(repeating: 0.2, count: 10) + Array(repeating: 0.8, count: 40),
                unlabelled: Array(repeating: 0.2, count: 40) + Array(repeating: 0.8, count: 10)))
        #expect(abs((RunMeanEstimate(uniform).expertsOnly.value ?? .nan) - 3.4) <= 1e-12)
        let weighted = RunMeanEstimate(stratified)
        #expect(abs((weighted.expertsOnly.value ?? .nan) - 2.5) <= 1e-12)
        // Unlabelled rows weighted 1/(1 − π): (40·1.25·1 + 10·5·4)/(50 + 50) = 2.5 as well, and a perfect
        // judge's corrected mean is the run's mean.
        #expect(abs((weighted.corrected.value ?? .nan) - 2.5) <= 1e-12)
        #expect(stratified.weights.reduce(0, +) == 50)
    }

    @Test("A perfect judge: the misclassification matrix is the identity and the corrected distribution is the judge's")
    func perfectJudgeDistribution() throws {
        let expert = (0..<40).map { Double($0 % 4 + 1) }
        let unlabelled = (0..<100).map { Double([1, 2, 2, 3, 3, 3, 4, 4, 4, 4][$0 % 10]) }
        let s = try CorrectionSample(expert: expert, judge: expert, judgeUnlabelled: unlabelled)
        let levels = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 200, seed: 7, estimator: .matrixCorrection(.dirichletPosterior))
        for (l, share) in [0.1, 0.2, 0.3, 0.4].enumerated() {
            #expect(abs((levels.corrected[l].value ?? .nan) - share) <= 1e-12)
        }
        #expect(levels.corrected.allSatisfy { $0.interval != nil })
    }

    /// On two levels the matrix correction is Rogan–Gladen: q₁ = π₁·Se + (1 − π₁)(1 − Sp)
    /// has the solution π₁ = (q₁ + Sp − 1)/(Se + Sp − 1), and where that lies outside [0, 1]
    /// the simplex constraint puts it at the nearer end, as the clipped Rogan–Gladen does.
    @Test("On two levels the constrained correction equals the clipped Rogan–Gladen estimate", arguments: [0.55, 0.97])
    func twoLevelsIsRoganGladen(unlabelledPassShare: Double) throws {
        let expert = (0..<50).map { $0 < 30 ? 1.0 : 0.0 }
        let judge = expert.enumerated().map { i, e in i % 6 == 0 ? 1 - e : e }
        let passes = Int(unlabelledPassShare * 400)
        let unlabelled = (0..<400).map { $0 < passes ? 1.0 : 0.0 }
        let s = try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: unlabelled)
        let rate = try RunPassRate(s, scale: CategoryScale(0...1), passLevel: 1, estimator: .roganGladen(.delta))
        let levels = try RunLevelDistribution(
            s, scale: CategoryScale(0...1), resamples: 50, estimator: .matrixCorrection(.dirichletPosterior))
        let roganGladen = try #require(rate.corrected.value)
        #expect(abs((levels.corrected[1].value ?? .nan) - roganGladen) <= 1e-10)
        #expect(abs((levels.corrected[0].value ?? .nan) - (1 - roganGladen)) <= 1e-10)
        if unlabelledPassShare == 0.97 { #expect(roganGladen == 1, "clipped at 1") }
    }

    @Test(
        "An expert level absent from the labelled rows, or two expert levels the judge treats alike, leave the distribution undefined"
    )
    func undefinedDistribution() throws {
        let scale = CategoryScale(1...3)
        let missing = try CorrectionSample(
            expert: (0..<12).map { Double($0 % 2 + 1) }, judge: (0..<12).map { Double($0 % 2 + 1) },
            judgeUnlabelled: [1, 2, 3])
        let a = try RunLevelDistribution(missing, scale: scale, resamples: 10, estimator: .matrixCorrection(.dirichletPosterior))
        #expect(a.corrected.allSatisfy { $0.undefinedReason?.code == "no-variation" })
        #expect(a.corrected[0].undefinedReason?.message.contains("expert level 3") == true)
        let alike = try CorrectionSample(
            expert: (0..<12).map { Double($0 % 3 + 1) }, judge: (0..<12).map { $0 % 3 == 2 ? 3 : 1 },
            judgeUnlabelled: [1, 3, 3])
        let b = try RunLevelDistribution(alike, scale: scale, resamples: 10, estimator: .matrixCorrection(.dirichletPosterior))
        #expect(b.corrected.allSatisfy { $0.undefinedReason?.code == "rank-deficient" })
    }

    /// M (rows: expert level; columns: judge level) = (0.6, 0.3, 0.1; 0.3, 0.5, 0.2; 0.1, 0.2, 0.7) from
    /// ten labelled rows per expert level, and the judge's unlabelled shares q = (0.65, 0.30, 0.05): the plain
    /// inverse M⁻ᵀq = (1.115, −0.038, −0.077) leaves the simplex, so the constraint is active.
    @Test("Where the plain inverse leaves the simplex, the constrained solution beats every point of a fine grid")
    func constrainedSolutionIsOptimal() throws {
        let judgeRows: [[Double]] = [
            [1, 1, 1, 1, 1, 1, 2, 2, 2, 3], [1, 1, 1, 2, 2, 2, 2, 2, 3, 3], [1, 2, 2, 3, 3, 3, 3, 3, 3, 3],
        ]
        let expert = (0..<3).flatMap { Array(repeating: Double($0 + 1), count: 10) }
        let unlabelled =
            Array(repeating: 1.0, count: 65) + Array(repeating: 2.0, count: 30) + Array(repeating: 3.0, count: 5)
        let s = try CorrectionSample(expert: expert, judge: judgeRows.flatMap { $0 }, judgeUnlabelled: unlabelled)
        let levels = try RunLevelDistribution(
            s, scale: CategoryScale(1...3), resamples: 20, estimator: .matrixCorrection(.dirichletPosterior))
        let x = try levels.corrected.map { try #require($0.value) }
        let m: [[Double]] = [[0.6, 0.3, 0.1], [0.3, 0.5, 0.2], [0.1, 0.2, 0.7]]
        let q = [0.65, 0.30, 0.05]
        func objective(_ p: [Double]) -> Double {
            (0..<3).reduce(0) { sum, j in
                let r = (0..<3).reduce(0) { $0 + m[$1][j] * p[$1] } - q[j]
                return sum + r * r
            }
        }
        #expect(x.allSatisfy { $0 >= 0 } && abs(x.reduce(0, +) - 1) <= 1e-12)
        #expect(x.contains(0), "the constraint is active")
        var gridBest = Double.infinity
        for i in 0...200 {
            for j in 0...(200 - i) {
                gridBest = min(gridBest, objective([Double(i) / 200, Double(j) / 200, Double(200 - i - j) / 200]))
            }
        }
        #expect(objective(x) <= gridBest + 1e-12)
    }

    @Test(
        "The corrected shares are a distribution, and each interval scheme is reproduced by its seed",
        arguments: RunLevelDistribution.MatrixCorrectionInterval.allCases)
    func distributionIsOnSimplex(_ scheme: RunLevelDistribution.MatrixCorrectionInterval) throws {
        let s = try Self.sample(labelled: 60, unlabelled: 300)
        let first = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 300, seed: 11, estimator: .matrixCorrection(scheme))
        let again = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 300, seed: 11, estimator: .matrixCorrection(scheme))
        let shares = first.corrected.compactMap(\.value)
        #expect(shares.count == 4 && shares.allSatisfy { $0 >= 0 })
        #expect(abs(shares.reduce(0, +) - 1) <= 1e-12)
        #expect(first == again)
        for estimate in first.corrected {
            let ci = try #require(estimate.interval)
            #expect(ci.lower >= 0 && ci.upper <= 1 && ci.method.rawValue == scheme.rawValue)
        }
    }

    @Test("The difference of two runs: values subtract, variances add, and an undefined side names its run")
    func difference() throws {
        let a = RunMeanEstimate(try Self.sample(labelled: 40, unlabelled: 300))
        let b = RunMeanEstimate(try Self.sample(labelled: 40, unlabelled: 300))
        let d = RunDifference(a, minus: b)
        #expect(d.corrected.value == 0)
        let se = try #require(a.corrected.standardError)
        #expect(abs((d.corrected.standardError ?? .nan) - se * 2.0.squareRoot()) <= 1e-12)
        let small = RunMeanEstimate(try Self.sample(labelled: 5, unlabelled: 300))
        let undefined = RunDifference(a, minus: small)
        #expect(undefined.corrected.value == nil)
        #expect(undefined.corrected.undefinedReason?.message.hasPrefix("run B:") == true)
        #expect(undefined.judgeOnly.value != nil)
    }
}
