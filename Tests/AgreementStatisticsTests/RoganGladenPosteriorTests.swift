import AgreementStatistics
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
        let delta = try RunPassRate(s, scale: scale, passLevel: 1)
        let posterior = try RunPassRate(s, scale: scale, passLevel: 1, correctionInterval: .betaPosterior, seed: 3)
        #expect(delta.varianceContributions?.sensitivity == 0 && delta.varianceContributions?.specificity == 0)
        let d = try #require(delta.corrected.interval)
        let p = try #require(posterior.corrected.interval)
        #expect(posterior.corrected.value == delta.corrected.value, "the point estimate is the same")
        #expect(p.method == "beta-posterior" && d.method == "delta")
        #expect(p.upper - p.lower > 2 * (d.upper - d.lower), "delta \(d), posterior \(p)")
        #expect(p.lower >= 0 && p.upper <= 1)
        // Seeded: the same seed, the same interval.
        let again = try RunPassRate(s, scale: scale, passLevel: 1, correctionInterval: .betaPosterior, seed: 3)
        #expect(again.corrected.interval == p)
    }

    @Test("With many labelled rows and some errors the posterior interval is close to the delta one")
    func largeSample() throws {
        let s = try Self.sample(labelled: 2000, errors: 200, unlabelled: 20000)
        let scale = CategoryScale(values: [0, 1])
        let d = try #require(try RunPassRate(s, scale: scale, passLevel: 1).corrected.interval)
        let p = try #require(
            try RunPassRate(s, scale: scale, passLevel: 1, correctionInterval: .betaPosterior, seed: 5).corrected.interval)
        #expect(abs(p.lower - d.lower) < 0.006 && abs(p.upper - d.upper) < 0.006, "delta \(d), posterior \(p)")
    }
}
