import RunInference
import StatisticsCore
import Testing

@Suite("Rogan–Gladen's Beta-posterior interval")
struct RoganGladenPosteriorTests {
    /// n labelled rows, 60% passing by the experts, the judge wrong on the first `errors` of them, and N unlabelled rows.
    static func sample(labelled n: Int, errors: Int, unlabelled: Int) throws -> CorrectionSample {
        let expert = (0..<n).map { $0 < n * 6 / 10 ? 1.0 : 0.0 }
        let judge = expert.enumerated().map { i, e in i < errors ? 1 - e : e }
        let judgeUnlabelled = (0..<unlabelled).map { $0 % 5 < 3 ? 1.0 : 0.0 }
        return try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: judgeUnlabelled)
    }

    @Test("A judge with no error on 50 labelled rows: the delta interval rests on p alone, the posterior keeps an error possible")
    func noErrors() throws {
        let s = try Self.sample(labelled: 50, errors: 0, unlabelled: 2000)
        let scale = CategoryScale(values: [0, 1])
        let delta = try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.delta))
        let posterior = try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.betaPosterior), seed: 3)
        #expect(delta.varianceContributions?.sensitivity == 0 && delta.varianceContributions?.specificity == 0)
        let d = try #require(delta.corrected.interval)
        let p = try #require(posterior.corrected.interval)
        #expect(posterior.corrected.value == delta.corrected.value, "the point estimate is the same")
        #expect(p.method == .betaPosterior && d.method == .delta)
        #expect(p.upper - p.lower > 2 * (d.upper - d.lower), "delta \(d), posterior \(p)")
        #expect(p.lower >= 0 && p.upper <= 1)
        // Seeded: the same seed, the same interval.
        let again = try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.betaPosterior), seed: 3)
        #expect(again.corrected.interval == p)
    }

    @Test("With many labelled rows and some errors the posterior interval is close to the delta one")
    func largeSample() throws {
        let s = try Self.sample(labelled: 2000, errors: 200, unlabelled: 20000)
        let scale = CategoryScale(values: [0, 1])
        let d = try #require(try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.delta)).corrected.interval)
        let p = try #require(
            try RunPassRate(s, scale: scale, passLevel: 1, estimator: .roganGladen(.betaPosterior), seed: 5).corrected.interval)
        #expect(abs(p.lower - d.lower) < 0.006 && abs(p.upper - d.upper) < 0.006, "delta \(d), posterior \(p)")
    }

    @Test("Judge-level posterior: Σ q_j r̂_j by hand, the default for every design, Rogan–Gladen's delta on request")
    func judgeLevel() throws {
        // 1–4 scale, pass at 3. Labelled rows drawn judge-stratified: 10 at each judge level; the run's judge shares
        // are 40%, 30%, 20%, 10% of 1,000 rows. By hand, r̂ per judge level (experts passing) is 1/10, 3/10, 9/10, 10/10.
        let judgeLevels: [Double] = [1, 2, 3, 4]
        let counts = [400, 300, 200, 100]
        let passing = [1, 3, 9, 10]
        var (expert, judge, pi) = ([Double](), [Double](), [Double]())
        for (j, level) in judgeLevels.enumerated() {
            for i in 0..<10 {
                judge.append(level)
                expert.append(i < passing[j] ? 3 : 2)
                pi.append(10 / Double(counts[j]))
            }
        }
        let unlabelled = judgeLevels.indices.flatMap { j in Array(repeating: judgeLevels[j], count: counts[j] - 10) }
        let weighted = try CorrectionSample(
            expert: expert, judge: judge, judgeUnlabelled: unlabelled,
            design: .inclusionProbabilities(labelled: pi, unlabelled: unlabelled.map { l in 10 / Double(counts[Int(l) - 1]) }))
        let scale = CategoryScale(1...4)
        let rate = try RunPassRate(weighted, scale: scale, passLevel: 3, seed: 9)
        let byHand = 0.4 * 0.1 + 0.3 * 0.3 + 0.2 * 0.9 + 0.1 * 1.0
        let value = try #require(rate.corrected.value)
        #expect(abs(value - byHand) < 1e-12, "\(value) against \(byHand)")
        let ci = try #require(rate.corrected.interval)
        #expect(ci.method == .byJudgeLevel && ci.lower < byHand && byHand < ci.upper && ci.upper - ci.lower > 0.05)
        #expect(try RunPassRate(weighted, scale: scale, passLevel: 3, seed: 9).corrected == rate.corrected, "seeded")
        let delta = try RunPassRate(weighted, scale: scale, passLevel: 3, estimator: .roganGladen(.delta))
        #expect(delta.corrected.interval?.method == .delta)
        let uniform = try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: unlabelled)
        #expect(try RunPassRate(uniform, scale: scale, passLevel: 3).corrected.interval?.method == .byJudgeLevel)
    }
}
