public import DataFormats
public import Foundation

/// Everything a run produced: each sample's metrics, the aggregates, the
/// errors, and the run's information and timing.
public struct EvaluationResult: Sendable, Hashable, Codable {
    /// The evaluation's name.
    public var name: String
    /// Free-form information recorded with the run (prompt text, model, app version…).
    public var info: [String: String]
    /// When the run started.
    public var startedAt: Date
    /// When the run ended.
    public var endedAt: Date
    /// One outcome per sample, in dataset order.
    public var samples: [SampleOutcome]
    /// The aggregates, in the order they were requested.
    public var aggregates: [AggregateRecord]
    /// What went wrong, counted.
    public var errors: ErrorSummary

    /// Creates a result.
    public init(
        name: String, info: [String: String], startedAt: Date, endedAt: Date,
        samples: [SampleOutcome], aggregates: [AggregateRecord], errors: ErrorSummary
    ) {
        self.name = name
        self.info = info
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.samples = samples
        self.aggregates = aggregates
        self.errors = errors
    }

    /// The run's wall-clock duration in seconds.
    public var duration: TimeInterval { endedAt.timeIntervalSince(startedAt) }

    /// The aggregate named by `operation`, with its `n` and, when it has no
    /// value, the reason.
    public func aggregate(_ operation: AggregationOperation) -> AggregateRecord? {
        aggregates.first { $0.operation == operation }
    }

    /// The value of an aggregate, or `nil` when it was not requested or is
    /// undefined (see ``aggregate(_:)`` for the reason).
    ///
    /// Never −1.
    public func aggregateValue(_ operation: AggregationOperation) -> Double? {
        aggregate(operation)?.value
    }

    /// One row per aggregate: group, label, value, n and the reason when undefined.
    public var summary: ResultTable {
        ResultTable(
            columns: ["Group", "Aggregate", "Value", "N", "Note"],
            rows: aggregates.map { a in
                [
                    .text(a.groups.joined(separator: " / ")),
                    .text(a.operation.description),
                    a.value.map(ResultTable.Cell.number) ?? .missing(a.reason ?? "no value"),
                    .number(Double(a.n)),
                    .text(a.reason ?? ""),
                ]
            }
        )
    }

    /// One row per sample: its index, prompt and response, then one column per
    /// metric (in the order first seen), then any error.
    public var detailed: ResultTable {
        var names: [String] = []
        for s in samples {
            for m in s.metrics where !names.contains(m.name) { names.append(m.name) }
        }
        let rows: [[ResultTable.Cell]] = samples.map { s in
            var row: [ResultTable.Cell] = [
                .number(Double(s.index)), .text(s.prompt ?? ""), s.response.map(ResultTable.Cell.text) ?? .missing("no response"),
            ]
            for name in names {
                if let m = s.metrics.first(where: { $0.name == name }) {
                    switch m.value {
                    case .passing: row.append(.text("pass"))
                    case .failing: row.append(.text("fail"))
                    case .score(let d): row.append(.number(d))
                    case .ignored: row.append(.missing("ignored"))
                    case .unrecorded: row.append(.missing("unrecorded"))
                    }
                } else {
                    row.append(.missing("not recorded"))
                }
            }
            let problems = ([s.inferenceError].compactMap { $0 } + s.evaluatorErrors.map { "\($0.evaluator): \($0.message)" })
            row.append(.text(problems.joined(separator: "; ")))
            return row
        }
        return ResultTable(columns: ["Sample", "Prompt", "Response"] + names + ["Error"], rows: rows)
    }
}

/// One aggregate's outcome.
public struct AggregateRecord: Sendable, Hashable, Codable {
    /// The report groups it sits in, outermost first.
    public var groups: [String]
    /// What was computed.
    public var operation: AggregationOperation
    /// The metric it was computed over.
    public var metric: String
    /// The value, or `nil` when undefined.
    public var value: Double?
    /// How many samples' values it rests on.
    public var n: Int
    /// Why there is no value.
    public var reason: String?

    /// Creates a record.
    public init(groups: [String], operation: AggregationOperation, metric: String, value: Double?, n: Int, reason: String?) {
        self.groups = groups
        self.operation = operation
        self.metric = metric
        self.value = value
        self.n = n
        self.reason = reason
    }
}

/// One sample's outcome.
public struct SampleOutcome: Sendable, Hashable, Codable {
    /// The 0-based position in the dataset.
    public var index: Int
    /// The prompt, for samples that have one.
    public var prompt: String?
    /// The expected value, as JSON, when present.
    public var expected: String?
    /// What the system produced (as JSON when it encodes), or `nil` if inference failed.
    public var response: String?
    /// The metrics recorded for this sample.
    public var metrics: [RecordedMetric]
    /// Why `subject(from:)` failed, if it did.
    public var inferenceError: String?
    /// Evaluators that threw on this sample.
    public var evaluatorErrors: [EvaluatorFailure]

    /// Creates an outcome.
    public init(
        index: Int, prompt: String?, expected: String?, response: String?, metrics: [RecordedMetric],
        inferenceError: String?, evaluatorErrors: [EvaluatorFailure]
    ) {
        self.index = index
        self.prompt = prompt
        self.expected = expected
        self.response = response
        self.metrics = metrics
        self.inferenceError = inferenceError
        self.evaluatorErrors = evaluatorErrors
    }

    /// The recorded metric with this name.
    public func metric(_ name: String) -> RecordedMetric? { metrics.first { $0.name == name } }
}

/// A metric as recorded for one sample, with the evaluator that produced it.
public struct RecordedMetric: Sendable, Hashable, Codable {
    /// The metric's name.
    public var name: String
    /// The recorded value.
    public var value: Metric.Value
    /// The evaluator's rationale.
    public var rationale: String?
    /// The evaluator that produced it (`#2 Evaluator`).
    public var evaluator: String

    /// Creates a record.
    public init(name: String, value: Metric.Value, rationale: String?, evaluator: String) {
        self.name = name
        self.value = value
        self.rationale = rationale
        self.evaluator = evaluator
    }

    /// The value as a number: 1 passing, 0 failing, the score; `nil` otherwise.
    public var doubleValue: Double? { value.doubleValue }
}

/// An evaluator that threw on one sample.
public struct EvaluatorFailure: Sendable, Hashable, Codable {
    /// The evaluator (`#2 Evaluator`).
    public var evaluator: String
    /// The error.
    public var message: String

    /// Creates a record.
    public init(evaluator: String, message: String) {
        self.evaluator = evaluator
        self.message = message
    }
}

/// The errors of a run, counted and listed.
public struct ErrorSummary: Sendable, Hashable, Codable {
    /// Samples whose `subject(from:)` threw.
    public var inferenceFailures: Int = 0
    /// Evaluator calls that threw, over all samples.
    public var evaluatorFailures: Int = 0
    /// For each evaluator that threw, how many times.
    public var failedEvaluators: [String: Int] = [:]
    /// Metrics an aggregation asked for that no sample recorded.
    public var metricsNotFound: [String] = []
    /// Metric names emitted by more than one evaluator; their aggregates are undefined.
    public var metricNameConflicts: [MetricNameConflict] = []
    /// Rows the loader left out under ``MalformedRowPolicy/skip``.
    public var skippedRows: [SkippedRow] = []

    /// An empty summary.
    public init() {}

    /// Whether anything at all went wrong.
    public var hasFailures: Bool {
        inferenceFailures > 0 || evaluatorFailures > 0 || !metricsNotFound.isEmpty
            || !metricNameConflicts.isEmpty || !skippedRows.isEmpty
    }
}

/// A metric name that more than one evaluator emitted.
public struct MetricNameConflict: Sendable, Hashable, Codable {
    /// The metric's name.
    public var metric: String
    /// The evaluators that emitted it.
    public var evaluators: [String]

    /// Creates a record.
    public init(metric: String, evaluators: [String]) {
        self.metric = metric
        self.evaluators = evaluators
    }
}
