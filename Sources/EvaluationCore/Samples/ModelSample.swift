/// A sample that an ``Evaluation`` feeds to the system under test.
public protocol SampleProtocol: Sendable {
    /// The type of the reference answer, if the sample carries one.
    associatedtype ExpectedValue: Codable & Sendable
    /// The reference answer, when the dataset has one.
    var expected: ExpectedValue? { get }
}

/// A language-model sample: a prompt, optional instructions, an optional
/// expected value and, for an agent, the tool calls expected of it.
///
/// `ModelSample` is generic over the *expected* value, not the input: the
/// prompt is always text. It is `Codable`, so a dataset written with
/// `JSONEncoder` reads back through ``JSONLoader`` with no bespoke format.
public struct ModelSample<ExpectedValue: Codable & Sendable>: SampleProtocol, Codable {
    /// The prompt given to the system under test.
    public var prompt: String
    /// The reference answer, if any.
    public var expected: ExpectedValue?
    /// Instructions accompanying the prompt, if any.
    public var instructions: String?
    /// The tool calls expected of the system under test, if any.
    public var expectations: TrajectoryExpectation?

    /// Creates a sample.
    public init(
        prompt: String, expected: ExpectedValue? = nil, instructions: String? = nil,
        expectations: TrajectoryExpectation? = nil
    ) {
        self.prompt = prompt
        self.expected = expected
        self.instructions = instructions
        self.expectations = expectations
    }
}

extension ModelSample: Equatable where ExpectedValue: Equatable {}
extension ModelSample: Hashable where ExpectedValue: Hashable {}
