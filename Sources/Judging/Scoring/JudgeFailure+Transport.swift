public import LanguageModels

extension JudgeFailure {
    /// The ``code`` of a row whose request never got an answer: timeouts, 5xx after every retry,
    /// dropped connections.
    public static let transportCode = "transport"

    /// The failure of a row whose request the server never answered.
    ///
    /// Unlike a reply that did not parse or was off the scale, which is the judge's answer and is
    /// replayed from the response cache, nothing of a transport failure is cached: a later run over
    /// the same cache asks the row again.
    public init(transport error: LanguageModelError) {
        self.init(
            attempts: [], code: Self.transportCode,
            message: "the judge server did not answer (\(error.code)); run again to ask this row again: \(error.message)")
    }

    /// Whether the row failed because the server did not answer, so a later run asks it again.
    public var isTransport: Bool { code == Self.transportCode }

    /// The code of a row whose prompt the model cannot take: longer than its context.
    public static let promptTooLongCode = "prompt-too-long"

    /// A row the server refused because its prompt does not fit the model's
    /// context (``LanguageModelError/isPromptTooLong``): the judge's failure on
    /// this row, counted, with the server's words; nothing is cached, so a
    /// model with a longer context is asked again.
    public init(promptTooLong error: LanguageModelError) {
        self.init(
            attempts: [], code: Self.promptTooLongCode,
            message:
                "the prompt does not fit the judge model's context; use a model with a longer context or shorten the rubric: \(error.message)"
        )
    }
}

extension JudgeFailure {
    /// The code of a row whose reply was longer than the client reads
    /// (``LanguageModels/LanguageModelError/Code/replyTooLarge``).
    public static let replyTooLargeCode = "reply-too-large"

    /// A row whose reply the client refused for its size: the judge's answer
    /// (at temperature 0 with a fixed seed, asking again gets the same runaway
    /// reply), so not a transport failure and not counted towards stopping the
    /// run; its first bytes were never kept, so nothing is cached, and a run with
    /// a larger `maxReplyBytes` (or a model that stops) asks it again.
    public init(replyTooLarge error: LanguageModelError) {
        self.init(attempts: [], code: Self.replyTooLargeCode, message: "the judge's reply was too long to read: \(error.message)")
    }

    /// The code of a row whose request waits for a batch engine's answer
    /// (``LanguageModels/LanguageModelError/Code/batchPending``): not cached, not a transport
    /// failure, and not counted towards stopping the run.
    public static let batchPendingCode = "batch-pending"

    /// The row failure that `error` from the model makes, or `nil` when `error`
    /// would fail every row (an unreachable server, a configuration or cache
    /// problem, a cancelled task) and should stop the run.
    public init?(rowFailure error: LanguageModelError) {
        if error.isPromptTooLong {
            self.init(promptTooLong: error)
        } else if error.code == .replyTooLarge {
            self.init(replyTooLarge: error)
        } else if error.code == .batchPending {
            self.init(attempts: [], code: Self.batchPendingCode, message: error.message)
        } else if error.isTransientTransportFailure {
            self.init(transport: error)
        } else {
            return nil
        }
    }
}

extension LanguageModelError {
    /// Whether the server refused this one request because its prompt is
    /// longer than the model's context: HTTP 400, 413 or 422 whose reply names
    /// the context length (OpenAI's and llama.cpp's `context_length_exceeded`,
    /// vLLM's "maximum context length"). Other requests may still fit.
    public var isPromptTooLong: Bool {
        guard let statusCode, [400, 413, 422].contains(statusCode) else { return false }
        let text = message.lowercased()
        return text.contains("context_length_exceeded") || text.contains("maximum context length")
            || text.contains("context length") || text.contains("exceeds the available context size")
    }

    /// Whether this failure is the server's, for one request, rather than one that would fail every
    /// request: retries exhausted, a timeout, a dropped connection, a malformed reply or a 429/5xx.
    /// Not an unreachable server, a configuration or cache problem, or a cancelled task.
    public var isTransientTransportFailure: Bool {
        code == .retriesExhausted || isRetryable
    }
}
