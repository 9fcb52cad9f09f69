import RunInference
import StatisticsCore
import Testing

@Suite("Shares stay in [0, 1]")
struct IndicatorShareClippingTests {
    @Test("A level no expert used: its experts-only and PPI++ shares are 0 with a lower bound of 0, not below")
    func emptyLevel() throws {
        let expert = (0..<40).map { Double($0 % 3 + 1) }
        let judge = expert.enumerated().map { i, e in i % 10 == 0 ? 4 : e }
        let unlabelled = (0..<400).map { Double($0 % 4 + 1) }
        let sample = try CorrectionSample(expert: expert, judge: judge, judgeUnlabelled: unlabelled)
        let levels = try RunLevelDistribution(sample, scale: CategoryScale(1...4), resamples: 0)
        for e in [levels.expertsOnly[3], levels.predictionPowered[3]] {
            let ci = try #require(e.interval)
            #expect(ci.lower == 0 && ci.upper > 0 && ci.upper <= 1, "\(ci)")
            #expect(try #require(e.value) >= 0)
        }
        // Unclipped, the small-sample pseudo-rows reach below 0 here: the clipping is what keeps it at 0.
        let raw = RunMeanEstimate(sample.mapped { $0 == 4 ? 1 : 0 })
        #expect(try #require(raw.expertsOnly.interval?.lower) < 0)
        let pass = try RunPassRate(sample, scale: CategoryScale(1...4), passLevel: 4)
        #expect(try #require(pass.predictionPowered.corrected.interval?.lower) >= 0)
    }
}
