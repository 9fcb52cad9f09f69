import AgreementCoefficients
import Calibration
import CalibrationData
import StatisticsCore
import Testing

@Suite("Default intervals: each statistic's own, chosen by measured coverage")
struct DefaultIntervalTests {
    let input = AlignmentFixture.input(scale: CategoryScale(1...5))

    /// Every figure of one dimension, keyed by the statistic that gives it.
    func figures(_ options: AlignmentSettings) throws -> [AlignmentStatistic: Estimate] {
        let d = try #require(try AlignmentReport(input, options: options).dimensions.first)
        return [
            .kappa: d.cohenKappa.unweighted, .linearKappa: d.cohenKappa.linear, .quadraticKappa: d.cohenKappa.quadratic,
            .alphaOrdinal: d.krippendorffAlphaOrdinal, .ac2: d.gwetAC2, .pearson: d.pearson, .spearman: d.spearman,
            .kendall: d.kendallTauB,
        ]
    }

    @Test("With no --ci, every figure carries the interval its statistic's default gives when named")
    func defaultsPerStatistic() throws {
        let defaults = try figures(AlignmentSettings(resamples: 300, seed: 4))
        for statistic in AlignmentStatistic.allCases {
            let named = try figures(AlignmentSettings(intervals: statistic.defaultInterval, resamples: 300, seed: 4))
            let interval = try #require(defaults[statistic]?.interval, "\(statistic)")
            #expect(interval == named[statistic]?.interval, "\(statistic)")
        }
    }

    @Test("The kappas' default is the percentile bootstrap, not the analytic interval, and --ci analytic still gives it")
    func kappaDefaultIsBootstrap() throws {
        #expect(AlignmentStatistic.quadraticKappa.defaultInterval == .bootstrap)
        let byDefault = try #require(try figures(AlignmentSettings(resamples: 300, seed: 4))[.quadraticKappa]?.interval)
        let analytic = try #require(try figures(AlignmentSettings(intervals: .analytic))[.quadraticKappa]?.interval)
        #expect(byDefault.method.rawValue.hasPrefix("percentile-bootstrap"))
        // Every other statistic's default is BCa, and its interval says so (it was once labelled percentile).
        let rho = try #require(try figures(AlignmentSettings(resamples: 300, seed: 4))[.spearman]?.interval)
        #expect(rho.method.rawValue.hasPrefix("bca-bootstrap ("), "\(rho.method)")
        #expect(analytic.method == .standardError(.normal))
        #expect(byDefault.lower != analytic.lower)
    }

    @Test("The report names the intervals as each statistic's default when none was asked")
    func named() {
        #expect(AlignmentSettings().intervalsName == "default per statistic: bootstrap for the verdict")
        #expect(AlignmentSettings(intervals: .bca).intervalsName == "bca")
    }
}
