/// Scores one sample: from the sample and what the system produced for it,
/// returns one or more metrics.
///
/// Evaluators see one sample at a time; statistics over the whole dataset
/// belong in ``Evaluation/aggregateMetrics(using:)``.
public protocol EvaluatorProtocol<Input, Subject>: Sendable {
    /// The sample type.
    associatedtype Input: SampleProtocol
    /// The subject type.
    associatedtype Subject: EvaluationSubject

    /// A name for reports and error summaries.
    var name: String { get }

    /// The metrics for one sample.
    ///
    /// - Throws: any error; the run records it as an evaluator failure for this
    ///   sample, keeps the sample's row, and counts it in the error summary.
    func metrics(subject: Subject, input: Input) async throws -> [Metric]
}

extension EvaluatorProtocol {
    /// The type's name.
    public var name: String { String(describing: Self.self) }
}

/// An evaluator written as a closure that returns one metric: sample first,
/// subject second.
///
/// ```swift
/// Evaluator { _, subject in
///     let count = subject.value.tags.count
///     return (3...8).contains(count)
///         ? tagCount.passing(rationale: "\(count) tags")
///         : tagCount.failing(rationale: "got \(count) tags, expected 3–8")
/// }
/// ```
public struct Evaluator<Input: SampleProtocol, Subject: EvaluationSubject>: EvaluatorProtocol {
    private let evaluate: @Sendable (Input, Subject) async throws -> Metric
    /// A name for reports; "Evaluator" unless given.
    public let name: String

    /// Creates an evaluator from a closure.
    public init(
        _ name: String = "Evaluator",
        _ evaluate: @escaping @Sendable (Input, Subject) async throws -> Metric
    ) {
        self.name = name
        self.evaluate = evaluate
    }

    public func metrics(subject: Subject, input: Input) async throws -> [Metric] {
        [try await evaluate(input, subject)]
    }
}
