import StatisticsCore

extension Estimate {
    /// A run estimate with its interval, value ± c·√variance, formed with `quantile`
    /// (normal by default; the t quantile takes its n − 1 degrees of freedom from
    /// `degreesOfFreedomFrom`, or `n`; ``StatisticsCore/ConfidenceInterval/Method/standardError(_:)``)
    /// about the unclipped value and then, where the
    /// figure has a range (a rate in [0, 1], a difference of rates in [−1, 1]),
    /// clipped to it, bounds and value alike.
    ///
    /// Clipping after forming the interval keeps every value of the range that the
    /// unclipped interval holds, which is the interval for a parameter known to lie
    /// in the range; an interval formed about the clipped value instead would move
    /// with the clipping.
    static func runEstimate(
        value: Double, variance: Double, n: Int, level: Double, clippedTo range: ClosedRange<Double>? = nil,
        quantile: ConfidenceInterval.Quantile = .normal, degreesOfFreedomFrom dfCount: Int? = nil
    ) -> Estimate {
        let se = max(0, variance).squareRoot()
        let clip = { (x: Double) in range.map { Swift.min(Swift.max(x, $0.lowerBound), $0.upperBound) } ?? x }
        let ci = ConfidenceInterval(
            around: value, standardError: se, quantile: quantile, n: dfCount ?? n, level: level,
            range: -Double.infinity...Double.infinity
        ).map { ConfidenceInterval(lower: clip($0.lower), upper: clip($0.upper), level: $0.level, method: $0.method) }
        return Estimate(value: clip(value), n: n, standardError: se, interval: ci).withoutCollapsedInterval()
    }

    /// The same estimate with its interval's method renamed (``StatisticsCore/ConfidenceInterval/Method/delta`` for
    /// Rogan–Gladen), for an interval formed as a run estimate's but named for its estimator.
    func relabelled(method: ConfidenceInterval.Method) -> Estimate {
        var copy = self
        copy.interval?.method = method
        return copy
    }
}
