extension PairedRatingTable {
    /// How ``difference(of:named:undefined:interval:level:resamples:seed:)`` forms its interval.
    public enum DifferenceInterval: Sendable, Hashable {
        /// θ̂ ± t₍ₙ₋₁₎·SE_jack with the jackknife SE over the paired items (``jackknifeStandardError(statistic:)``).
        case jackknifeT
        /// The paired multinomial bootstrap's percentile interval.
        case percentileBootstrap
        /// The paired multinomial bootstrap's BCa interval.
        case bcaBootstrap
    }

    /// statistic(expert × first) − statistic(expert × second) with its interval: the one home of the paired
    /// difference that `compare` (experimental − control) and the judge table's ranking (best − each) report.
    ///
    /// - ``DifferenceInterval/jackknifeT``: keeps its nominal coverage at 50 items where the paired
    ///   percentile bootstrap is too narrow (measured in docs/ITERATION.md, "The certified gain's
    ///   interval"); no interval with fewer than two items.
    /// - The bootstrap intervals: ``Bootstrap/paired(_:resamples:level:seed:statistic:)``, which resamples
    ///   the items jointly so the two sides' correlation is kept; the resamples are returned too, for a
    ///   test that reads them. With 0 resamples there is no interval and no resampling.
    ///
    /// - Parameters:
    ///   - name: the statistic's name for the reason when a side is undefined.
    ///   - undefined: each side as a phrase after "is undefined" ("under the experimental rubric").
    /// - Returns: the difference (undefined, with the reason, when either side is) and the bootstrap's result.
    public func difference(
        of statistic: (ContingencyTable) -> Double?, named name: String, undefined: (first: String, second: String),
        interval: DifferenceInterval, level: Double, resamples: Int, seed: UInt64
    ) -> (estimate: Estimate, resampled: BootstrapResult?) {
        guard let a = statistic(expertVersusFirst), let b = statistic(expertVersusSecond) else {
            let side = statistic(expertVersusFirst) == nil ? undefined.first : undefined.second
            return (Estimate(undefined: .noVariation("\(name) is undefined \(side), so the difference is too"), n: n), nil)
        }
        guard interval != .jackknifeT else {
            guard let se = jackknifeStandardError(statistic: statistic), n >= 2 else { return (Estimate(value: a - b, n: n), nil) }
            let t = StudentTDistribution.quantile((1 + level) / 2, degreesOfFreedom: Double(n - 1))
            let ci = ConfidenceInterval(lower: a - b - t * se, upper: a - b + t * se, level: level, method: .jackknifeT(degreesOfFreedom: n - 1))
            return (Estimate(value: a - b, n: n, standardError: se, interval: ci), nil)
        }
        guard resamples > 0 else { return (Estimate(value: a - b, n: n), nil) }
        let boot = Bootstrap.paired(self, resamples: resamples, level: level, seed: seed, statistic: statistic)
        var ci = interval == .bcaBootstrap ? boot.bcaInterval : boot.percentileInterval
        ci?.method = .describedBootstrap(
            scheme: boot.method, resamples: boot.resamples, seed: boot.seed, undefinedResamples: boot.undefinedResamples,
            bca: interval == .bcaBootstrap)
        return (Estimate(value: a - b, n: n, standardError: boot.standardError, interval: ci), boot)
    }
}
