/// A two-sided confidence interval.
public struct ConfidenceInterval: Sendable, Hashable, Codable {
    /// The lower bound.
    public var lower: Double
    /// The upper bound.
    public var upper: Double
    /// The nominal coverage, such as 0.95.
    public var level: Double
    /// How the interval was formed (``Method``), written as its raw value (`normal`, `fisher-z`,
    /// `percentile-bootstrap`, …).
    public var method: Method

    /// Creates an interval.
    public init(lower: Double, upper: Double, level: Double, method: Method) {
        self.lower = lower
        self.upper = upper
        self.level = level
        self.method = method
    }

    /// Whether both bounds are finite numbers.
    public var isFinite: Bool { lower.isFinite && upper.isFinite }

    /// Whether `x` lies within the closed interval.
    public func contains(_ x: Double) -> Bool { lower <= x && x <= upper }
}
