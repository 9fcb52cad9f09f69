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
    public var scores: [String: JudgeScore]
    /// Why these scores.
    public var reason: String
    /// The row of the run this example was taken from, if any.
    public var rowID: String?

    /// Creates a worked example.
    public init(
        _ title: String? = nil, target: String, scores: [String: JudgeScore], reason: String, rowID: String? = nil
    ) {
        self.title = title
        self.target = target
        self.scores = scores
        self.reason = reason
        self.rowID = rowID
    }
}

/// A score as written on a scale: a number (`4`) or a label (`"pass"`).
///
/// Integer and string literals both make one, so an example reads
/// `scores: ["Relevance": 4, "Grounded": "pass"]`.
public struct JudgeScore: Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The level's label as the judge writes it.
    public var label: String

    /// A score written as `label`.
    public init(_ label: String) { self.label = label }

    public init(integerLiteral value: Int) { self.label = String(value) }

    public init(stringLiteral value: String) { self.label = value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) {
            label = String(n)
        } else {
            label = try c.decode(String.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let n = Int(label) { try c.encode(n) } else { try c.encode(label) }
    }

    public var description: String { label }
}
