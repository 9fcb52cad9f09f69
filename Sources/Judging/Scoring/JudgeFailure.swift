import DataFormats

/// A row the judge could not score: every attempt's reply and what was wrong
/// with it.
///
/// Counted as a judge failure, never turned into a score. In a judgments file
/// it is stored as `{code, message, attempts: [{reply, code, message}]}`;
/// files written before the attempts were kept have only `code` and `message`,
/// and read back with no ``attempts``.
public struct JudgeFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// One failed attempt.
    public struct Attempt: Sendable, Hashable {
        /// The reply's text, kept whole.
        public var reply: String
        /// What was wrong with it.
        public var error: JudgeReplyError

        /// Creates an attempt.
        public init(reply: String, error: JudgeReplyError) {
            self.reply = reply
            self.error = error
        }
    }

    /// The attempts, in order.
    public let attempts: [Attempt]
    /// The kind of the last attempt's problem (see ``JudgeReplyError/code``):
    /// `off-scale`, `truncated`, `no-json`, …; `no-attempt` when there was none.
    public let code: String
    /// Every attempt's problem and raw reply, for a person.
    public let message: String

    /// The failure of `attempts`.
    public init(attempts: [Attempt]) {
        self.attempts = attempts
        self.code = attempts.last?.error.code ?? "no-attempt"
        let parts = attempts.enumerated().map { i, a in
            "attempt \(i + 1): \(a.error) — raw reply: \(JSONValue.quoted(a.reply))"
        }
        self.message =
            "judge failure after \(attempts.count) attempt\(attempts.count == 1 ? "" : "s"): "
            + parts.joined(separator: "; ")
    }

    /// A failure with its parts given (a transport failure has no attempts).
    init(attempts: [Attempt], code: String, message: String) {
        self.attempts = attempts
        self.code = code
        self.message = message
    }

    /// ``message``.
    public var description: String { message }
}

extension JudgeFailure {
    private enum CodingKeys: String, CodingKey {
        case code, message, attempts
    }

    private enum AttemptKeys: String, CodingKey {
        case reply, code, message
    }

    /// Reads a failure; `attempts` may be absent (files written before they were kept).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var attempts: [Attempt] = []
        if c.contains(.attempts) {
            var list = try c.nestedUnkeyedContainer(forKey: .attempts)
            while !list.isAtEnd {
                let a = try list.nestedContainer(keyedBy: AttemptKeys.self)
                let error = JudgeReplyError.recorded(
                    code: try a.decode(String.self, forKey: .code), message: try a.decode(String.self, forKey: .message))
                attempts.append(Attempt(reply: try a.decode(String.self, forKey: .reply), error: error))
            }
        }
        self.attempts = attempts
        self.code = try c.decode(String.self, forKey: .code)
        self.message = try c.decode(String.self, forKey: .message)
    }

    /// Writes the code, the message and each attempt's reply, code and message.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
        var list = c.nestedUnkeyedContainer(forKey: .attempts)
        for attempt in attempts {
            var a = list.nestedContainer(keyedBy: AttemptKeys.self)
            try a.encode(attempt.reply, forKey: .reply)
            try a.encode(attempt.error.code, forKey: .code)
            try a.encode(attempt.error.description, forKey: .message)
        }
    }
}
