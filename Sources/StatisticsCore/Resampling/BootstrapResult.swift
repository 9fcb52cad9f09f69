/// The outcome of a bootstrap: the statistic on the data, its bootstrap
/// standard error, percentile and BCa intervals, and how many resamples had no
/// value.
///
/// **Undefined resamples are excluded**, and counted in
/// ``undefinedResamples``: the SE and both intervals rest on the defined
/// replicates only, so they describe the statistic *given that it is defined*.
/// A report should show ``undefinedFraction`` beside them (about 35% of
/// resamples of nine 0s and one 1 contain no 1, and kappa is undefined there).
///
/// - The SE is the standard deviation of the defined replicates (divisor B − 1).
/// - The percentile interval takes the (1 ± level)/2 quantiles of the replicates
///   (linear interpolation between order statistics, R's type 7).
/// - The BCa interval (Efron 1987) shifts those quantiles by the bias correction
///   z₀ = Φ⁻¹(share of replicates below the estimate, ties counted half) and the
///   acceleration a = Σ(θ̄ − θ₍ᵢ₎)³ / (6 (Σ(θ̄ − θ₍ᵢ₎)²)^{3/2}) from the
///   jackknife. It is `nil` when the estimate or a jackknife value is
///   undefined, or when every replicate lies on one side of the estimate.
public struct BootstrapResult: Sendable, Hashable, Codable {
    /// How the resamples were drawn: `items`, `multinomial-table` or `paired-multinomial`.
    public let method: String
    /// The statistic on the original data; `nil` when undefined there.
    public let estimate: Double?
    /// The number of resamples drawn, B.
    public let resamples: Int
    /// Resamples on which the statistic was undefined, excluded from everything below.
    public let undefinedResamples: Int
    /// The standard deviation of the defined replicates; `nil` with fewer than two.
    public let standardError: Double?
    /// The percentile interval.
    public let percentileInterval: ConfidenceInterval?
    /// The bias-corrected and accelerated interval.
    public let bcaInterval: ConfidenceInterval?
    /// The seed of the ``Xoshiro256StarStar`` stream; the same seed reproduces the result exactly.
    public let seed: UInt64
    /// The defined replicates, in the order drawn.
    public let replicates: [Double]

    /// The share of resamples on which the statistic was undefined.
    public var undefinedFraction: Double { resamples > 0 ? Double(undefinedResamples) / Double(resamples) : 0 }

    /// One jackknife value with how many left-out items share it (1 for items;
    /// the cell count when items are grouped by table cell).
    package struct JackknifeValue {
        package var value: Double?
        package var weight: Double
    }

    package init(
        method: String, estimate: Double?, replicates: [Double], resamples: Int, level: Double, seed: UInt64,
        jackknife: [JackknifeValue]?
    ) {
        self.method = method
        self.estimate = estimate
        self.resamples = resamples
        self.undefinedResamples = resamples - replicates.count
        self.seed = seed
        self.replicates = replicates
        let sorted = replicates.sorted()
        let b = sorted.count
        self.standardError = b >= 2 ? Spread.standardDeviation(replicates).value : nil
        let alpha = (1 - level) / 2
        self.percentileInterval =
            b > 0
            ? ConfidenceInterval(
                lower: Self.quantile(sorted, alpha), upper: Self.quantile(sorted, 1 - alpha), level: level, method: .percentileBootstrap)
            : nil
        self.bcaInterval = Self.bca(sorted: sorted, estimate: estimate, jackknife: jackknife, level: level)
    }

    /// The jackknife standard error √((n − 1)/n · Σ wᵢ (θ₍ᵢ₎ − θ̄)²), n = Σ wᵢ the items and θ̄
    /// their mean (Efron & Tibshirani 1993, §11.2); `nil` with fewer than two items or an
    /// undefined leave-one-out value.
    static func jackknifeStandardError(_ jackknife: [JackknifeValue]) -> Double? {
        var (n, sum) = (0.0, 0.0)
        for j in jackknife {
            guard let v = j.value else { return nil }
            n += j.weight
            sum += j.weight * v
        }
        guard n >= 2 else { return nil }
        let mean = sum / n
        let squares = jackknife.reduce(0.0) { $0 + $1.weight * (($1.value ?? mean) - mean) * (($1.value ?? mean) - mean) }
        return ((n - 1) / n * squares).squareRoot()
    }

    /// The type-7 quantile of sorted values.
    package static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        Spread.quantile(sorted: sorted, p)
    }

    private static func bca(sorted: [Double], estimate: Double?, jackknife: [JackknifeValue]?, level: Double) -> ConfidenceInterval? {
        guard let estimate, let jackknife, !sorted.isEmpty else { return nil }
        var totalWeight = 0.0
        var weightedSum = 0.0
        for j in jackknife {
            guard let v = j.value else { return nil }
            totalWeight += j.weight
            weightedSum += j.weight * v
        }
        guard totalWeight > 0 else { return nil }
        let mean = weightedSum / totalWeight
        var squares = 0.0
        var cubes = 0.0
        for j in jackknife {
            let d = mean - (j.value ?? mean)
            squares += j.weight * d * d
            cubes += j.weight * d * d * d
        }
        let acceleration = squares > 0 ? cubes / (6 * squares * squares.squareRoot()) : 0
        let below = Double(sorted.count { $0 < estimate }) + 0.5 * Double(sorted.count { $0 == estimate })
        let share = below / Double(sorted.count)
        guard share > 0, share < 1 else { return nil }
        let z0 = NormalDistribution.quantile(share)
        func adjusted(_ p: Double) -> Double {
            let z = z0 + NormalDistribution.quantile(p)
            return NormalDistribution.cdf(z0 + z / (1 - acceleration * z))
        }
        let alpha = (1 - level) / 2
        return ConfidenceInterval(
            lower: quantile(sorted, adjusted(alpha)), upper: quantile(sorted, adjusted(1 - alpha)), level: level, method: .bcaBootstrap)
    }
}
