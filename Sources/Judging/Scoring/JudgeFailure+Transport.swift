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
}

extension LanguageModelError {
    /// Whether this failure is the server's, for one request, rather than one that would fail every
    /// request: retries exhausted, a timeout, a dropped connection, a malformed reply or a 429/5xx.
    /// Not an unreachable server, a configuration or cache problem, or a cancelled task.
    public var isTransientTransportFailure: Bool {
        code == .retriesExhausted || isRetryable
    }
}
