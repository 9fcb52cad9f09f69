/// A named measurement: both the identifier of a metric and, once an evaluator
/// fills it in, one sample's result for it.
///
/// Declare a metric once (`let tagCount = Metric("Tag Count")`) and return
/// `tagCount.passing()`, `tagCount.failing(rationale:)`, `tagCount.scoring(4)`
/// or `tagCount.ignore(rationale:)` from an evaluator. Metrics are identified by
/// ``name``: aggregations and lookups match by name. Two different evaluators
/// emitting the same name is a conflict that the run reports (see
/// ``ErrorSummary/metricNameConflicts``) rather than pooling their values.
public struct Metric: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A metric's result for one sample.
    public enum Value: Sendable, Hashable, Codable {
        /// The identifier only: no result recorded.
        case unrecorded
        /// A success; aggregates as 1.
        case passing
        /// A failure; aggregates as 0.
        case failing
        /// A number.
        case score(Double)
        /// Excluded from aggregation for this sample.
        case ignored

        /// The number this result contributes to aggregates: 1 for passing, 0
        /// for failing, the score for a score; `nil` for ignored or unrecorded.
        public var doubleValue: Double? {
            switch self {
            case .passing: 1
            case .failing: 0
            case .score(let s): s
            case .ignored, .unrecorded: nil
            }
        }
    }

    /// The metric's name, also its column in the detailed table.
    public let name: String
    /// The recorded result.
    public private(set) var value: Value
    /// Why the evaluator gave this result, when it said.
    public private(set) var rationale: String?

    /// Creates the identifier of a metric.
    public init(_ name: String) {
        self.name = name
        self.value = .unrecorded
        self.rationale = nil
    }

    private func with(_ value: Value, _ rationale: String?) -> Metric {
        var copy = self
        copy.value = value
        copy.rationale = rationale
        return copy
    }

    /// This metric, recorded as a success (1 in a mean: a pass rate).
    public func passing(rationale: String? = nil) -> Metric { with(.passing, rationale) }

    /// This metric, recorded as a failure (0 in a mean).
    public func failing(rationale: String? = nil) -> Metric { with(.failing, rationale) }

    /// This metric, recorded as a number.
    public func scoring(_ value: Double, rationale: String? = nil) -> Metric { with(.score(value), rationale) }

    /// This metric, excluded from aggregation for this sample (for example when
    /// the sample has no expected value to compare with).
    public func ignore(rationale: String? = nil) -> Metric { with(.ignored, rationale) }

    /// The number this result contributes to aggregates: 1 for passing, 0 for
    /// failing, the score for a score; `nil` for ignored or unrecorded.
    public var doubleValue: Double? { value.doubleValue }

    public var description: String {
        let v: String
        switch value {
        case .unrecorded: v = "unrecorded"
        case .passing: v = "passing"
        case .failing: v = "failing"
        case .score(let s): v = "\(s)"
        case .ignored: v = "ignored"
        }
        if let rationale { return "\(name): \(v) (\(rationale))" }
        return "\(name): \(v)"
    }
}
