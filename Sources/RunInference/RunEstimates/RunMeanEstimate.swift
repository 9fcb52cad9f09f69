public import StatisticsCore

/// The mean score of a run three ways: the judge's mean, the experts' mean on
/// the labelled rows, and the prediction-powered mean (PPI++) that corrects the
/// judge's mean with the labelled rows, each with a normal 95% interval.
///
/// **PPI++** (Angelopoulos, Duchi & Zrnic 2023, "PPI++: Efficient
/// Prediction-Powered Inference", arXiv:2311.01453; Angelopoulos et al., Science
/// 2023). With labelled pairs (Yᵢ, Ŷᵢ), i = 1…n, unlabelled judge scores Ŷⱼ,
/// j = 1…N, and weights w, w̃ of mean 1 in each sample (all 1 for a uniform draw;
/// see ``CorrectionSample``):
///
///     θ̂_λ = (1/N) Σ w̃ⱼ λŶⱼ + (1/n) Σ wᵢ (Yᵢ − λŶᵢ)
///     SE² = Var(w̃ λŶ)/N + Var(w (Y − λŶ))/n        (variances with divisor N, n)
///
/// The power-tuning λ minimises the asymptotic variance and is clipped to [0, 1]:
/// with gᵢ = wᵢ(Yᵢ − θ̂₁), ĝᵢ = wᵢ(Ŷᵢ − θ̂₁), g̃ⱼ = w̃ⱼ(Ŷⱼ − θ̂₁) at the λ = 1 estimate,
///
///     λ = clip( Cov_n(g, ĝ) / ((1 + n/N) · s²(ĝ ∪ g̃)), 0, 1 )
///
/// where Cov_n divides by n and s² is the sample variance (divisor n + N − 1) of
/// all n + N judge gradients pooled. λ = 0 gives the experts-only mean, λ = 1 the
/// original PPI; asymptotically the tuned estimate is never worse than the
/// experts alone. These are the formulas of PyPI `ppi-python` 0.2.3
/// (`ppi_mean_pointestimate`, `ppi_mean_ci` with `lam=None`), against which
/// `CorrectionReferenceTests` checks point and interval to 1e-9 (the library's
/// default alpha is 0.1; 0.05 is passed for the 95% interval used here).
///
/// **The interval** is θ̂ ± c·SE with the variance ``WeightedMeanVariance/smallSample`` by default: the
/// linearised (Hájek) variance, two pseudo-disagreements of one step h added to the
/// labelled rectifiers, and a t quantile with n − 1 degrees of freedom, which keeps
/// its coverage at n = 50 where the plug-in interval falls far short (docs/ESTIMATION.md,
/// "Before and after at n = 50"). ``WeightedMeanVariance/ppiPython`` gives `ppi-python`'s interval
/// above exactly; ``WeightedMeanVariance/linearised`` the Hájek variance with a normal
/// quantile. h is the smallest gap between two distinct scores in the sample (1 on
/// an integer scale; 0, and no pseudo-rows, when every score is the same).
///
/// **The experts-only mean** is the same estimator at λ = 0, (1/n) Σ wᵢYᵢ, with the
/// same variance (SE² = Var(wY)/n for `ppiPython`). **The judge-only mean** is the plain mean of the judge's
/// scores over all n + N rows with SE = s/√(n + N) (sample SD): the interval
/// says how precisely the judge's own mean is known, not where the experts' mean
/// lies, which is why it misses the truth whenever the judge is biased.
///
/// **Edge cases.** Fewer than ``CorrectionSample/minimumLabelled`` labelled rows
/// or no unlabelled row: the corrected and experts-only means are undefined
/// (`too-few`, `no-data`). A judge whose scores are all alike carries no
/// information: s² = 0 makes λ 0/0 (`ppi-python` returns NaN); here λ = 0 and the
/// corrected mean is the experts' mean. An interval of zero width (every score
/// alike) is dropped with its reason (``Estimate/withoutCollapsedInterval()``).
public struct RunMeanEstimate: Sendable, Hashable, Codable {
    /// The prediction-powered (PPI++) mean; n counts labelled plus unlabelled rows.
    public private(set) var corrected: Estimate
    /// The judge's mean over every row, labelled or not.
    public let judgeOnly: Estimate
    /// The experts' (weighted) mean over the labelled rows.
    public let expertsOnly: Estimate
    /// The power-tuning λ used, in [0, 1]; `nil` when the corrected mean is undefined.
    public private(set) var lambda: Double?
    /// n, the labelled rows.
    public let labelled: Int
    /// N, the unlabelled rows.
    public let unlabelled: Int
    /// The variance the corrected and experts-only intervals rest on (written `intervalMethod` in JSON).
    public let variance: WeightedMeanVariance

    private enum CodingKeys: String, CodingKey {
        case corrected, judgeOnly, expertsOnly, lambda, labelled, unlabelled
        case variance = "intervalMethod"
    }

    /// The three means of a sample, with intervals at `level` resting on `variance`.
    public init(_ sample: CorrectionSample, level: Double = 0.95, variance: WeightedMeanVariance = .smallSample) {
        self.init(sample, level: level, variance: variance, step: Self.smallestStep(sample))
    }

    /// The three means with PPI++'s λ cross-fitted (on request; measured in docs/ESTIMATION.md).
    ///
    /// λ tuned on the same labelled rows it is applied to co-varies with their
    /// rectifiers, which biases the corrected mean by O(1/n): −0.011 for the weighted
    /// 1–4 mean at n = 50 (`benchmarks/python/ppi_weighted_lambda_check.py`). Here the
    /// labelled rows are split in two folds by position (odd and even), λ₀ and λ₁ are
    /// tuned as usual each on one fold with every unlabelled row, and each labelled
    /// row's rectifier Yᵢ − λ₍₁₋f₍ᵢ₎₎Ŷᵢ uses the other fold's λ; the unlabelled term uses
    /// λ̄, the labelled rows' weighted mean of their λ:
    ///
    ///     θ̂ = (1/N) Σ w̃ⱼ λ̄Ŷⱼ + (1/n) Σ wᵢ (Yᵢ − λ₍₁₋f₍ᵢ₎₎Ŷᵢ)
    ///
    /// A row's λ is then independent of the row. The variance and interval are
    /// formed as for ``init(_:level:variance:)`` with these rectifiers and λ̄; ``lambda`` is λ̄.
    /// The experts-only and judge-only means are unchanged.
    public init(crossFitting sample: CorrectionSample, level: Double = 0.95, variance: WeightedMeanVariance = .smallSample) {
        self.init(sample, level: level, variance: variance, step: Self.smallestStep(sample))
        guard sample.insufficiency == nil else { return }
        // λ tuned on fold k (rows at even or odd positions); a row of fold f takes fold 1 − f's.
        let foldLambda = (0..<2).map { k in Self.tunedLambda(sample.labelledRows((0..<sample.labelled).filter { $0 % 2 == k })) }
        let rowLambda = (0..<sample.labelled).map { foldLambda[1 - $0 % 2] }
        let totalWeight = CompensatedSum.of(sample.weights)
        var weighted = CompensatedSum()
        for i in rowLambda.indices { weighted.add(sample.weights[i] * rowLambda[i]) }
        let meanLambda = weighted.value / totalWeight
        lambda = meanLambda
        corrected = Self.estimate(
            sample, rowLambdas: rowLambda, unlabelledLambda: meanLambda, level: level, variance: variance,
            step: Self.smallestStep(sample), range: nil)
    }

    /// The three shares of 0/1 indicators (a pass rate, a level's share): step h = 1 for the
    /// small-sample pseudo-rows, and the corrected and experts-only values and bounds clipped to
    /// [0, 1], where a share lies (PPI++ and the pseudo-rows can reach past it at the extremes).
    init(indicators sample: CorrectionSample, level: Double, variance: WeightedMeanVariance) {
        self.init(sample, level: level, variance: variance, step: 1, range: 0...1)
    }

    /// The three means, with `step` the h of the small-sample pseudo-rows, and values and bounds
    /// clipped to `range` when given.
    init(
        _ sample: CorrectionSample, level: Double, variance: WeightedMeanVariance, step: Double,
        range: ClosedRange<Double>? = nil
    ) {
        self.variance = variance
        labelled = sample.labelled
        unlabelled = sample.unlabelled
        judgeOnly = Self.judgeMean(sample, level: level)
        if let reason = sample.insufficiency {
            corrected = Estimate(undefined: reason, n: sample.labelled + sample.unlabelled)
            // Every row labelled leaves nothing to correct, but the experts' own mean stands.
            expertsOnly =
                sample.unlabelled == 0 && sample.labelled >= CorrectionSample.minimumLabelled
                ? Self.estimate(sample, lambda: 0, level: level, variance: variance, step: step, range: range)
                : Estimate(undefined: reason, n: sample.labelled)
            lambda = nil
            return
        }
        let tuned = Self.tunedLambda(sample)
        lambda = tuned
        corrected = Self.estimate(sample, lambda: tuned, level: level, variance: variance, step: step, range: range)
        expertsOnly = Self.estimate(sample, lambda: 0, level: level, variance: variance, step: step, range: range)
    }

    /// θ̂_λ with its SE and interval; at λ = 0 the unlabelled rows play no part.
    static func estimate(
        _ s: CorrectionSample, lambda: Double, level: Double, variance: WeightedMeanVariance = .ppiPython,
        step: Double = 0, range: ClosedRange<Double>? = nil
    ) -> Estimate {
        estimate(
            s, rowLambdas: Array(repeating: lambda, count: s.labelled), unlabelledLambda: lambda, level: level,
            variance: variance, step: step, range: range)
    }

    /// θ̂ with a λ per labelled row (cross-fitting) and one for the unlabelled rows, with its SE and interval.
    static func estimate(
        _ s: CorrectionSample, rowLambdas: [Double], unlabelledLambda lambda: Double, level: Double,
        variance estimator: WeightedMeanVariance, step: Double, range: ClosedRange<Double>?
    ) -> Estimate {
        let rectifier = (0..<s.labelled).map { s.expert[$0] - rowLambdas[$0] * s.judge[$0] }
        var value = weightedMean(rectifier, s.weights)
        var variance = estimator.varianceOfWeightedMean(rectifier, weights: s.weights, pseudoRows: true, step: step)
        if lambda != 0 {
            let imputed = s.judgeUnlabelled.map { lambda * $0 }
            value += weightedMean(imputed, s.weightsUnlabelled)
            variance += estimator.varianceOfWeightedMean(
                imputed, weights: s.weightsUnlabelled, pseudoRows: false, step: step)
        }
        let n = lambda == 0 ? s.labelled : s.labelled + s.unlabelled
        if lambda != 0, estimator == .smallSample, s.unlabelled == 1 {
            // The divisor count − 1 is 0: one unlabelled row says nothing of its own spread.
            var single = Estimate(value: range.map { Swift.min(Swift.max(value, $0.lowerBound), $0.upperBound) } ?? value, n: n)
            single.intervalUndefinedReason = .tooFew(
                "one unlabelled row: the spread of the judge's scores on the unlabelled rows, which the interval needs, is undefined")
            return single
        }
        return Estimate.runEstimate(
            value: value, variance: variance, n: n, level: level, clippedTo: range, quantile: estimator.quantile,
            degreesOfFreedomFrom: s.labelled)
    }

    /// The smallest gap between two distinct scores of the sample; 0 when all are equal.
    static func smallestStep(_ s: CorrectionSample) -> Double {
        let values = Set(s.expert + s.judge + s.judgeUnlabelled).sorted()
        return zip(values, values.dropFirst()).map { $1 - $0 }.min() ?? 0
    }

    /// Σ wᵢxᵢ / count, the Hájek mean for weights of mean 1.
    private static func weightedMean(_ x: [Double], _ w: [Double]) -> Double {
        var total = CompensatedSum()
        for i in x.indices { total.add(w[i] * x[i]) }
        return x.isEmpty ? 0 : total.value / Double(x.count)
    }

    /// The power-tuning λ of PPI++ for the mean, clipped to [0, 1]; 0 for a constant judge.
    static func tunedLambda(_ s: CorrectionSample) -> Double {
        let theta1 = estimate(s, lambda: 1, level: 0.95).value ?? 0
        let g = (0..<s.labelled).map { s.weights[$0] * (s.expert[$0] - theta1) }
        let gHat = (0..<s.labelled).map { s.weights[$0] * (s.judge[$0] - theta1) }
        let gTilde = (0..<s.unlabelled).map { s.weightsUnlabelled[$0] * (s.judgeUnlabelled[$0] - theta1) }
        let n = Double(s.labelled)
        let (gMean, gHatMean) = (mean(g), mean(gHat))
        var covariance = CompensatedSum()
        for i in g.indices { covariance.add((g[i] - gMean) * (gHat[i] - gHatMean)) }
        let pooledVariance = Spread.variance(gHat + gTilde, divisor: .sample).value ?? 0
        return powerTuning(
            covariance: covariance.value / n, judgeVariance: pooledVariance, labelledToUnlabelled: n / Double(s.unlabelled))
    }

    /// PPI++'s power tuning for the mean, the one rule the corrected mean and ``LabelMultiplier`` share:
    /// λ = clip(covariance / ((1 + n/N) · judgeVariance), 0, 1), and 0 for a judge without variance.
    ///
    /// - Parameters:
    ///   - covariance: the covariance of expert value and judge score on the labelled rows.
    ///   - judgeVariance: the variance of the judge's scores, on the same scale as `covariance`.
    ///   - labelledToUnlabelled: n/N; 0 for an unlabelled pool taken as infinite.
    static func powerTuning(covariance: Double, judgeVariance: Double, labelledToUnlabelled: Double) -> Double {
        let denominator = (1 + labelledToUnlabelled) * judgeVariance
        guard denominator > 0 else { return 0 }
        return min(1, max(0, covariance / denominator))
    }

    private static func mean(_ x: [Double]) -> Double { Spread.mean(x).value ?? 0 }

    private static func judgeMean(_ s: CorrectionSample, level: Double) -> Estimate {
        let all = s.judge + s.judgeUnlabelled
        guard all.count > 1 else {
            return Estimate(
                undefined: .tooFew("the judge scored \(all.count) row\(all.count == 1 ? "" : "s")"), n: all.count)
        }
        let variance = Spread.variance(all, divisor: .sample).value ?? 0
        return Estimate.runEstimate(
            value: mean(all), variance: variance / Double(all.count), n: all.count, level: level)
    }
}
