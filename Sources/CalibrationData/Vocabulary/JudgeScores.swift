public import Judging

/// One judge score of one row on one dimension, with the judge's reasoning.
public struct JudgeScore: Sendable, Hashable, Codable {
    /// The score; may be fractional (probability-weighted or averaged scores).
    public var value: Double
    /// The judge's rationale, shown beside the row when it is among the worst disagreements.
    public var rationale: String?
    /// How sure the judge was, and of which level; `nil` when it did not say (``Judging/JudgeConfidence``).
    public var confidence: JudgeConfidence?

    /// Creates a judge score.
    public init(_ value: Double, rationale: String? = nil, confidence: JudgeConfidence? = nil) {
        self.value = value
        self.rationale = rationale
        self.confidence = confidence
    }
}

/// What one judge produced on one dimension: a score per row id, and the rows
/// it failed on (an unparsable or off-scale reply after retries) with the reason.
///
/// A failed row is counted, never scored: it is neither paired with the
/// expert nor turned into the lowest score.
public struct JudgeScores: Sendable, Hashable, Codable {
    /// Scores by row id.
    public var scores: [String: JudgeScore]
    /// Failure reasons by row id.
    public var failures: [String: String]

    /// Creates a judge's scores and failures.
    public init(scores: [String: JudgeScore], failures: [String: String] = [:]) {
        self.scores = scores
        self.failures = failures
    }
}
