/// What the judge concluded on one row: a score and rationale per dimension,
/// with the raw replies and how many attempts it took.
public struct JudgeVerdict: Sendable, Hashable {
    /// One entry per dimension, in the dimensions' order.
    public var dimensions: [DimensionVerdict]
    /// Every reply received, in order, failed attempts included.
    public var rawReplies: [String]
    /// Replies that could not be used and were retried.
    public var retries: Int
    /// Sampled replies that failed every attempt (sampled mode only); the
    /// scores rest on the others.
    public var failedSamples: Int
    /// The model that answered, as the server named it.
    public var model: String

    /// The verdict for the named dimension.
    public func dimension(_ name: String) -> DimensionVerdict? {
        dimensions.first { $0.name == name }
    }
}

/// One dimension's outcome.
public struct DimensionVerdict: Sendable, Hashable {
    /// The dimension's name.
    public var name: String
    /// The score: the written level's value, the probability-weighted
    /// expectation, or the mean of the samples, by scoring mode.
    public var score: Double
    /// The level written (in sampled mode, that of the first sample).
    public var level: ScaleLevel
    /// The judge's rationale (in sampled mode, that of the first sample).
    public var rationale: String
    /// Probability-weighted mode: each level's renormalised probability, by label.
    public var probabilities: [String: Double]?
    /// Probability-weighted mode: whether the written score was used because
    /// no log-probabilities were available.
    public var fellBack: Bool
    /// Sampled mode: the spread and self-agreement of the samples.
    public var sampling: SampledScores?
}

/// The scores of repeated replies to one prompt.
public struct SampledScores: Sendable, Hashable {
    /// Each usable sample's value, in sample order.
    public var values: [Double]
    /// Their mean.
    public var mean: Double
    /// Their sample standard deviation (n − 1); `nil` with fewer than two samples.
    public var standardDeviation: Double?
    /// The share of pairs of samples that chose the same level; `nil` with
    /// fewer than two samples.
    ///
    /// 1 when every sample agrees.
    public var selfAgreement: Double?
}

/// A row the judge could not score: every attempt's reply and what was wrong
/// with it.
///
/// Counted as a judge failure, never turned into a score.
public struct JudgeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// One failed attempt.
    public struct Attempt: Sendable, Hashable {
        /// The reply's text, kept whole.
        public var reply: String
        /// What was wrong with it.
        public var error: JudgeReplyError
    }

    /// The attempts, in order.
    public var attempts: [Attempt]

    /// The kind of the last attempt's problem (see ``JudgeReplyError/code``).
    public var code: String { attempts.last?.error.code ?? "no-attempt" }

    public var description: String {
        let parts = attempts.enumerated().map { i, a in
            "attempt \(i + 1): \(a.error) — raw reply: \"\(JudgePromptRenderer.jsonEscaped(a.reply))\""
        }
        return "judge failure after \(attempts.count) attempt\(attempts.count == 1 ? "" : "s"): "
            + parts.joined(separator: "; ")
    }
}
