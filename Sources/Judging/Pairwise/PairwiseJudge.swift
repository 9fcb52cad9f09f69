import EvaluationCore
public import LanguageModels

/// Compares two responses to the same input on a rubric's criteria, asking
/// twice with the order swapped, so that a judge that favours a position
/// shows it.
///
/// The first call shows the first response as A and the second as B; the
/// second call swaps them. Both answers are mapped back to the responses, and
/// the comparison is position-consistent when they agree (a tie both times
/// counts as agreeing). An inconsistent comparison has no preference: it is
/// counted apart, never read as a tie or a win.
public struct PairwiseJudge: Sendable {
    /// The judge model.
    public let model: any LanguageModel
    /// The criteria the responses are compared on.
    public let criteria: [ScoreDimension]
    /// What the judge is told about the app and what matters.
    public let instructions: String
    /// Attempts, temperature, token limit, seed and schema (the scoring mode is not used).
    public let options: JudgeOptions

    /// A pairwise judge.
    public init(model: any LanguageModel, criteria: [ScoreDimension], instructions: String, options: JudgeOptions = JudgeOptions()) {
        self.model = model
        self.criteria = criteria
        self.instructions = instructions
        self.options = options
    }

    /// A pairwise judge over a rubric's instructions and dimensions.
    public init(model: any LanguageModel, rubric: Rubric, options: JudgeOptions = JudgeOptions()) {
        self.init(model: model, criteria: rubric.dimensions, instructions: rubric.instructions, options: options)
    }

    /// Compares `first` and `second` as answers to `input`, in both orders.
    ///
    /// - Throws: ``JudgeFailure`` when either order gets no usable reply; the
    ///   model's own error when it cannot answer.
    public func compare(
        input: String?, first: String, second: String, reference: [LabelledText] = []
    ) async throws -> PairwiseComparison {
        let asked = try await ask(
            PairwisePrompt.messages(
                instructions: instructions, criteria: criteria, input: input, responseA: first, responseB: second, reference: reference))
        let swapped = try await ask(
            PairwisePrompt.messages(
                instructions: instructions, criteria: criteria, input: input, responseA: second, responseB: first, reference: reference))
        return PairwiseComparison(
            inGivenOrder: asked.value.winner.inGivenOrder(swapped: false),
            inSwappedOrder: swapped.value.winner.inGivenOrder(swapped: true),
            rationales: [asked.value.rationale, swapped.value.rationale],
            rawReplies: asked.rawReplies + swapped.rawReplies
        )
    }

    private func ask(_ messages: [ChatMessage]) async throws -> ReplyRetry.Parsed<PairwisePrompt.Reply> {
        let request = ChatRequest(
            messages: messages, temperature: options.temperature, maxTokens: options.maxTokens, seed: options.seed,
            schema: options.sendsSchema ? PairwisePrompt.replySchema : nil)
        return try await ReplyRetry.ask(model, request, maxAttempts: options.maxAttempts) { choice throws(JudgeReplyError) in
            try PairwisePrompt.parse(choice.text, finishReason: choice.finishReason)
        }
    }
}

/// Which of two responses a judge preferred.
public enum PairwisePreference: String, Sendable, Hashable, Codable {
    /// The first response given to ``PairwiseJudge/compare(input:first:second:reference:)``.
    case first
    /// The second response.
    case second
    /// Neither.
    case tie
}

/// The outcome of comparing two responses in both orders.
public struct PairwiseComparison: Sendable, Hashable {
    /// The preference when the first response was shown as A.
    public var inGivenOrder: PairwisePreference
    /// The preference when the first response was shown as B, mapped back.
    public var inSwappedOrder: PairwisePreference
    /// The judge's rationale for each order.
    public var rationales: [String]
    /// Every reply received, failed attempts included.
    public var rawReplies: [String]

    /// Whether both orders gave the same preference.
    public var isPositionConsistent: Bool { inGivenOrder == inSwappedOrder }

    /// The preference when position-consistent; `nil` when the orders disagree.
    public var preference: PairwisePreference? { isPositionConsistent ? inGivenOrder : nil }
}
