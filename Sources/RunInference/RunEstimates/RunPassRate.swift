import DataFormats
public import StatisticsCore

/// The share of a run's rows that pass (score at or above a named level), four
/// ways: the judge's rate, the experts' rate on the labelled rows, the
/// Rogan–Gladen correction of the judge's rate, and the prediction-powered rate.
///
/// **Rogan–Gladen** (Rogan & Gladen 1978, "Estimating prevalence from the results
/// of a screening test", Am. J. Epidemiol. 107:71–76). From the labelled rows, the
/// judge's sensitivity Se = P(judge passes | expert passes) and specificity
/// Sp = P(judge fails | expert fails), each a weighted share within the expert's
/// class; from the unlabelled rows the judge's pass rate p. Since
/// p = θ·Se + (1 − θ)(1 − Sp), the experts' pass rate is
///
///     θ̂ = (p + Sp − 1) / (Se + Sp − 1),   clipped to [0, 1].
///
/// **Interval: delta method**, accounting for the uncertainty of all three inputs,
/// which come from independent rows (p from the unlabelled rows, Se and Sp from
/// the labelled rows of each expert class, the class sizes taken as given). With
/// J = Se + Sp − 1, ∂θ/∂p = 1/J, ∂θ/∂Se = −θ/J, ∂θ/∂Sp = (1 − θ)/J, so
///
///     Var(θ̂) = [Var(p) + θ² Var(Se) + (1 − θ)² Var(Sp)] / J²
///
/// with each variance that of a weighted share, Σ wᵢ²(xᵢ − x̄)² / (Σ wᵢ)², which
/// is x̄(1 − x̄)/m for m equal weights. The interval θ̂ ± z·SE is computed about the
/// unclipped θ̂ and then clipped to [0, 1]. A judge that made no error on the
/// labelled rows has Var(Se) = Var(Sp) = 0 and an interval from p alone.
///
/// **By judge level** (``Estimator/byJudgeLevel``, the default): the pass rate
/// post-stratified by the judge's level with a linearised small-sample interval (``JudgeLevelShare``),
/// which replaces both the estimate and its interval. Rogan–Gladen divides by Se + Sp − 1, so
/// with a weak judge its interval is wider than the experts' own (×1.2–3.4 at κ = 0.3–0.6 in the
/// simulation) and its point estimate biased at n = 50 (up to 0.03) by the clipping and the
/// curvature of 1/J; the post-stratified rate is never less precise than the experts' alone,
/// asymptotically, and has no division (docs/ESTIMATION.md, "Corrections by judge level").
/// Rogan–Gladen stays on request (``Estimator/roganGladen(_:)`` with ``RoganGladenInterval/delta``), equal to
/// `judgy`'s.
///
/// **Interval: Beta posterior** (``RoganGladenInterval/betaPosterior``, on request): percentiles of θ
/// over seeded posterior draws of p, Se and Sp, each Beta with Jeffreys' prior on its
/// effective counts (``posteriorInterval(p:se:sp:level:draws:seed:)``). With a good judge
/// and few labelled rows in a class, Se or Sp is often 1 with Var = 0, and the delta
/// interval then rests on p alone; the posterior keeps an error possible
/// (docs/ESTIMATION.md, "Rogan–Gladen: a Beta posterior").
///
/// **Against `judgy`** (PyPI, 0.1.0, `estimate_success_rate`): the point estimate
/// is the same formula (checked to 1e-9). judgy's interval is a percentile
/// bootstrap over the labelled rows only, with p held fixed, so it leaves out the
/// sampling uncertainty of the judge's own rate; it skips resamples that lose a
/// class or have J ≤ 0. The delta interval here is therefore wider where N is
/// small, about equal for N ≫ n, and symmetric before clipping where the
/// bootstrap follows the skew of 1/J. `CorrectionReferenceTests` compares both.
///
/// **Prediction-powered rate**: ``RunMeanEstimate`` on the pass indicators
/// 1[score ≥ level], so that the two corrections can be read side by side, with
/// its interval resting on the given ``WeightedMeanVariance`` (one step h = 1 for the
/// small-sample pseudo-rows) and clipped to [0, 1]; the experts-only rate likewise.
///
/// **Undefined**, with a reason, never a number: fewer than
/// ``CorrectionSample/minimumLabelled`` labelled rows (`too-few`), no unlabelled
/// row (`no-data`), no labelled row the experts passed (sensitivity undefined) or
/// failed (specificity undefined) (`no-variation`), and Se + Sp ≤ 1
/// (`judge-no-better-than-chance`: the judge's passes say nothing, or the
/// opposite, of the experts'). The rate by judge level is undefined only for the
/// first two: it needs no expert class on both sides and no Se + Sp > 1. A pass level
/// that is not on the scale throws.
public struct RunPassRate: Sendable, Hashable, Codable {
    /// The level at and above which a row passes.
    public let passLevel: Double
    /// The corrected pass rate: by judge level with its small-sample interval (the default), or
    /// Rogan–Gladen with its delta-method (or Beta-posterior) interval.
    public private(set) var corrected: Estimate
    /// The prediction-powered (PPI++) pass rate, with λ and the judge-only and experts-only rates.
    public let predictionPowered: RunMeanEstimate
    /// The judge's sensitivity on the labelled rows; undefined with no expert pass.
    public let sensitivity: Estimate
    /// The judge's specificity on the labelled rows; undefined with no expert failure.
    public let specificity: Estimate
    /// The judge's pass rate on the unlabelled rows, p.
    public let judgeUnlabelledRate: Estimate
    /// Var(θ̂) split by source: with the delta interval, where the correction is defined; `nil` for the
    /// other intervals, whose variance these three terms do not add up to.
    public let varianceContributions: VarianceContributions?

    /// The three terms of the delta-method variance of the Rogan–Gladen estimate,
    /// which sum to SE²: how much of the uncertainty each input brings.
    public struct VarianceContributions: Sendable, Hashable, Codable {
        /// Var(p) / J², from the judge's rate on the unlabelled rows.
        public let judgeRate: Double
        /// θ² Var(Se) / J², from the sensitivity.
        public let sensitivity: Double
        /// (1 − θ)² Var(Sp) / J², from the specificity.
        public let specificity: Double
    }

    /// The judge's pass rate over every row.
    public var judgeOnly: Estimate { predictionPowered.judgeOnly }
    /// The experts' (weighted) pass rate over the labelled rows.
    public var expertsOnly: Estimate { predictionPowered.expertsOnly }
    /// n, the labelled rows.
    public var labelled: Int { predictionPowered.labelled }
    /// N, the unlabelled rows.
    public var unlabelled: Int { predictionPowered.unlabelled }

    /// The pass rates of a sample whose scores lie on `scale`, passing at `passLevel`.
    ///
    /// - Parameters:
    ///   - variance: the variance of the prediction-powered and experts-only rates' intervals.
    ///   - estimator: how the corrected rate is estimated (``Estimator``): by default the rate by
    ///     judge level; ``Estimator/roganGladen(_:)`` with its delta or Beta-posterior interval.
    ///   - draws: posterior draws B for ``RoganGladenInterval/betaPosterior``.
    ///   - seed: the seed of those draws.
    /// - Throws: ``RatingError`` when `passLevel` is not a level of `scale`, or a
    ///   score is not on it.
    public init(
        _ sample: CorrectionSample, scale: CategoryScale, passLevel: Double, level: Double = 0.95,
        variance: WeightedMeanVariance = .smallSample, estimator: Estimator = .byJudgeLevel,
        draws: Int = 2000,
        seed: UInt64 = 1
    ) throws {
        guard scale.index(of: passLevel) != nil else {
            throw RatingError(
                message: "the pass level \(passLevel.plainText) is not a level of the scale \(scale)", position: nil)
        }
        for (name, scores) in [
            ("expert", sample.expert), ("judge", sample.judge), ("unlabelled judge", sample.judgeUnlabelled),
        ] {
            if let i = scores.firstIndex(where: { scale.index(of: $0) == nil }) {
                throw RatingError(
                    message:
                        "the \(name) score \(scores[i].plainText) at position \(i + 1) is not on the scale \(scale)",
                    position: i)
            }
        }
        self.passLevel = passLevel
        let passes = sample.mapped { $0 >= passLevel ? 1 : 0 }
        predictionPowered = RunMeanEstimate(indicators: passes, level: level, variance: variance)
        let unlabelledRate = WeightedShare(passes.judgeUnlabelled, weights: passes.weightsUnlabelled)
        judgeUnlabelledRate = unlabelledRate.estimate
        let expertPass = passes.expert.indices.filter { passes.expert[$0] == 1 }
        let expertFail = passes.expert.indices.filter { passes.expert[$0] == 0 }
        let se = WeightedShare(expertPass.map { passes.judge[$0] }, weights: expertPass.map { passes.weights[$0] })
        let sp = WeightedShare(expertFail.map { 1 - passes.judge[$0] }, weights: expertFail.map { passes.weights[$0] })
        sensitivity =
            expertPass.isEmpty
            ? Estimate(
                undefined: .noVariation(
                    "no labelled row passes by the experts, so the judge's sensitivity is undefined"), n: 0)
            : se.estimate
        specificity =
            expertFail.isEmpty
            ? Estimate(
                undefined: .noVariation(
                    "no labelled row fails by the experts, so the judge's specificity is undefined"), n: 0)
            : sp.estimate
        let delta = Self.roganGladen(
            sample: passes, p: unlabelledRate, se: se, sp: sp, level: level,
            undefined: sensitivity.undefinedReason ?? specificity.undefinedReason)
        corrected = delta.estimate
        varianceContributions = estimator == .roganGladen(.delta) ? delta.contributions : nil
        // The post-stratified rate needs neither both expert classes nor Se + Sp > 1, only enough rows.
        if estimator == .byJudgeLevel {
            corrected =
                passes.insufficiency.map { Estimate(undefined: $0, n: corrected.n) }
                ?? JudgeLevelShare.estimate(
                    sample, scale: scale, inClass: { $0 >= passLevel }, emptyLevelShare: 0.5, level: level)
        }
        if estimator == .roganGladen(.betaPosterior), corrected.value != nil {
            let posterior = Self.posteriorInterval(p: unlabelledRate, se: se, sp: sp, level: level, draws: draws, seed: seed)
            corrected.interval = posterior.interval
            if posterior.interval == nil {
                corrected.intervalUndefinedReason = UndefinedReason(
                    code: "judge-no-better-than-chance",
                    message: "in every posterior draw the judge's sensitivity plus specificity was not above 1")
            }
        }
    }

    private static func roganGladen(
        sample: CorrectionSample, p: WeightedShare, se: WeightedShare, sp: WeightedShare, level: Double,
        undefined: UndefinedReason?
    ) -> (estimate: Estimate, contributions: VarianceContributions?) {
        let n = sample.labelled + sample.unlabelled
        if let reason = sample.insufficiency ?? undefined {
            return (Estimate(undefined: reason, n: n), nil)
        }
        let j = se.share + sp.share - 1
        guard j > 0 else {
            let estimate = Estimate(
                undefined: UndefinedReason(
                    code: "judge-no-better-than-chance",
                    message:
                        "the judge's sensitivity \(se.share.plainText) plus specificity \(sp.share.plainText) is \((j + 1).plainText), not above 1: its passes carry no information about the experts' (or the reverse), so they cannot be corrected"
                ),
                n: n)
            return (estimate, nil)
        }
        let theta = (p.share + sp.share - 1) / j
        let parts = VarianceContributions(
            judgeRate: p.variance / (j * j), sensitivity: theta * theta * se.variance / (j * j),
            specificity: (1 - theta) * (1 - theta) * sp.variance / (j * j))
        let variance = parts.judgeRate + parts.sensitivity + parts.specificity
        let estimate = Estimate.runEstimate(value: theta, variance: variance, n: n, level: level, clippedTo: 0...1)
        return (estimate.relabelled(method: .delta), parts)
    }
}

/// A weighted share of 0/1 values, Σwx/Σw, with the variance of that ratio,
/// Σ w²(x − x̄)² / (Σw)² (x̄(1 − x̄)/m for m equal weights).
struct WeightedShare {
    let share: Double
    let variance: Double
    let count: Int
    /// Kish's effective count (Σw)²/Σw²: the number of equally weighted rows as informative; `count` for equal weights.
    let effectiveCount: Double

    init(_ x: [Double], weights w: [Double]) {
        count = x.count
        let total = CompensatedSum.of(w)
        var squaredWeights = CompensatedSum()
        for wi in w { squaredWeights.add(wi * wi) }
        effectiveCount = squaredWeights.value > 0 ? total * total / squaredWeights.value : 0
        guard total > 0 else {
            (share, variance) = (.nan, .nan)
            return
        }
        var sum = CompensatedSum()
        for i in x.indices { sum.add(w[i] * x[i]) }
        let share = sum.value / total
        var squares = CompensatedSum()
        for i in x.indices { squares.add(w[i] * w[i] * (x[i] - share) * (x[i] - share)) }
        self.share = share
        variance = squares.value / (total * total)
    }

    /// The share with its standard error; undefined when there are no values.
    var estimate: Estimate {
        count == 0
            ? Estimate(undefined: .noData("there are no rows to take the share of"), n: 0)
            : Estimate(value: share, n: count, standardError: variance.squareRoot())
    }
}
