/// The outcome of comparing two responses, a and b, to the same input: a preferred, a tie, or b
/// preferred.
///
/// On a declared scale the outcomes are categories valued 0, 1, 2 in the order a, tie, b (so a
/// higher value leans to b), the values a rubric's custom scale `a, tie, b` gives them, so that a
/// human preference read from a label sheet and a judge's pairwise verdict land in the same
/// category of one ``ContingencyTable``.
public enum PreferenceOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// Response a is better.
    case a
    /// Neither is better.
    case tie
    /// Response b is better.
    case b

    /// The three outcomes as categories: a 0, tie 1, b 2.
    public static let scale = CategoryScale(labels: allCases.map(\.rawValue))

    /// The outcome's value on ``scale``.
    public var value: Double {
        switch self {
        case .a: 0
        case .tie: 1
        case .b: 2
        }
    }

    /// The outcome worth `value` on ``scale``, or `nil` for any other number.
    public init?(value: Double) {
        guard let outcome = Self.allCases.first(where: { $0.value == value }) else { return nil }
        self = outcome
    }

    /// The same outcome with a and b exchanged: what a verdict given with the responses shown the
    /// other way round means for the responses as given.
    public var swapped: PreferenceOutcome {
        switch self {
        case .a: .b
        case .tie: .tie
        case .b: .a
        }
    }
}
