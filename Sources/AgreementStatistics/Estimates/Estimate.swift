/// The outcome of one statistic: a value with the number of observations it
/// rests on, or, when the statistic is undefined on the data, the reason.
///
/// An undefined statistic is never reported as 0, 1 or −1: ``value`` is `nil`
/// and ``undefinedReason`` says why (for example, Cohen's kappa when both
/// raters used a single category, so that the chance agreement p_e = 1).
public struct Estimate: Sendable, Hashable, Codable {
    /// The point estimate, or `nil` when the statistic is undefined.
    public var value: Double?
    /// How many observations (items, pairs or values) the estimate rests on.
    public var n: Int
    /// Why there is no value; `nil` whenever ``value`` is present.
    public var undefinedReason: UndefinedReason?
    /// The standard error, where the statistic has one.
    public var standardError: Double?
    /// A confidence interval, where one was computed.
    public var interval: ConfidenceInterval?

    /// A defined estimate.
    public init(value: Double, n: Int, standardError: Double? = nil, interval: ConfidenceInterval? = nil) {
        self.value = value
        self.n = n
        self.undefinedReason = nil
        self.standardError = standardError
        self.interval = interval
    }

    /// An undefined estimate, carrying its reason.
    public init(undefined reason: UndefinedReason, n: Int) {
        self.value = nil
        self.n = n
        self.undefinedReason = reason
        self.standardError = nil
        self.interval = nil
    }

    /// Whether the estimate has a value.
    public var isDefined: Bool { value != nil }
}

/// Why a statistic has no value on the data it was given.
public struct UndefinedReason: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable, machine-readable code (`no-data`, `no-variation`, …).
    public var code: String
    /// A sentence a person can act on.
    public var message: String

    /// Creates a reason from its code and message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// There were no observations at all.
    public static func noData(_ detail: String = "there are no values") -> UndefinedReason {
        UndefinedReason(code: "no-data", message: detail)
    }

    /// The statistic divides by a spread that is zero (every value alike).
    public static func noVariation(_ detail: String) -> UndefinedReason {
        UndefinedReason(code: "no-variation", message: detail)
    }

    /// Too few observations for the statistic (for example a sample variance of one value).
    public static func tooFew(_ detail: String) -> UndefinedReason {
        UndefinedReason(code: "too-few", message: detail)
    }

    /// No unit carries two or more values that can be paired.
    public static func noPairableValues(_ detail: String = "no unit has two or more values to pair") -> UndefinedReason {
        UndefinedReason(code: "no-pairable-values", message: detail)
    }
}

/// A two-sided confidence interval.
public struct ConfidenceInterval: Sendable, Hashable, Codable {
    /// The lower bound.
    public var lower: Double
    /// The upper bound.
    public var upper: Double
    /// The nominal coverage, such as 0.95.
    public var level: Double
    /// How the interval was computed (`normal`, `t`, `fisher-z`, `percentile-bootstrap`, `bca-bootstrap`, …).
    public var method: String

    /// Creates an interval.
    public init(lower: Double, upper: Double, level: Double, method: String) {
        self.lower = lower
        self.upper = upper
        self.level = level
        self.method = method
    }

    /// Whether `x` lies within the closed interval.
    public func contains(_ x: Double) -> Bool { lower <= x && x <= upper }
}
