/// One aggregate of a run, named the way ``EvaluationResult/aggregateValue(_:)``
/// looks it up: `.mean(of: tagCount)`, `.custom(label: "Relevance Alignment")`.
public enum AggregationOperation: Sendable, Hashable, Codable, CustomStringConvertible {
    case mean(of: String)
    case median(of: String)
    case mode(of: String)
    case minimum(of: String)
    case maximum(of: String)
    case standardDeviation(of: String)
    case variance(of: String)
    case custom(label: String)

    /// The mean of a metric (the pass rate of a pass/fail metric).
    public static func mean(of metric: Metric) -> Self { .mean(of: metric.name) }
    /// The median of a metric.
    public static func median(of metric: Metric) -> Self { .median(of: metric.name) }
    /// The single most frequent value of a metric (undefined on a tie).
    public static func mode(of metric: Metric) -> Self { .mode(of: metric.name) }
    /// The smallest value of a metric.
    public static func minimum(of metric: Metric) -> Self { .minimum(of: metric.name) }
    /// The largest value of a metric.
    public static func maximum(of metric: Metric) -> Self { .maximum(of: metric.name) }
    /// The sample standard deviation (n − 1) of a metric.
    public static func standardDeviation(of metric: Metric) -> Self { .standardDeviation(of: metric.name) }
    /// The sample variance (n − 1) of a metric.
    public static func variance(of metric: Metric) -> Self { .variance(of: metric.name) }

    /// The metric the operation reads, or `nil` for a custom aggregation (which
    /// names its metric separately).
    public var metricName: String? {
        switch self {
        case .mean(let m), .median(let m), .mode(let m), .minimum(let m), .maximum(let m),
            .standardDeviation(let m), .variance(let m):
            m
        case .custom: nil
        }
    }

    /// The label of the summary row: "Mean of Tag Count", or a custom label.
    public var description: String {
        switch self {
        case .mean(let m): "Mean of \(m)"
        case .median(let m): "Median of \(m)"
        case .mode(let m): "Mode of \(m)"
        case .minimum(let m): "Minimum of \(m)"
        case .maximum(let m): "Maximum of \(m)"
        case .standardDeviation(let m): "Standard deviation of \(m)"
        case .variance(let m): "Variance of \(m)"
        case .custom(let label): label
        }
    }
}
