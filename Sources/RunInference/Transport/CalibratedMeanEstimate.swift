public import StatisticsCore
import AgreementCoefficients

/// A run's mean on the experts' scale from a saved judge-to-expert map (``CrossFittedMap``) fitted
/// on other labelled rows: the calibrated mean, and, with fresh labels of this run, the calibrated
/// mean corrected by their residuals (CJE's calibrated direct estimate with its oracle-uncertainty
/// term, Landesberg 2025; PPI++ for the correction, Angelopoulos, Duchi & Zrnic 2023).
///
/// With f the full map, f₁ … f_K its fold maps, sᵣ the judge's score of each of the run's N judged
/// rows, and the fresh labelled rows (Yᵢ, sᵢ) a sample of them (weights as in ``CorrectionSample``):
///
/// - **Calibrated** θ̂_c = (1/N) Σᵣ f(sᵣ), with variance s²(f(s))/N + V_map, where
///   V_map = (K − 1)/K · Σₖ (θ̂_c(fₖ) − θ̄)² is the delete-a-fold jackknife of the same mean through
///   each fold map (``CrossFittedMap/jackknifeVariance(_:)``): the map was fitted on finitely many
///   labels, and another draw of them would have moved it. A normal interval, as the judge's own
///   mean (``RunMeanEstimate/judgeOnly``). It rests on the map holding on this run — which only
///   fresh labels can test (``TransportAudit``).
/// - **Corrected** θ̂ = ``RunMeanEstimate`` on the fresh labels with the calibrated scores f(s) in
///   place of the judge's: PPI++ with λ tuned, so the residuals Yᵢ − λf(sᵢ) correct a map that is
///   off on this run. Its variance adds V_map of θ̂_λ(fₖ) at the same λ to PPI++'s; the interval is
///   formed as PPI++'s (``WeightedMeanVariance``, t on n − 1 degrees of freedom by default). With
///   fewer than ``CorrectionSample/minimumLabelled`` fresh labels it is undefined, with that reason.
///
/// The map's own fitting rows must not be among the fresh ones: their residuals are the map's
/// training error, not its error on this run (the caller checks, since only it knows the rows).
public struct CalibratedMeanEstimate: Sendable, Hashable, Codable {
    /// The mean of the calibrated scores over every judged row.
    public let calibrated: Estimate
    /// The calibrated mean corrected by the fresh labels; undefined, with why, when they are too few.
    public let corrected: Estimate
    /// The power-tuning λ of the correction; `nil` when it is undefined.
    public let lambda: Double?
    /// V_map of the calibrated and of the corrected mean: the part of their variance the map's fit adds.
    public let calibratedMapVariance: Double
    public let correctedMapVariance: Double?
    /// The fresh labelled rows, and every judged row.
    public let fresh: Int
    public let rows: Int

    /// The estimates of `sample` (the judge's own scores, with the fresh labels) through `map`, at `level`.
    ///
    /// - Throws: ``TwoStageMap/Failure/covariates(expected:given:)`` for a map that reads covariates, which
    ///   a sample of scores alone does not carry.
    public init(
        _ sample: CorrectionSample, map: CrossFittedMap, level: Double = 0.95, variance: WeightedMeanVariance = .smallSample
    ) throws(TwoStageMap.Failure) {
        guard map.covariates.isEmpty else { throw .covariates(expected: map.covariates.count, given: 0) }
        // A map without covariates reads any score: the fallback below is never taken.
        let through = { (m: JudgeMap) in { (s: Double) in (try? m.predict(s, covariates: [])) ?? .nan } }
        let step = RunMeanEstimate.smallestStep(sample)
        let scores = sample.judge + sample.judgeUnlabelled
        let mean = { (g: (Double) -> Double) in scores.reduce(0) { $0 + g($1) } / Double(scores.count) }
        fresh = sample.labelled
        rows = scores.count
        calibratedMapVariance = map.jackknifeVariance { fold in mean(through(fold)) }
        let calibratedScores = scores.map(through(map.full))
        if scores.count > 1, let spread = Spread.variance(calibratedScores, divisor: .sample).value {
            calibrated = Estimate.runEstimate(
                value: calibratedScores.reduce(0, +) / Double(scores.count), variance: spread / Double(scores.count) + calibratedMapVariance,
                n: scores.count, level: level)
        } else {
            calibrated = Estimate(undefined: .tooFew("the judge scored \(scores.count) row\(scores.count == 1 ? "" : "s")"), n: scores.count)
        }
        let throughMap = sample.judgeMapped(through(map.full))
        let ppi = RunMeanEstimate(throughMap, level: level, variance: variance, step: step)
        lambda = ppi.lambda
        guard let lambda = ppi.lambda, let value = ppi.corrected.value, let se = ppi.corrected.standardError else {
            corrected = ppi.corrected
            correctedMapVariance = nil
            return
        }
        let mapVariance = map.jackknifeVariance { fold in
            RunMeanEstimate.estimate(sample.judgeMapped(through(fold)), lambda: lambda, level: level).value ?? value
        }
        correctedMapVariance = mapVariance
        corrected = Estimate.runEstimate(
            value: value, variance: se * se + mapVariance, n: ppi.corrected.n, level: level, quantile: variance.quantile,
            degreesOfFreedomFrom: sample.labelled)
    }
}
