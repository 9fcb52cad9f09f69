import EvaluationCore

/// What the judge said about one row: a score and rationale per dimension, or
/// a failure with every raw reply kept.
public struct Judgment: Sendable, Hashable, Codable {
    /// The row id.
    public var id: String
    /// One entry per rubric dimension, in rubric order; empty when the judge failed.
    public var scores: [DimensionJudgment]
    /// Why no score could be read, when the judge failed on this row.
    public var failure: JudgmentFailure?
    /// The judge's raw replies, every attempt.
    public var rawReplies: [String]
    /// Attempts beyond the first.
    public var retries: Int
    /// The model that answered.
    public var model: String
    /// SHA-256 of the messages sent, so a changed prompt is visible.
    public var promptHash: String

    /// Creates a judgment.
    public init(
        id: String, scores: [DimensionJudgment], failure: JudgmentFailure?, rawReplies: [String], retries: Int,
        model: String, promptHash: String
    ) {
        self.id = id
        self.scores = scores
        self.failure = failure
        self.rawReplies = rawReplies
        self.retries = retries
        self.model = model
        self.promptHash = promptHash
    }

    /// The score for a dimension, matched case-insensitively.
    public func score(_ dimension: String) -> DimensionJudgment? {
        scores.first { $0.dimension.lowercased() == dimension.lowercased() }
    }
}

/// The judge's score on one dimension of one row.
public struct DimensionJudgment: Sendable, Hashable, Codable {
    /// The dimension's name.
    public var dimension: String
    /// The score: the level's value (discrete), the expected value under the
    /// score token's probabilities, or the mean of sampled replies.
    public var score: Double
    /// The level the judge wrote.
    public var label: String
    /// The judge's rationale.
    public var rationale: String
    /// Probabilities of each level, in probability-weighted mode.
    public var probabilities: [String: Double]?
    /// Whether probability-weighted mode fell back to the written score.
    public var fellBack: Bool
    /// The standard deviation of sampled scores, in sampled mode.
    public var sampledStandardDeviation: Double?
    /// The proportion of sampled pairs that agree, in sampled mode.
    public var selfAgreement: Double?

    /// Creates a dimension judgment.
    public init(
        dimension: String, score: Double, label: String, rationale: String, probabilities: [String: Double]? = nil,
        fellBack: Bool = false, sampledStandardDeviation: Double? = nil, selfAgreement: Double? = nil
    ) {
        self.dimension = dimension
        self.score = score
        self.label = label
        self.rationale = rationale
        self.probabilities = probabilities
        self.fellBack = fellBack
        self.sampledStandardDeviation = sampledStandardDeviation
        self.selfAgreement = selfAgreement
    }
}

/// Why the judge produced no usable score for a row.
public struct JudgmentFailure: Sendable, Hashable, Codable {
    /// A stable code (`off-scale`, `truncated`, `no-json`, …).
    public var code: String
    /// What went wrong, for a person.
    public var message: String

    /// Creates a failure record.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// Every judgment of one run under one rubric and model.
public struct JudgmentSet: Sendable, Hashable, Codable {
    /// The run's name.
    public var run: String
    /// The rubric's name.
    public var rubric: String
    /// The rubric's version, if it has one.
    public var rubricVersion: String?
    /// The model's name.
    public var model: String
    /// One judgment per row, in run order.
    public var judgments: [Judgment]

    /// Creates a set.
    public init(run: String, rubric: String, rubricVersion: String?, model: String, judgments: [Judgment]) {
        self.run = run
        self.rubric = rubric
        self.rubricVersion = rubricVersion
        self.model = model
        self.judgments = judgments
    }

    /// Rows the judge scored.
    public var scoredCount: Int { judgments.filter { $0.failure == nil }.count }
    /// Rows the judge failed on.
    public var failedCount: Int { judgments.filter { $0.failure != nil }.count }
}
