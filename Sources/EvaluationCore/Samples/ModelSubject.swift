/// What the system under test produced for one sample.
public protocol EvaluationSubject: Sendable {
    /// The type of the produced value.
    associatedtype Value: Sendable
    /// The produced value.
    var value: Value { get }
}

/// The output of a language-model feature for one sample: its value and,
/// optionally, the conversation that produced it.
public struct ModelSubject<Value: Sendable>: EvaluationSubject {
    /// The produced value.
    public var value: Value
    /// The turns of the conversation that produced it, when recorded.
    public var transcript: [TranscriptEntry]?

    /// Creates a subject.
    public init(value: Value, transcript: [TranscriptEntry]? = nil) {
        self.value = value
        self.transcript = transcript
    }
}
