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
///   labels, and another draw of them would have moved it. Its interval is t on the Welch–Satterthwaite degrees of freedom of the two parts, N − 1 for the
///   first and K − 1 for the jackknife (``StatisticsCore/ConfidenceInterval/Method/welchSatterthwaite(degreesOfFreedom:)``,
///   as CJE's `combine_cluster_and_oracle`): with V_map dominant, a normal interval on a variance
///   estimated from five folds undercovers (docs/CALIBRATION-MAPS.md measures it). It rests on the
///   map holding on this run — which only fresh labels can test (``TransportAudit``).
/// - **Corrected** θ̂ = ``RunMeanEstimate`` on the fresh labels with the calibrated scores f(s) in
///   place of the judge's: PPI++ with λ tuned, so the residuals Yᵢ − λf(sᵢ) correct a map that is
///   off on this run. Its variance adds V_map of θ̂_λ(fₖ) at the same λ to PPI++'s (``WeightedMeanVariance``);
///   the interval is t on the Welch–Satterthwaite degrees of freedom of the two, n − 1 for PPI++'s
///   (CJE's labelled clusters) and K − 1 for the jackknife. With
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
    ///   a sample of scores alone does not carry (``MappedScores/init(_:through:covariates:)`` takes them).
    public init(
        _ sample: CorrectionSample, map: CrossFittedMap, level: Double = 0.95, variance: WeightedMeanVariance = .smallSample
    ) throws(TwoStageMap.Failure) {
        self.init(sample, mapped: try MappedScores(sample, through: map), level: level, variance: variance)
    }

    /// The estimates of `sample`'s experts' values with the judge's scores read as `mapped` (through a
    /// full map and its fold maps, row by row), at `level`.
    public init(
        _ sample: CorrectionSample, mapped: MappedScores, level: Double = 0.95, variance: WeightedMeanVariance = .smallSample
    ) {
        let step = RunMeanEstimate.smallestStep(sample)
        let mean = { (values: MappedScores.Values) in values.all.reduce(0, +) / Double(values.all.count) }
        let calibratedScores = mapped.full.all
        fresh = sample.labelled
        rows = calibratedScores.count
        calibratedMapVariance = CrossFittedMap.jackknifeVariance(of: mapped.folds.map(mean))
        let folds = Double(mapped.folds.count)
        if rows > 1, let spread = Spread.variance(calibratedScores, divisor: .sample).value {
            calibrated = Estimate.satterthwaiteEstimate(
                value: mean(mapped.full),
                parts: [(spread / Double(rows), Double(rows - 1)), (calibratedMapVariance, folds - 1)], n: rows, level: level)
        } else {
            calibrated = Estimate(undefined: .tooFew("the judge scored \(rows) row\(rows == 1 ? "" : "s")"), n: rows)
        }
        let ppi = RunMeanEstimate(sample.replacingJudge(mapped.full.labelled, mapped.full.unlabelled), level: level, variance: variance, step: step)
        lambda = ppi.lambda
        guard let lambda = ppi.lambda, let value = ppi.corrected.value, let se = ppi.corrected.standardError else {
            corrected = ppi.corrected
            correctedMapVariance = nil
            return
        }
        let mapVariance = CrossFittedMap.jackknifeVariance(
            of: mapped.folds.map { fold in
                RunMeanEstimate.estimate(sample.replacingJudge(fold.labelled, fold.unlabelled), lambda: lambda, level: level).value ?? value
            })
        correctedMapVariance = mapVariance
        corrected = Estimate.satterthwaiteEstimate(
            value: value, parts: [(se * se, Double(sample.labelled - 1)), (mapVariance, folds - 1)], n: ppi.corrected.n, level: level)
    }
}
