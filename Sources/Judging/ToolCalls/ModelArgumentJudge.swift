public import EvaluationCore
public import LanguageModels

/// The model judge of natural-language argument matchers: each
/// ``EvaluationCore/ArgumentQuestion`` rendered through a rubric (by default
/// ``Rubric/toolArgument()``) by ``JudgePromptRenderer`` and asked by
/// ``ModelJudge``, so it has every judge's prompt layout, retries of unusable
/// replies and failure records, and the response cache when `model` is a
/// `CachedModel`.
///
/// ``tally`` counts its questions, failures and retries as the evaluation goes.
/// A question the judge fails on throws the ``JudgeFailure`` (the tool-call
/// evaluator records an evaluator failure for that sample), a request the
/// server never answered included (a transport failure, counted as
/// `JudgeRun` counts one); a server that cannot be reached throws the model's
/// error.
public struct ModelArgumentJudge: ArgumentJudge {
    /// The rubric the questions are rendered through; its first dimension must be pass/fail.
    public let rubric: Rubric
    /// Running counts of the judge's work.
    public let tally = JudgeTally()
    private let judge: ModelJudge

    /// A judge asking `model` through `rubric`.
    ///
    /// - Throws: ``JudgeConfigurationError`` when the rubric does not have
    ///   exactly one dimension with a pass/fail scale; the built-in rubric's
    ///   parse error, which its test rules out.
    public init(model: any LanguageModel, rubric: Rubric? = nil, options: JudgeSettings = JudgeSettings()) throws {
        let rubric = try rubric ?? Rubric.toolArgument()
        guard rubric.dimensions.count == 1, case .passFail = rubric.dimensions[0].scale else {
            throw JudgeConfigurationError("an argument judge's rubric needs exactly one pass/fail dimension")
        }
        guard case .discrete = options.mode else {
            throw JudgeConfigurationError("an argument judge answers pass or fail; use discrete scoring")
        }
        self.rubric = rubric
        var options = options
        options.rationaleOpening = rubric.rationaleOpening
        self.judge = try ModelJudge(model: model, dimensions: rubric.dimensions, options: options)
    }

    /// The messages the judge receives for `question`.
    ///
    /// - Throws: ``DataFormats/InputError`` when the rubric's templates read a field the question lacks.
    public func messages(for question: ArgumentQuestion) throws -> [ChatMessage] {
        try JudgePromptRenderer.messages(for: rubric, row: question.row)
    }

    public func answer(_ question: ArgumentQuestion) async throws -> ArgumentMatch {
        let messages = try messages(for: question)
        let judgment: Judgment
        do {
            judgment = try await judge.judgment(of: messages)
        } catch let error as LanguageModelError {
            // Counted as JudgeRun counts a row the server did not answer; an unreachable server is rethrown.
            guard let failure = JudgeFailure(rowFailure: error) else { throw error }
            judgment = Judgment(id: "", failure: failure, model: judge.model.modelName, promptHash: Judgment.promptHash(of: messages))
        }
        tally.record(judgment)
        if let failure = judgment.failure { throw failure }
        let score = judgment.scores[0]
        return ArgumentMatch(passed: score.score == 1, reason: score.rationale)
    }
}
