/// A worked example shown to the judge: a target, the score it deserves on
/// each dimension, and why.
///
/// Keep examples few: a long list teaches the judge to echo them, and the
/// alignment score then measures memory rather than agreement. An example may
/// name the row of the run it was taken from (``rowID``) so that alignment can
/// hold that row out, and lint can check that the row exists.
public struct JudgeExample: Sendable, Hashable, Codable {
    /// A short title, such as `Clean fit (Pride and Prejudice)`.
    public var title: String?
    /// The example's target text, as the judge would see a real target.
    public var target: String
    /// The score per dimension name.
    public var scores: [String: LevelLabel]
    /// Why these scores.
    public var reason: String
    /// The row of the run this example was taken from, if any.
    public var rowID: String?

    /// Creates a worked example.
    public init(
        _ title: String? = nil, target: String, scores: [String: LevelLabel], reason: String, rowID: String? = nil
    ) {
        self.title = title
        self.target = target
        self.scores = scores
        self.reason = reason
        self.rowID = rowID
    }
}
