public import StatisticsCore

/// How many expert labels one labelled row is worth when the judge's scores correct an estimate of a
/// run's mean (``RunMeanEstimate``, PPI++), with the judge's calibrated R² it rests on.
///
/// **The calibration** is the one the corrected mean uses: PPI++'s power tuning, a linear map of the
/// judge's score with slope λ clipped to [0, 1] (``RunMeanEstimate``), its variance taken over every row
/// the judge scored. On n labelled pairs (Yᵢ, Ŷᵢ) and N further rows the judge alone scored (Ŷⱼ), with
/// S_yy = Σ(Yᵢ − Ȳ)², S_yŷ = Σ(Yᵢ − Ȳ)(Ŷᵢ − Ŷ̄) over the labelled rows and s²(Ŷ) the variance (divisor
/// n + N) of all n + N judge scores about their mean,
///
///     λ  = clip((S_yŷ / n) / s²(Ŷ), 0, 1)               (0 when s²(Ŷ) = 0)
///     R² = 1 − Σ(Yᵢ − Ȳ − λ(Ŷᵢ − Ŷ̄))² / S_yy
///
/// the share of the expert value's variance the corrected estimate's labelled term is rid of. This is
/// PPI++'s λ with n/N taken to 0 (the large pool below); PPI++ divides the pooled variance by
/// n + N − 1, a difference of 1/(n + N) that vanishes with the pool and would otherwise keep an exact
/// judge from R² = 1. With no unlabelled row and λ unclipped it is the least-squares R², the squared
/// Pearson correlation. With unlabelled rows it is not the in-sample fit: at
/// small n the labelled rows' judge variance strays from the pool's, λ with it, and the in-sample R²
/// (the squared Pearson correlation, when unclipped) overstates what the correction achieves — by a
/// third of the width ratio at n = 50 with R² = 0.95 (docs/ESTIMATION.md). A judge that moves against
/// the experts gets λ = 0 and R² = 0.
///
/// **The multiplier** is (1 − R²_ref)/(1 − R²_judge) with the reference "experts alone" (R²_ref = 0):
///
///     m = 1 / (1 − R²)
///
/// With N unlabelled rows and N ≫ n, the corrected mean's variance is Var(Y − λŶ)/n against the
/// experts-only mean's Var(Y)/n, so n labelled rows with the judge are worth m·n labelled rows without
/// it, and the corrected interval is √(1/m) = √(1 − R²) times as wide as the experts-only one
/// (``predictedWidthRatio``). The assumption matters: the unlabelled term adds λ²Var(Ŷ)/N, so with
/// N comparable to n the realised gain is smaller. The variance is that of the power-tuned mean in
/// Angelopoulos, Duchi & Zrnic, "PPI++: Efficient Prediction-Powered Inference" (2023,
/// arXiv:2311.01453), in the limit N → ∞. The rows are treated as a simple random sample of the run;
/// inclusion weights are not applied. Measured: `benchmarks/MultiplierSimulation` (docs/ESTIMATION.md,
/// "The label multiplier").
///
/// **The interval** is a paired bootstrap: the n pairs are resampled together
/// (``Bootstrap/items(count:resamples:level:seed:bca:statistic:)``), λ and R² recomputed on each
/// resample; percentile, or BCa when asked. A resample without variation in the expert values, or
/// one the judge explains exactly, has no multiplier and is counted among the undefined resamples.
///
/// **Edge cases.** Fewer than ``CorrectionSample/minimumLabelled`` pairs: both undefined (`too-few`),
/// as the corrected mean is. Every expert value the same: undefined (`no-variation`; there is nothing
/// to explain). A judge that explains every expert value exactly (1 − R² below 10⁻¹²): R² is 1 and the
/// multiplier undefined (`unbounded`), never a large number standing for infinity. A constant judge:
/// λ = 0, R² = 0, multiplier 1.
public struct LabelMultiplier: Sendable, Hashable, Codable {
    /// R²_judge, the share of the expert value's variance the calibrated judge explains; no interval.
    public var calibratedRSquared: Estimate
    /// m = 1/(1 − R²_judge), with the paired bootstrap interval.
    public var multiplier: Estimate
    /// The calibration's slope λ on the labelled rows; `nil` when R² is undefined.
    public var lambda: Double?

    /// √(1/m): the predicted ratio of the corrected interval's width to the experts-only one's,
    /// for a large unlabelled pool; `nil` when the multiplier is undefined.
    public var predictedWidthRatio: Double? { multiplier.value.map { (1 / $0).squareRoot() } }

    /// The multiplier of a judge on `pairs` of (expert value, judge score), with the judge's scores of
    /// the rows no expert labelled.
    ///
    /// - Parameters:
    ///   - pairs: the labelled rows, each the expert value and the judge's score.
    ///   - judgeUnlabelled: the judge's scores of the other rows it scored; they enter only the judge's variance.
    ///   - level: the interval's coverage.
    ///   - resamples: B; 0 gives no interval.
    ///   - seed: the bootstrap's seed.
    ///   - bca: BCa rather than the percentile interval.
    public init(
        pairs: [(expert: Double, judge: Double)], judgeUnlabelled: [Double] = [], level: Double = 0.95, resamples: Int = 2000,
        seed: UInt64 = 0, bca: Bool = false
    ) {
        let n = pairs.count
        guard n >= CorrectionSample.minimumLabelled else {
            let reason = UndefinedReason.tooFew(
                "\(n) labelled row\(n == 1 ? "" : "s") with a judge score; the label multiplier needs \(CorrectionSample.minimumLabelled), as a corrected estimate does"
            )
            (calibratedRSquared, multiplier, lambda) = (Estimate(undefined: reason, n: n), Estimate(undefined: reason, n: n), nil)
            return
        }
        let pool = Self.Pool(judgeUnlabelled)
        guard let fit = Self.calibration(pairs, Array(0..<n), pool: pool) else {
            let reason = UndefinedReason.noVariation("every expert value is the same, so there is no variance for the judge to explain")
            (calibratedRSquared, multiplier, lambda) = (Estimate(undefined: reason, n: n), Estimate(undefined: reason, n: n), nil)
            return
        }
        lambda = fit.lambda
        calibratedRSquared = Estimate(value: fit.rSquared, n: n)
        guard let value = Self.multiplier(fit) else {
            let reason = UndefinedReason(
                code: "unbounded",
                message: "the calibrated judge explains every expert value (R² = 1), so the multiplier has no finite value")
            multiplier = Estimate(undefined: reason, n: n)
            return
        }
        var estimate = Estimate(value: value, n: n)
        if resamples > 0 {
            let boot = Bootstrap.items(count: n, resamples: resamples, level: level, seed: seed, bca: bca) { indices in
                Self.calibration(pairs, indices, pool: pool).flatMap(Self.multiplier)
            }
            estimate.interval = bca ? boot.bcaInterval : boot.percentileInterval
            estimate.standardError = boot.standardError
        }
        multiplier = estimate.withoutCollapsedInterval()
    }

    /// 1/(1 − R²), or `nil` when the judge explains every expert value (1 − R² < 10⁻¹²).
    static func multiplier(_ fit: (lambda: Double, rSquared: Double)) -> Double? {
        let unexplained = 1 - fit.rSquared
        return unexplained < 1e-12 ? nil : 1 / unexplained
    }

    /// The unlabelled judge scores' count, mean and sum of squares about that mean, for the pooled variance.
    struct Pool {
        let count: Double
        let mean: Double
        let squares: Double

        init(_ scores: [Double]) {
            count = Double(scores.count)
            mean = scores.isEmpty ? 0 : CompensatedSum.of(scores) / count
            var squares = CompensatedSum()
            for x in scores { squares.add((x - mean) * (x - mean)) }
            self.squares = squares.value
        }
    }

    /// λ and R² on the pairs at `indices` (repeats allowed) with the unlabelled `pool`; `nil` when the
    /// expert values there do not vary.
    static func calibration(
        _ pairs: [(expert: Double, judge: Double)], _ indices: [Int], pool: Pool
    ) -> (lambda: Double, rSquared: Double)? {
        guard indices.count >= 2 else { return nil }
        var (sumY, sumX) = (CompensatedSum(), CompensatedSum())
        for i in indices {
            sumY.add(pairs[i].expert)
            sumX.add(pairs[i].judge)
        }
        let count = Double(indices.count)
        let (meanY, meanX) = (sumY.value / count, sumX.value / count)
        var (syy, sxx, sxy) = (CompensatedSum(), CompensatedSum(), CompensatedSum())
        for i in indices {
            let (y, x) = (pairs[i].expert - meanY, pairs[i].judge - meanX)
            syy.add(y * y)
            sxx.add(x * x)
            sxy.add(x * y)
        }
        guard syy.value > 0 else { return nil }
        // The pooled sum of squares of n + N judge scores: each part about its own mean, plus the between-means term.
        let between = count * pool.count / (count + pool.count) * (meanX - pool.mean) * (meanX - pool.mean)
        let pooledVariance = (sxx.value + pool.squares + between) / (count + pool.count)
        let lambda = RunMeanEstimate.powerTuning(
            covariance: sxy.value / count, judgeVariance: pooledVariance, labelledToUnlabelled: 0)
        let unexplained = (syy.value - 2 * lambda * sxy.value + lambda * lambda * sxx.value) / syy.value
        return (lambda, min(1, max(0, 1 - unexplained)))
    }
}
