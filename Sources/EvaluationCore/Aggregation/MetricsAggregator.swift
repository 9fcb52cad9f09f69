public import StatisticsCore

/// Collects the aggregates an evaluation asks for in
/// ``Evaluation/aggregateMetrics(using:)``; the run computes them once every
/// sample is scored.
///
/// Each aggregate is computed over the samples that recorded a value for the
/// metric (ignored samples, failed samples and samples whose evaluator threw
/// are left out), and the summary says how many that was. An aggregate over no
/// values is `nil` with a reason, never −1.
public struct MetricsAggregator: Sendable {
    /// A custom aggregation: receives the metric's value for every sample in
    /// dataset order, `nil` where the sample recorded none.
    public typealias CustomAggregation = @Sendable ([Double?]) throws -> Estimate

    struct Request: Sendable {
        var groups: [String]
        var operation: AggregationOperation
        var metricName: String
        var custom: CustomAggregation?
    }

    private(set) var requests: [Request] = []
    private var path: [String] = []

    /// An aggregator with nothing requested.
    public init() {}

    private mutating func add(_ operation: AggregationOperation, metric: String, custom: CustomAggregation? = nil) {
        requests.append(Request(groups: path, operation: operation, metricName: metric, custom: custom))
    }

    /// The arithmetic mean; over a pass/fail metric, the pass rate.
    public mutating func computeMean(of metric: Metric) { add(.mean(of: metric), metric: metric.name) }
    /// The median.
    public mutating func computeMedian(of metric: Metric) { add(.median(of: metric), metric: metric.name) }
    /// The mode; undefined with the tied values listed when several are equally frequent.
    public mutating func computeMode(of metric: Metric) { add(.mode(of: metric), metric: metric.name) }
    /// The minimum.
    public mutating func computeMinimum(of metric: Metric) { add(.minimum(of: metric), metric: metric.name) }
    /// The maximum.
    public mutating func computeMaximum(of metric: Metric) { add(.maximum(of: metric), metric: metric.name) }
    /// The sample standard deviation (divisor n − 1).
    public mutating func computeStandardDeviation(of metric: Metric) {
        add(.standardDeviation(of: metric), metric: metric.name)
    }
    /// The sample variance (divisor n − 1).
    public mutating func computeVariance(of metric: Metric) { add(.variance(of: metric), metric: metric.name) }

    /// A statistic of your own over one metric's values, found later by
    /// `.custom(label:)`.
    ///
    /// The closure receives one entry per sample **in dataset order**, `nil`
    /// where the sample has no value (ignored, failed, or its evaluator threw),
    /// so that a positional join against another list of the same samples stays
    /// aligned. Return `nil` when the statistic is undefined on these values.
    public mutating func custom(
        of metric: Metric,
        label: String,
        _ aggregate: @escaping @Sendable ([Double?]) throws -> Double?
    ) {
        add(.custom(label: label), metric: metric.name) { values in
            let n = values.lazy.compactMap { $0 }.count
            if let v = try aggregate(values) { return Estimate(value: v, n: n) }
            return Estimate(
                undefined: UndefinedReason(code: "custom-undefined", message: "the custom aggregation returned no value"),
                n: n
            )
        }
    }

    /// A statistic of your own that reports its own `n` and, when undefined, its reason.
    public mutating func custom(
        of metric: Metric,
        label: String,
        estimate aggregate: @escaping CustomAggregation
    ) {
        add(.custom(label: label), metric: metric.name, custom: aggregate)
    }

    /// A titled group of aggregates: a section of the report.
    public mutating func group(_ name: String, _ body: (inout MetricsAggregator) -> Void) {
        path.append(name)
        body(&self)
        path.removeLast()
    }
}
