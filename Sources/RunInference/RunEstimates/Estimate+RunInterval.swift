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

extension Estimate {
    /// A run estimate whose variance is the sum of independent parts, each estimated on its own degrees
    /// of freedom: value ± t_{(1+level)/2, ν}·√(Σ Vᵢ), ν = (Σ Vᵢ)² / Σ (Vᵢ²/νᵢ) (Welch–Satterthwaite;
    /// ``StatisticsCore/ConfidenceInterval/Method/welchSatterthwaite(degreesOfFreedom:)``, ν kept to two
    /// decimals; each νᵢ taken as at least 1). A part of variance 0 adds no term; with every part but one
    /// 0, ν is that part's νᵢ; with every part 0 the interval collapses, and is dropped with its reason.
    /// CJE combines a calibrated estimate's sampling variance with its map's fold jackknife so
    /// (`combine_cluster_and_oracle`, cje-eval 0.9.3): the jackknife over K folds has K − 1 degrees of
    /// freedom, and a normal interval on it undercovers.
    static func satterthwaiteEstimate(
        value: Double, parts: [(variance: Double, degreesOfFreedom: Double)], n: Int, level: Double
    ) -> Estimate {
        let used = parts.filter { $0.variance > 0 }
        let variance = used.reduce(0) { $0 + $1.variance }
        let denominator = used.reduce(0) { $0 + $1.variance * $1.variance / Swift.max(1, $1.degreesOfFreedom) }
        let se = variance.squareRoot()
        guard variance > 0, denominator > 0 else {
            let point = ConfidenceInterval(lower: value, upper: value, level: level, method: .standardError(.normal))
            return Estimate(value: value, n: n, standardError: se, interval: point).withoutCollapsedInterval()
        }
        let df = ((variance * variance / denominator) * 100).rounded() / 100
        let half = StudentTDistribution.quantile(0.5 + level / 2, degreesOfFreedom: df) * se
        let interval = ConfidenceInterval(
            lower: value - half, upper: value + half, level: level, method: .welchSatterthwaite(degreesOfFreedom: df))
        return Estimate(value: value, n: n, standardError: se, interval: interval)
    }
}
