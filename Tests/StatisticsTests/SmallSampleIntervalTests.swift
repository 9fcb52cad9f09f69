import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The weighted estimates' linearised variance against a numpy implementation of the textbook
/// formula (cross-checked there against samplics), read from hajek-fixtures.json.
enum HajekFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Expected: Decodable, Sendable {
            var lambda: Double
            var pointEstimate: Double
            var linearisedSE: Double
            var linearisedLower: Double
            var linearisedUpper: Double
            var smallSampleLower: Double
            var smallSampleUpper: Double
            var expertsMean: Double
            var expertsLinearisedSE: Double
            var expertsSmallSampleSE: Double
            var samplicsExpertsSE: Double
        }
        var id: String
        var level: Double
        var expert: [Double]
        var judge: [Double]
        var judgeUnlabelled: [Double]
        var inclusionLabelled: [Double]
        var inclusionUnlabelled: [Double]
        var expected: Expected
        var testDescription: String { id }

        func sample() throws -> CorrectionSample {
            try CorrectionSample(
                expert: expert, judge: judge, judgeUnlabelled: judgeUnlabelled,
                design: .inclusionProbabilities(labelled: inclusionLabelled, unlabelled: inclusionUnlabelled))
        }
    }

    struct File: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/hajek-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read the Hájek fixtures at \(url.path): \(error)")
        }
    }()
}

@Suite("Run estimates' intervals: the linearised (Hájek) variance and the small-sample interval")
struct SmallSampleIntervalTests {
    @Test(
        "Weighted PPI++ and experts-only: linearised SE and both intervals equal the textbook formula's to 1e-9",
        arguments: HajekFixtures.cases)
    func linearised(_ c: HajekFixtures.Case) throws {
        let sample = try c.sample()
        let linear = RunMeanEstimate(sample, level: c.level, variance: .linearised)
        let small = RunMeanEstimate(sample, level: c.level, variance: .smallSample)
        #expect(abs(try #require(linear.lambda) - c.expected.lambda) <= 1e-9)
        #expect(abs(try #require(linear.corrected.value) - c.expected.pointEstimate) <= 1e-9)
        #expect(abs(try #require(linear.corrected.standardError) - c.expected.linearisedSE) <= 1e-9)
        let ci = try #require(linear.corrected.interval)
        #expect(abs(ci.lower - c.expected.linearisedLower) <= 1e-9 && abs(ci.upper - c.expected.linearisedUpper) <= 1e-9)
        let smallCI = try #require(small.corrected.interval)
        #expect(abs(smallCI.lower - c.expected.smallSampleLower) <= 1e-9)
        #expect(abs(smallCI.upper - c.expected.smallSampleUpper) <= 1e-9)
        #expect(small.corrected.value == linear.corrected.value, "the pseudo-rows must not move the estimate")
        #expect(abs(try #require(linear.expertsOnly.value) - c.expected.expertsMean) <= 1e-12)
        let expertsSE = try #require(linear.expertsOnly.standardError)
        #expect(abs(expertsSE - c.expected.expertsLinearisedSE) <= 1e-9)
        #expect(abs(try #require(small.expertsOnly.standardError) - c.expected.expertsSmallSampleSE) <= 1e-9)
        // samplics' Taylor SE is the same variance with its n/(n − 1) correction.
        let n = Double(c.expert.count)
        #expect(abs(expertsSE * (n / (n - 1)).squareRoot() - c.expected.samplicsExpertsSE) <= 1e-9)
    }

    @Test("With unequal weights ppi-python's variance of w·x is wider than the linearised one; equal weights, the same")
    func linearisedAgainstPPIPython() throws {
        let c = try #require(HajekFixtures.cases.first)
        let sample = try c.sample()
        let plain = RunMeanEstimate(sample, variance: .ppiPython)
        let linear = RunMeanEstimate(sample, variance: .linearised)
        #expect(try #require(plain.expertsOnly.standardError) > (try #require(linear.expertsOnly.standardError)))
        let uniform = try CorrectionSample(expert: c.expert, judge: c.judge, judgeUnlabelled: c.judgeUnlabelled)
        let a = RunMeanEstimate(uniform, variance: .ppiPython).corrected
        let b = RunMeanEstimate(uniform, variance: .linearised).corrected
        #expect(abs(try #require(a.standardError) - (try #require(b.standardError))) <= 1e-12)
    }

    /// 20 labelled rows (16 passes) on which the judge agrees with the experts everywhere: the
    /// rectifiers (1 − λ)Y vary only by the part of Y that λ leaves, so ppi-python's interval
    /// rests almost wholly on the judge's unlabelled rate. The small-sample labelled variance is
    /// ((1 − λ)²·Σ(Y − Ȳ)² + 2·1²)/(20·21), Σ(Y − Ȳ)² = 20·0.8·0.2 = 3.2; the unlabelled part
    /// λ²·Σ(Ŷ − 0.75)²/(400·399) with Σ = 400·0.75·0.25 = 75; the t quantile has 19 df.
    @Test("No disagreement among the labelled rows: the small-sample interval still allows for one")
    func noDisagreement() throws {
        let expert = (0..<20).map { Double($0 % 5 == 0 ? 0 : 1) }
        let unlabelled = (0..<400).map { Double($0 % 4 == 0 ? 0 : 1) }
        let sample = try CorrectionSample(expert: expert, judge: expert, judgeUnlabelled: unlabelled)
        let rate = try RunPassRate(sample, scale: CategoryScale(0...1), passLevel: 1)
        let plain = try RunPassRate(sample, scale: CategoryScale(0...1), passLevel: 1, variance: .ppiPython)
        let lambda = try #require(rate.predictionPowered.lambda)
        #expect(lambda > 0.5 && lambda < 1)
        let small = try #require(rate.predictionPowered.corrected.interval)
        let plainCI = try #require(plain.predictionPowered.corrected.interval)
        #expect(small.upper - small.lower > 2 * (plainCI.upper - plainCI.lower))
        let imputed = lambda * lambda * 75 / (400 * 399)
        let se = (imputed + ((1 - lambda) * (1 - lambda) * 3.2 + 2) / (20 * 21)).squareRoot()
        let t = StudentTDistribution.quantile(0.975, degreesOfFreedom: 19)
        #expect(abs((small.upper - small.lower) - 2 * t * se) <= 1e-12)
        #expect(small.method == .standardError(.studentT))
    }

    @Test("The library's default interval is the small-sample one, the reference tests' is ppi-python's")
    func defaults() throws {
        let sample = try RunEstimateTests.sample(labelled: 30, unlabelled: 200)
        #expect(RunMeanEstimate(sample).variance == .smallSample)
        #expect(RunMeanEstimate(sample, variance: .ppiPython).corrected.interval?.method == .standardError(.normal))
        let levels = try RunLevelDistribution(sample, scale: CategoryScale(1...4), resamples: 50)
        #expect(levels.corrected.allSatisfy { $0.interval?.method == .byJudgeLevel })
    }
}

@Suite("The matrix correction's Dirichlet-posterior interval and the gamma sampler behind it")
struct DirichletPosteriorTests {
    @Test("Gamma(a) variates have mean a and variance a, for shapes below and above 1")
    func gammaMoments() {
        var generator = Xoshiro256StarStar(seed: 42)
        for shape in [0.25, 1.0, 3.5, 40.0] {
            let draws = (0..<40_000).map { _ in generator.nextGamma(shape: shape) }
            let mean = draws.reduce(0, +) / Double(draws.count)
            let variance = draws.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(draws.count - 1)
            // Standard errors of the mean and variance: √(a/m) and about a·√(2/m)·√(1 + 3/a).
            #expect(abs(mean - shape) <= 4 * (shape / 40_000).squareRoot(), "shape \(shape): mean \(mean)")
            #expect(
                abs(variance - shape) <= 4 * shape * (2.0 / 40_000 * (1 + 3 / shape)).squareRoot(),
                "shape \(shape): variance \(variance)")
            #expect(draws.allSatisfy { $0 >= 0 })
        }
    }

    /// 40 labelled rows, 10 at each expert level, where the judge never errs: the percentile
    /// bootstrap cannot resample an error, so its interval for a level is the judge's
    /// sampling noise alone; the posterior keeps a disagreement possible and is wider.
    @Test("A judge with no labelled error: the posterior interval is wider than the bootstrap's and holds the estimate")
    func posteriorWiderThanBootstrap() throws {
        let expert = (0..<40).map { Double($0 % 4 + 1) }
        let unlabelled = (0..<400).map { Double([1, 2, 2, 3, 3, 3, 4, 4, 4, 4][$0 % 10]) }
        let s = try CorrectionSample(expert: expert, judge: expert, judgeUnlabelled: unlabelled)
        let posterior = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 400, seed: 3, estimator: .matrixCorrection(.dirichletPosterior))
        let bootstrap = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 400, seed: 3, estimator: .matrixCorrection(.percentileBootstrap))
        for l in 0..<4 {
            let p = try #require(posterior.corrected[l].interval)
            let b = try #require(bootstrap.corrected[l].interval)
            let value = try #require(posterior.corrected[l].value)
            #expect(value == bootstrap.corrected[l].value, "the interval scheme must not move the estimate")
            #expect(p.upper - p.lower > 1.5 * (b.upper - b.lower), "level \(l + 1)")
            #expect(p.lower <= value && value <= p.upper)
        }
        let again = try RunLevelDistribution(
            s, scale: CategoryScale(1...4), resamples: 400, seed: 3, estimator: .matrixCorrection(.dirichletPosterior))
        #expect(again == posterior, "seeded: the same seed gives the same interval")
    }
}
