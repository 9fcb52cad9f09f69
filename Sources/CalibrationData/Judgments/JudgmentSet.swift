public import Judging

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
    /// Of the failed rows, those the judge server never answered (``Judging/JudgeFailure/isTransport``),
    /// in order: nothing of them is cached, so the next run asks exactly these again.
    public var unansweredIDs: [String] { judgments.filter { $0.failure?.isTransport == true }.map(\.id) }
}
