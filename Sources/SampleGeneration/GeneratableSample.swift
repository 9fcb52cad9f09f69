public import EvaluationCore

/// A sample a ``SampleGenerator`` can ask a model for: it reads from the model's JSON reply and
/// names the text that near-duplicates are compared on.
///
/// The seeds' framework constrains its generator to language-model samples; here any `Codable`
/// sample qualifies, so a frozen run's rows (JSON inputs) grow the same way as ``ModelSample``s.
public protocol GeneratableSample: Codable, Sendable {
    /// The text two samples are compared on for near-duplicates (``NearDuplicateIndex``): for a
    /// model sample its prompt, for a run's row its input.
    var duplicateText: String { get }
}

extension ModelSample: GeneratableSample {
    /// The prompt: two samples asking the same thing are duplicates whatever they expect.
    public var duplicateText: String { prompt }
}
