/// An evaluation: a dataset, the system under test, evaluators that score each
/// sample, and the aggregates that summarise the run.
///
/// ```swift
/// struct BookTagging: Evaluation {
///     var dataset = ArrayLoader([ModelSample<BookTags>(prompt: review)])
///     func subject(from sample: ModelSample<BookTags>) async throws -> ModelSubject<BookTags> { … }
///     let tagCount = Metric("Tag Count")
///     var evaluators: Evaluators {
///         Evaluator { _, subject in … tagCount.passing() }
///     }
///     func aggregateMetrics(using aggregator: inout MetricsAggregator) {
///         aggregator.computeMean(of: tagCount)
///     }
/// }
/// let result = try await BookTagging().run(info: ["Model": "…"])
/// ```
public protocol Evaluation: Sendable {
    /// The sample type.
    associatedtype Sample: SampleProtocol
    /// The loader providing the samples.
    associatedtype SampleLoader: Loader where SampleLoader.Sample == Sample
    /// What the system under test produces for a sample.
    associatedtype Subject: EvaluationSubject

    /// The list of evaluators.
    typealias Evaluators = [any EvaluatorProtocol<Sample, Subject>]

    /// The samples.
    var dataset: SampleLoader { get }

    /// Runs the system under test on one sample.
    ///
    /// - Throws: any error; the sample keeps its row, is counted as an
    ///   inference failure, and is left out of every aggregate.
    func subject(from sample: Sample) async throws -> Subject

    /// The evaluators, each run on every sample.
    @EvaluatorsBuilder<Sample, Subject> var evaluators: Evaluators { get }

    /// Asks for the aggregates of the run.
    func aggregateMetrics(using aggregator: inout MetricsAggregator)
}

extension Evaluation {
    /// The evaluation's name: its type's name.
    public var name: String { String(describing: Self.self) }
}

/// Progress of a running evaluation.
public struct EvaluationProgress: Sendable, Hashable {
    /// Samples finished (scored or failed).
    public var completed: Int
    /// Samples in the dataset.
    public var total: Int
    /// Samples with an inference or evaluator failure so far.
    public var failed: Int
}
