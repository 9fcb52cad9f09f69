/// A level's label as written in a rubric: a number (`4`) or a word (`"pass"`).
///
/// A worked example's score on a dimension is the label of the level it
/// deserves, and a rubric document names each level by one, so both are
/// written with this type.
///
/// Integer and string literals both make one, so an example reads
/// `scores: ["Relevance": 4, "Grounded": "pass"]`.
public struct LevelLabel: Sendable, Hashable, Codable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The level's label as the judge writes it.
    public var label: String

    /// The label `label`.
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
