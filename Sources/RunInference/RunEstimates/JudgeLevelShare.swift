import DataFormats
import StatisticsCore

/// The share of a run's rows the experts would put in a class (passing, or at one level),
/// post-stratified by the judge's level: the default correction of ``RunPassRate`` and
/// ``RunLevelDistribution``.
///
/// **Estimate.** With qⱼ the judge's share of the run at level j (every row: the judge
/// scored them all) and r̂ⱼ = Σwx/Σw the weighted share of the labelled rows at judge level j
/// that the experts put in the class,
///
///     θ̂ = Σⱼ qⱼ r̂ⱼ.
///
/// This is the double-sampling estimator of Tenenbein (1970, "A double sampling scheme for
/// estimating from binomial data with misclassifications", JASA 65:1350–1361), the maximum
/// likelihood estimate when a random subsample of the rows has both the fallible (judge's)
/// and the true (experts') classification; in the measurement-error literature it is the
/// "inverse matrix" (predictive-value, calibration) correction, which Morrissey & Spiegelman
/// (1999, "Matrix methods for estimating odds ratios with misclassified exposure data",
/// Biometrics 55:338–344) found more efficient than the classical matrix correction
/// (Rogan–Gladen for two classes) from the same validation data. It is a post-stratified
/// mean (Cochran 1977, *Sampling Techniques*, §5A.9): its variance Σⱼ qⱼ² rⱼ(1 − rⱼ)/nⱼ
/// ≈ Σⱼ qⱼ rⱼ(1 − rⱼ)/n is never above the experts' own r(1 − r)/n, asymptotically, so the
/// judge's levels can only help; it needs no Se + Sp > 1 and no inversion, and is defined
/// whatever the judge's quality. A judge level with no labelled row counts `emptyLevelShare`.
///
/// **Interval: linearised, small-sample** (``StatisticsCore/ConfidenceInterval/Method/byJudgeLevel``),
/// with the variance ``WeightedMeanVariance/smallSample`` that the experts-only and PPI++ intervals
/// rest on by default. Each labelled row i at judge level j has the influence
/// value uᵢ = n·qⱼ·wᵢ(xᵢ − r̂ⱼ)/Σ_{level j} w (they sum to 0), and
///
///     Var(θ̂) = [Σ uᵢ² + 2h²] / (n(n + 1)) + Σ_{empty j} qⱼ²/4,   θ̂ ± t_{n−1}·SE, clipped to [0, 1],
///
/// with h = 1, the two pseudo-rows of one step each way that the library adds to every
/// small-sample interval (Agresti & Caffo 2000), here shared by all judge levels; an empty level
/// adds the variance of a share known only to lie in [0, 1] (¼). For equal weights and
/// qⱼ = nⱼ/n the first term is (Σⱼ SSⱼ + 2)/(n(n + 1)), SSⱼ the within-level sum of squares,
/// which is at most the experts-only (SS + 2)/(n(n + 1)). A Beta posterior per judge level
/// was tried first and rejected: with nⱼ ≈ 4–20 labelled rows per level its variance is
/// smaller than the frequentist one and it covered too little at n = 50 (measured in
/// docs/ESTIMATION.md, "Corrections by judge level").
enum JudgeLevelShare {
    /// The post-stratified share of labelled rows whose expert score satisfies `inClass`, with its
    /// interval (``StatisticsCore/ConfidenceInterval/Method/byJudgeLevel``).
    static func estimate(
        _ sample: CorrectionSample, scale: CategoryScale, inClass: (Double) -> Bool, emptyLevelShare: Double,
        level: Double
    ) -> Estimate {
        let n = sample.labelled
        let total = Double(n + sample.unlabelled)
        var value = 0.0
        var influence: [Double] = []
        influence.reserveCapacity(n)
        var emptyVariance = 0.0
        for judgeLevel in scale.values {
            let count = sample.judge.count { $0 == judgeLevel } + sample.judgeUnlabelled.count { $0 == judgeLevel }
            guard count > 0 else { continue }
            let q = Double(count) / total
            let rows = sample.judge.indices.filter { sample.judge[$0] == judgeLevel }
            guard !rows.isEmpty else {
                value += q * emptyLevelShare
                emptyVariance += q * q / 4
                continue
            }
            let x = rows.map { inClass(sample.expert[$0]) ? 1.0 : 0.0 }
            let w = rows.map { sample.weights[$0] }
            let share = WeightedShare(x, weights: w)
            let weightTotal = CompensatedSum.of(w)
            value += q * share.share
            for i in x.indices { influence.append(Double(n) * q * w[i] * (x[i] - share.share) / weightTotal) }
        }
        let variance =
            WeightedMeanVariance.smallSample.varianceOfWeightedMean(
                influence, weights: [Double](repeating: 1, count: influence.count), pseudoRows: true, step: 1)
            + emptyVariance
        return Estimate.runEstimate(
            value: value, variance: variance, n: n + sample.unlabelled, level: level, clippedTo: 0...1,
            quantile: .studentT, degreesOfFreedomFrom: n
        ).relabelled(method: .byJudgeLevel)
    }
}
