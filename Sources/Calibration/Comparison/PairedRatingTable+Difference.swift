import AgreementCoefficients
import CalibrationData
import StatisticsCore

extension PairedRatingTable {
    /// The paired difference of the settings' statistic in its table form
    /// (``PairedRatingTable/difference(of:named:undefined:interval:level:resamples:seed:)``): the jackknife t
    /// interval unless `resampling`, else the paired bootstrap, BCa when the settings ask for `bca`.
    func difference(
        _ options: AlignmentSettings, resampling: Bool, undefined: (first: String, second: String)
    ) -> (estimate: Estimate, resampled: BootstrapResult?) {
        let request = options.statistic.agreementRequest(options: options, scale: scale)
        guard let statistic = request.statistic.tableStatistic(for: request, scale: scale) else {
            return (Estimate(undefined: .noData("\(options.statistic.displayName) has no table form to compare"), n: n), nil)
        }
        return difference(
            of: statistic, named: options.statistic.displayName, undefined: undefined,
            interval: !resampling ? .jackknifeT : options.intervals == .bca ? .bcaBootstrap : .percentileBootstrap,
            level: options.confidence, resamples: options.resamples, seed: options.seed)
    }
}
