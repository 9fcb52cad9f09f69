public import DataFormats
public import LanguageModels
import Synchronization

/// Asks a language model to score rendered judge messages on a set of
/// dimensions, retries replies it cannot use, and turns the usable ones into
/// scores by the chosen ``ScoringMode``.
///
/// This is the engine under ``ModelJudgeEvaluator``; the calibration tools
/// call it directly on a frozen run's rows.
///
/// A reply that does not parse, misses a dimension or puts a score off its
/// scale is retried up to ``JudgeSettings/maxAttempts`` times in all. Each
/// retry continues the conversation with the bad reply and what was wrong
/// with it, so a deterministic server (temperature 0) is not simply asked the
/// same question again. When every attempt fails the judgment records a
/// ``JudgeFailure`` with every raw reply kept.
public struct ModelJudge: Sendable {
    /// The judge model.
    public let model: any LanguageModel
    /// What it scores.
    public let dimensions: [ScoreDimension]
    /// How it is asked.
    public let options: JudgeSettings
    /// The prompt frame last rendered, reused while rows share their instructions and examples.
    private let lastFrame = LastFrame()
    /// The reply's schema sent with every request, when the options send one.
    private let replySchema: JSONValue?

    /// A judge of `dimensions` by `model`.
    ///
    /// - Throws: ``JudgeConfigurationError`` when there are no dimensions, two
    ///   share a name, or a scale has fewer than two levels.
    public init(model: any LanguageModel, dimensions: [ScoreDimension], options: JudgeSettings = JudgeSettings()) throws {
        try JudgeConfigurationError.check(dimensions)
        if case .sampled(let count, _) = options.mode, count < 1 {
            throw JudgeConfigurationError("sampled scoring needs at least one sample, not \(count)")
        }
        if case .simulatedAnnotators(let count) = options.mode, count < 2 {
            throw JudgeConfigurationError("simulated annotators need at least two annotators, not \(count)")
        }
        self.model = model
        self.dimensions = dimensions
        self.options = options
        replySchema =
            options.sendsSchema ? JudgePromptRenderer.replySchema(for: dimensions, rationaleOpening: options.rationaleOpening) : nil
    }

    /// The request of a first attempt at `messages` (sample `sampleIndex` in
    /// sampled mode): what `judgecal rubric render` shows and the cache keys.
    public func request(for messages: [ChatMessage], sampleIndex: Int = 0) -> ChatRequest {
        var request = ChatRequest(
            messages: messages, temperature: options.temperature, maxTokens: options.maxTokens, seed: options.seed,
            schema: replySchema,
            sampleIndex: sampleIndex
        )
        switch options.mode {
        case .discrete: break
        case .probabilityWeighted(let top, _):
            request.logprobs = true
            request.topLogprobs = top
        case .sampled(_, let temperature):
            request.temperature = temperature
            request.seed = options.seed.map { $0 + sampleIndex }
        case .simulatedAnnotators: break
        }
        return request
    }

    /// The prompts the judge asks for `content`: its messages, or with simulated annotators one prompt
    /// per annotator (``SimulatedAnnotators``).
    public func prompts(for content: JudgeContent) -> [[ChatMessage]] {
        guard case .simulatedAnnotators(let count) = options.mode else { return [messages(for: content)] }
        return (0..<min(count, content.examples.count)).map { annotator in
            var shown = content
            shown.examples = SimulatedAnnotators.examples(content.examples, annotator: annotator)
            return messages(for: shown)
        }
    }

    /// `JudgePromptRenderer.messages(content:dimensions:)`, its frame rendered again only when
    /// `content`'s instructions or examples are not the last frame's.
    private func messages(for content: JudgeContent) -> [ChatMessage] {
        let last = lastFrame.frame.withLock { $0 }
        let frame: JudgePromptRenderer.Frame
        if let last, last.fits(content, levelOrder: .lowestFirst) {
            frame = last
        } else {
            frame = JudgePromptRenderer.Frame(
                instructions: content.instructions, examples: content.examples, dimensions: dimensions, levelOrder: .lowestFirst)
            lastFrame.frame.withLock { $0 = frame }
        }
        return frame.messages(reference: content.reference, target: content.target)
    }

    /// The judge's judgment of `content`, recorded under `id`: as ``judgment(of:id:)`` judges its
    /// messages, or with simulated annotators each annotator's prompt (``prompts(for:)``), its
    /// prompt hash over all of them.
    ///
    /// - Throws: ``JudgeConfigurationError`` when simulated annotators outnumber the worked
    ///   examples (``SimulatedAnnotators/check(count:examples:)``); the model's own error when the
    ///   server cannot be reached.
    public func judgment(ofContent content: JudgeContent, id: String = "") async throws -> Judgment {
        guard case .simulatedAnnotators(let count) = options.mode else { return try await judgment(of: prompts(for: content)[0], id: id) }
        try SimulatedAnnotators.check(count: count, examples: content.examples.count)
        let prompts = prompts(for: content)
        let hash = Judgment.promptHash(of: prompts.flatMap { $0 })
        do {
            let requests = prompts.enumerated().map { request(for: $1, sampleIndex: $0) }
            return try await sampledJudgment(requests, id: id, promptHash: hash, method: .annotatorAgreement)
        } catch let failure as JudgeFailure {
            return Judgment(id: id, failure: failure, model: model.modelName, promptHash: hash)
        }
    }

    /// The judge's judgment of `messages`, recorded under `id`.
    ///
    /// A row whose every attempt failed (in sampled mode, every sample) is a
    /// judgment with a ``Judgment/failure`` and no scores, not an error.
    ///
    /// - Parameters:
    ///   - messages: the rendered judge messages.
    ///   - id: the row's id when the caller has one (a frozen run's row);
    ///     empty for a sample judged on its own.
    /// - Throws: the model's own error when the server cannot be reached.
    public func judgment(of messages: [ChatMessage], id: String = "") async throws -> Judgment {
        let hash = Judgment.promptHash(of: messages)
        do {
            switch options.mode {
            case .discrete, .probabilityWeighted:
                let reply = try await usableReply(to: request(for: messages))
                return Judgment(
                    id: id,
                    scores: try score(reply),
                    rawReplies: reply.rawReplies,
                    retries: reply.rawReplies.count - 1,
                    model: reply.model,
                    promptHash: hash
                )
            case .sampled(let count, _):
                let requests = (0..<count).map { request(for: messages, sampleIndex: $0) }
                return try await sampledJudgment(requests, id: id, promptHash: hash, method: .sampleAgreement)
            case .simulatedAnnotators:
                throw JudgeConfigurationError(
                    "simulated annotators vary the worked examples, so the judge needs the prompt's parts, not rendered messages")
            }
        } catch let failure as JudgeFailure {
            return Judgment(id: id, failure: failure, model: model.modelName, promptHash: hash)
        }
    }

    // MARK: Attempts

    /// A reply whose scores parsed, with every reply received on the way.
    struct UsableReply {
        var choice: ChatResponse.Choice
        var written: [WrittenScore]
        var rawReplies: [String]
        var model: String
    }

    /// Asks until a reply parses or the attempts run out.
    func usableReply(to first: ChatRequest) async throws -> UsableReply {
        let dimensions = self.dimensions
        let reply = try await ReplyRetry.ask(model, first, maxAttempts: options.maxAttempts) { choice throws(JudgeReplyError) in
            try JudgeReplyParser.parse(choice.text, dimensions: dimensions, finishReason: choice.finishReason)
        }
        return UsableReply(choice: reply.choice, written: reply.value, rawReplies: reply.rawReplies, model: reply.model)
    }

    /// The dimension judgments of one usable reply in discrete or probability-weighted mode.
    private func score(_ reply: UsableReply) throws -> [DimensionJudgment] {
        try zip(dimensions, reply.written).map { d, w in
            var judged = DimensionJudgment(
                dimension: d.name, score: w.level.value, label: w.level.label, rationale: w.rationale)
            guard case .probabilityWeighted(_, let fallback) = options.mode else { return judged }
            do {
                let weighted = try ScoreTokenProbabilities.expectedScore(
                    of: w, dimension: d, choice: reply.choice, dimensions: dimensions)
                judged.score = weighted.expected
                judged.probabilities = weighted.probabilities
                judged.confidence = JudgeConfidence.mostProbable(weighted.probabilities, on: d.scale)
            } catch let error as JudgeReplyError {
                guard fallback == .discrete else {
                    throw JudgeFailure(attempts: [JudgeFailure.Attempt(reply: reply.choice.text, error: error)])
                }
                judged.fellBack = true
            }
            return judged
        }
    }
}

/// The one prompt frame a ``ModelJudge`` keeps (its copies share it).
private final class LastFrame: Sendable {
    let frame = Mutex<JudgePromptRenderer.Frame?>(nil)
}

/// A judge that cannot be asked as configured.
public struct JudgeConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }

    static func check(_ dimensions: [ScoreDimension]) throws(JudgeConfigurationError) {
        guard !dimensions.isEmpty else { throw Self("a judge needs at least one score dimension") }
        var seen = Set<String>()
        for d in dimensions {
            guard seen.insert(d.name.lowercased()).inserted else {
                throw Self("two score dimensions are named \(d.name); the judge's reply could not tell them apart")
            }
            guard d.scale.levels.count >= 2 else {
                throw Self("dimension \(d.name) has \(d.scale.levels.count) level(s); a scale needs at least two")
            }
            let labels = d.scale.levels.map { $0.label.lowercased() }
            guard Set(labels).count == labels.count else {
                throw Self("dimension \(d.name) has two levels with the same label")
            }
        }
    }
}

extension JudgeConfigurationError: KindedError {
    /// ``ErrorKind/malformedInput``: a rubric the judge cannot use.
    public var kind: ErrorKind { .malformedInput }
}
