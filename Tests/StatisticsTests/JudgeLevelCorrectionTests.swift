import DataFormats
import Testing

@testable import RunInference
@testable import StatisticsCore

@Suite("Corrections by judge level: pass rates and level shares post-stratified by the judge's level")
struct JudgeLevelCorrectionTests {
    /// 20 labelled rows: judge level 1 (8 rows; experts 1,1,1,1,1,1,2,3), level 2 (6 rows; experts 1,2,2,2,3,3),
    /// level 3 (6 rows; experts 2,3,3,3,3,3); 80 unlabelled rows at judge levels 1, 2, 3 in 32, 24, 24.
    /// Over all 100 rows q = (0.4, 0.3, 0.3).
    static let sample: CorrectionSample = {
        let pairs: [(Double, Double)] =
            [(1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 1), (1, 2), (1, 3)]
            + [(2, 1), (2, 2), (2, 2), (2, 2), (2, 3), (2, 3)] + [(3, 2), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3)]
        let unlabelled = Array(repeating: 1.0, count: 32) + Array(repeating: 2.0, count: 24)
            + Array(repeating: 3.0, count: 24)
        return try! CorrectionSample(expert: pairs.map(\.1), judge: pairs.map(\.0), judgeUnlabelled: unlabelled)
    }()

    /// Expected by hand: share at 1 = 0.4·6/8 + 0.3·1/6 + 0.3·0 = 0.35; at 2 = 0.4·1/8 + 0.3·3/6 + 0.3·1/6 = 0.25;
    /// at 3 = 0.4·1/8 + 0.3·2/6 + 0.3·5/6 = 0.40. Pass at 3: 0.40; pass at 2: 0.65.
    @Test("The shares are Σⱼ qⱼ P̂(level | judge j), sum to 1, and the pass rate is the sum of the passing shares")
    func handComputed() throws {
        let scale = CategoryScale(1...3)
        let levels = try RunLevelDistribution(Self.sample, scale: scale, resamples: 400, seed: 3)
        let shares = try levels.corrected.map { try #require($0.value) }
        for (got, expected) in zip(shares, [0.35, 0.25, 0.40]) { #expect(abs(got - expected) <= 1e-12) }
        #expect(abs(shares.reduce(0, +) - 1) <= 1e-12)
        for (passLevel, expected) in [(3.0, 0.40), (2.0, 0.65)] {
            let rate = try RunPassRate(Self.sample, scale: scale, passLevel: passLevel, seed: 3)
            let value = try #require(rate.corrected.value)
            #expect(abs(value - expected) <= 1e-12)
            let ci = try #require(rate.corrected.interval)
            #expect(ci.method == .byJudgeLevel && ci.lower < value && value < ci.upper)
            #expect(try #require(rate.corrected.standardError) > 0, "a standard error for A − B")
        }
        #expect(levels.corrected.allSatisfy { $0.interval?.method == .byJudgeLevel })
        let again = try RunLevelDistribution(Self.sample, scale: scale, resamples: 400, seed: 3)
        #expect(again.corrected == levels.corrected, "seeded")
    }

    @Test("Defined where the matrix correction is not: an expert level no labelled row has gets share 0, not a failure")
    func definedWithoutEveryExpertLevel() throws {
        let scale = CategoryScale(1...3)
        let s = try CorrectionSample(
            expert: (0..<12).map { Double($0 % 2 + 1) }, judge: (0..<12).map { Double($0 % 2 + 1) },
            judgeUnlabelled: [1, 2, 3])
        let matrix = try RunLevelDistribution(s, scale: scale, resamples: 10, estimator: .matrixCorrection(.dirichletPosterior))
        #expect(matrix.corrected.allSatisfy { $0.undefinedReason?.code == "no-variation" })
        let byLevel = try RunLevelDistribution(s, scale: scale, resamples: 200)
        let shares = try byLevel.corrected.map { try #require($0.value) }
        // Judge level 3 (1 of 15 rows) has no labelled row: each expert level counts 1/3 there.
        for (got, expected) in zip(shares, [7.0 / 15 + 1.0 / 45, 7.0 / 15 + 1.0 / 45, 1.0 / 45]) {
            #expect(abs(got - expected) <= 1e-12)
        }
        #expect(try #require(byLevel.corrected[2].interval?.upper) > 0, "the unseen level keeps its uncertainty")
    }

    /// With a judge no better than chance the matrix correction and Rogan–Gladen are undefined
    /// (Se + Sp ≤ 1); the post-stratified rate is the experts' own, about as wide.
    @Test("A judge no better than chance: Rogan–Gladen undefined, the judge-level rate defined and near the experts'")
    func uselessJudge() throws {
        let expert = (0..<40).map { Double($0 % 2) }
        let judge = (0..<40).map { Double(($0 / 2) % 2) }
        let s = try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: (0..<200).map { Double($0 % 2) })
        let scale = CategoryScale(0...1)
        let delta = try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.delta))
        #expect(delta.corrected.undefinedReason?.code == "judge-no-better-than-chance")
        let rate = try RunPassRate(s, scale: scale, passLevel: 1)
        #expect(abs(try #require(rate.corrected.value) - 0.5) <= 1e-12)
        let ci = try #require(rate.corrected.interval)
        let expertsCI = try #require(rate.expertsOnly.interval)
        let (width, experts) = (ci.upper - ci.lower, expertsCI.upper - expertsCI.lower)
        #expect(width < 1.1 * experts && width > 0.7 * experts)
    }
}
