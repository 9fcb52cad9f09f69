public import DataFormats
public import EvaluationCore

/// One row of a frozen run as an evaluation sample.
///
/// Its prompt is the row's id (what the per-sample table shows), its expected
/// value the row's reference answer, and ``row`` the whole frozen row.
public struct FrozenSample: ToolCallSample, PromptedSample, Hashable {
    /// The frozen row.
    public var row: FrozenRow

    /// A sample for `row`.
    public init(row: FrozenRow) { self.row = row }

    /// The row's reference answer, if it has one.
    public var expected: JSONValue? { row.expected }

    /// The tool calls expected for the row, if any.
    public var expectations: TrajectoryExpectation? { row.expectations }

    /// The row id, shown as the sample's prompt in the per-sample table.
    public var prompt: String { row.id }

    /// The recorded output, replayed: a subject whose value is the whole row
    /// (`{"id", "input", "expected", "response", "metadata"}`), so rubric
    /// templates can address any of it, with the row's transcript (and so its
    /// tool calls) when it has one.
    ///
    /// No model is called.
    public func replay() -> ModelSubject<JSONValue> {
        ModelSubject(value: row.json, transcript: row.transcript)
    }
}

/// The samples of a frozen run, in file order.
public struct FrozenRunLoader: Loader {
    /// The run.
    public var run: FrozenRun

    /// A loader over `run`.
    public init(_ run: FrozenRun) { self.run = run }

    public func load() async throws -> LoadedSamples<FrozenSample> {
        LoadedSamples(samples: run.rows.map(FrozenSample.init(row:)))
    }
}

/// An evaluation that re-scores a frozen run: its subject replays each row's
/// recorded output, so the evaluators (a model judge, code checks) are the
/// only moving part.
///
/// For a judge-alignment evaluation written in Swift, in the shape of Apple's
/// Book Tracker `ModelJudgeAlignmentEvaluation`, write your own `Evaluation`
/// with `var dataset = FrozenRunLoader(run)` and
/// `subject(from:) { sample.replay() }`; this type is the same thing with the
/// evaluators and aggregates passed in.
public struct FrozenReplayEvaluation: Evaluation {
    /// The run's rows.
    public var dataset: FrozenRunLoader
    private let evaluatorList: [any EvaluatorProtocol<FrozenSample, ModelSubject<JSONValue>>]
    private let aggregate: @Sendable (inout MetricsAggregator) -> Void

    /// An evaluation of `run` with the given evaluators and aggregates.
    public init(
        run: FrozenRun,
        evaluators: [any EvaluatorProtocol<FrozenSample, ModelSubject<JSONValue>>],
        aggregates: @escaping @Sendable (inout MetricsAggregator) -> Void = { _ in }
    ) {
        self.dataset = FrozenRunLoader(run)
        self.evaluatorList = evaluators
        self.aggregate = aggregates
    }

    /// The run's name.
    public var name: String { dataset.run.info.name }

    public func subject(from sample: FrozenSample) async throws -> ModelSubject<JSONValue> {
        sample.replay()
    }

    public var evaluators: Evaluators { evaluatorList }

    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregate(&aggregator)
    }
}
