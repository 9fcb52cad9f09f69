public import CalibrationData
public import EvaluationCore
public import Judging

extension EvaluationResult {
    /// The run's figures corrected with expert labels, from an evaluation that judged
    /// every row with a rubric's dimensions (a ``FrozenReplayEvaluation`` with a
    /// `ModelJudgeEvaluator`, or any evaluation recording one metric per dimension):
    /// usable in a test under `.evaluates`, which can gate on a corrected figure's
    /// lower bound.
    ///
    /// ```swift
    /// let estimates = try EvaluationContext.current.result.correctedEstimates(
    ///     rubric: rubric, labels: labels, settings: EstimationSettings(passLevel: 3, declaredSampling: .randomSample))
    /// #expect((estimates.dimensions[0].passRate?.corrected.interval?.lower ?? 0) >= 0.6)
    /// ```
    ///
    /// Each sample is a row, its id the sample's prompt (a ``FrozenSample``'s is its
    /// row id); its score on a dimension the metric named after the dimension. A
    /// sample without that metric (an inference or evaluator failure) is a row the
    /// judge gave no score, left out and counted.
    ///
    /// - Parameter inclusionProbabilities: each row's probability of having been drawn
    ///   for labelling, when recorded; `nil` otherwise (then `settings` must declare the sampling).
    /// - Throws: ``EstimationSettingsError`` for a sample without a prompt or two with the
    ///   same, and as ``EstimationReport/init(_:versus:settings:)``.
    public func correctedEstimates(
        rubric: Rubric, labels: ExpertLabels, settings: EstimationSettings, inclusionProbabilities: [String: Double]? = nil
    ) throws -> EstimationReport {
        try EstimationReport(
            EstimationRun(
                input: try AlignmentInput(result: self, rubric: rubric, labels: labels),
                inclusionProbabilities: inclusionProbabilities),
            settings: settings)
    }
}

extension AlignmentInput {
    /// The judge's scores of an evaluation's samples beside the experts' labels, per rubric dimension.
    ///
    /// - Throws: ``EstimationSettingsError`` for a sample without a prompt (no row id) or a repeated one.
    /// A sample's confidence metrics (``Judging/JudgeConfidence/metricNames(dimension:)``) go with its score.
    public init(result: EvaluationResult, rubric: Rubric, labels: ExpertLabels) throws {
        var ids: [String] = []
        var seen: Set<String> = []
        for sample in result.samples {
            guard let id = sample.prompt else {
                throw EstimationSettingsError(
                    "sample \(sample.index) of \(result.name) has no prompt to name its row; estimates need each sample's row id")
            }
            guard seen.insert(id).inserted else {
                throw EstimationSettingsError("two samples of \(result.name) are the row \(id); each row is one sample")
            }
            ids.append(id)
        }
        let dimensions = rubric.dimensions.map { d in
            var judge = JudgeScores(scores: [:])
            for (id, sample) in zip(ids, result.samples) {
                if let value = sample.metric(d.name)?.doubleValue {
                    let names = JudgeConfidence.metricNames(dimension: d.name), c = sample.metric(names.confidence)
                    var confidence: JudgeConfidence?
                    if let v = c?.doubleValue, (0...1).contains(v), let level = sample.metric(names.level)?.doubleValue {
                        confidence = JudgeConfidence(method: .init(rawValue: c?.rationale ?? "") ?? .given, level: level, value: v)
                    }
                    judge.scores[id] = JudgeScore(value, rationale: sample.metric(d.name)?.rationale, confidence: confidence)
                } else {
                    judge.failures[id] =
                        sample.inferenceError ?? sample.evaluatorErrors.first?.message ?? "no \(d.name) metric recorded"
                }
            }
            return Dimension(
                name: d.name, scale: d.categoryScale, judge: judge, expertLabels: labels.expertLabels(dimension: d.name))
        }
        self.init(
            info: AlignmentInfo(run: result.name, rubric: rubric.name, rubricVersion: rubric.version, model: result.info["Model"]),
            runRowIDs: ids, dimensions: dimensions)
    }
}
