public import Calibration
public import CalibrationData
public import EvaluationCore
public import Judging

extension EvaluationResult {
    /// Selective trust on an evaluation that judged every row with a rubric's dimensions and recorded
    /// the judge's confidence (a ``CalibrationData/FrozenReplayEvaluation`` with a `ModelJudgeEvaluator` in
    /// weighted or sampled mode, whose `<dimension> (confidence)` and `<dimension> (confident level)`
    /// metrics carry it): usable in a test under `.evaluates`, which can require a share of the run
    /// kept at a guaranteed level.
    ///
    /// ```swift
    /// let trust = try EvaluationContext.current.result.trust(
    ///     rubric: rubric, labels: labels, settings: TrustSettings(risk: 0.2, error: 0.1))
    /// #expect((trust.dimensions[0].coverage?.share ?? 0) >= 0.5)
    /// ```
    ///
    /// Each sample is a row, its id the sample's prompt, as ``EvaluationResult/correctedEstimates(rubric:labels:settings:inclusionProbabilities:)`` reads it.
    ///
    /// - Throws: as ``Calibration/AlignmentInput/init(result:rubric:labels:)`` and ``TrustReport/init(_:settings:)``.
    public func trust(rubric: Rubric, labels: ExpertLabels, settings: TrustSettings) throws -> TrustReport {
        try TrustReport(try AlignmentInput(result: self, rubric: rubric, labels: labels), settings: settings)
    }
}
