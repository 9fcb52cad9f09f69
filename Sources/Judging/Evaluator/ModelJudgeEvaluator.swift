public import EvaluationCore
public import LanguageModels

/// An evaluator that asks a language model to score each sample on one or more
/// dimensions, emitting one metric per dimension with the judge's rationale.
///
/// It mixes freely with closure evaluators in an `evaluators` block.
///
/// ```swift
/// var evaluators: Evaluators {
///     Evaluator { _, subject in … }
///     ModelJudgeEvaluator(
///         judge: judgeModel,
///         dimensions: [relevance, usefulness],
///         prompt: ModelJudgePrompt(
///             instructions: "You are evaluating tags generated for a personal book-tracking app…",
///             evaluationTarget: { value in value.tags.joined(separator: ", ") }
///         )
///     )
/// }
/// ```
///
/// All dimensions are scored in one call. A reply that cannot be used is
/// retried (see ``ModelJudge``); when every attempt fails the evaluator throws
/// ``JudgeFailure``, which the run records as an evaluator failure for that
/// sample with the raw replies in its message, and the sample records no
/// score for any dimension: a failure is never a 0 or the lowest level.
///
/// Beyond the dimension metrics, sampled mode emits `<dimension> (spread)`
/// and `<dimension> (self-agreement)`, and probability-weighted mode with a
/// discrete fallback emits `<dimension> (discrete fallback)`, 1 where the
/// written score was used for want of log-probabilities and 0 elsewhere, so
/// that its mean is the fallback rate. Where the judge gave a confidence (``JudgeConfidence``: weighted
/// and sampled modes), `<dimension> (confidence)` and `<dimension> (confident level)` record it and the
/// level it is about, for selective trust on the result. ``tally`` counts rows, failures,
/// retries and fallbacks as the run goes.
public struct ModelJudgeEvaluator<Input: SampleProtocol, Subject: EvaluationSubject>: EvaluatorProtocol {
    /// The evaluator's name in reports.
    public let name: String
    /// The dimensions scored, in the order of their metrics.
    public let dimensions: [ScoreDimension]
    /// The prompt.
    public let prompt: ModelJudgePrompt<Input, Subject.Value>
    /// Running counts of this evaluator's calls.
    public let tally = JudgeTally()
    private let judge: Result<ModelJudge, any Error>

    /// A judge of several dimensions, all scored in one call.
    ///
    /// - Parameters:
    ///   - judge: the model that judges.
    ///   - dimensions: what it scores; names must be distinct.
    ///   - prompt: instructions, target, reference and examples.
    ///   - options: scoring mode, attempts, temperature, token limit.
    public init(
        judge: any LanguageModel, dimensions: [ScoreDimension], prompt: ModelJudgePrompt<Input, Subject.Value>,
        options: JudgeSettings = JudgeSettings()
    ) {
        self.init(name: "ModelJudgeEvaluator", judge: judge, dimensions: dimensions, prompt: prompt, options: options)
    }

    /// A judge of one quality on one scale; the metric is named `name`.
    ///
    /// - Parameters:
    ///   - name: the metric's name, such as `TagQuality`.
    ///   - scale: the levels.
    ///   - judge: the model that judges.
    ///   - prompt: instructions, target, reference and examples; by default a
    ///     plain instruction to score the target.
    ///   - options: scoring mode, attempts, temperature, token limit.
    public init(
        _ name: String, scale: ScoringScale, judge: any LanguageModel,
        prompt: ModelJudgePrompt<Input, Subject.Value> = ModelJudgePrompt(
            instructions: "Score the target on the dimension below."),
        options: JudgeSettings = JudgeSettings()
    ) {
        self.init(
            name: name, judge: judge, dimensions: [ScoreDimension(name, description: "", scale: scale)],
            prompt: prompt, options: options)
    }

    private init(
        name: String, judge: any LanguageModel, dimensions: [ScoreDimension],
        prompt: ModelJudgePrompt<Input, Subject.Value>, options: JudgeSettings
    ) {
        self.name = name
        self.dimensions = dimensions
        self.prompt = prompt
        self.judge = Result { try ModelJudge(model: judge, dimensions: dimensions, options: options) }
    }

    /// The messages the judge receives for one sample.
    public func messages(subject: Subject, input: Input) async throws -> [ChatMessage] {
        let content = try await prompt.content(input: input, value: subject.value)
        return JudgePromptRenderer.messages(content: content, dimensions: dimensions)
    }

    public func metrics(subject: Subject, input: Input) async throws -> [Metric] {
        let judge = try self.judge.get()
        let judgment = try await judge.judgment(ofContent: try await prompt.content(input: input, value: subject.value))
        tally.record(judgment)
        if let failure = judgment.failure { throw failure }
        return zip(dimensions, judgment.scores).flatMap { d, v in metrics(for: d, judged: v, mode: judge.options.mode) }
    }

    private func metrics(for d: ScoreDimension, judged v: DimensionJudgment, mode: ScoringMode) -> [Metric] {
        let metric = d.metric
        var out: [Metric] = []
        switch (mode, d.scale) {
        case (.discrete, .passFail):
            out.append(v.score == 1 ? metric.passing(rationale: v.rationale) : metric.failing(rationale: v.rationale))
        default:
            out.append(metric.scoring(v.score, rationale: v.rationale))
        }
        if case .probabilityWeighted(_, .discrete) = mode {
            let why = v.fellBack ? "no log-probabilities: the written score \(v.label) was used" : nil
            out.append(Metric("\(d.name) (discrete fallback)").scoring(v.fellBack ? 1 : 0, rationale: why))
        }
        if let c = v.confidence {
            let names = JudgeConfidence.metricNames(dimension: d.name)
            out.append(Metric(names.confidence).scoring(c.value, rationale: c.method.rawValue))
            out.append(Metric(names.level).scoring(c.level))
        }
        if let s = v.sampling {
            let spread = Metric("\(d.name) (spread)")
            let agreement = Metric("\(d.name) (self-agreement)")
            let few = "fewer than two usable samples"
            out.append(s.standardDeviation.map { spread.scoring($0) } ?? spread.ignore(rationale: few))
            out.append(s.selfAgreement.map { agreement.scoring($0) } ?? agreement.ignore(rationale: few))
        }
        return out
    }
}

extension EvaluatorsBuilder {
    /// A model judge, with its generic types taken from the evaluation, so
    /// that its prompt's closures are typed without annotations.
    public static func buildExpression(_ evaluator: ModelJudgeEvaluator<Sample, Subject>) -> Component {
        [evaluator]
    }
}
