import DataFormats

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
    /// Why there is no interval although one was asked for: for example an
    /// analytic interval that collapsed to a point (a standard error of 0, as the
    /// large-sample formulas give for a constant rater or perfect agreement),
    /// which is not an interval and decides no verdict.
    public var intervalUndefinedReason: UndefinedReason?

    /// A defined estimate.
    ///
    /// A value that is not finite (an overflow, or NaN from 0/0 or ∞ − ∞) is
    /// not a value: the estimate is then undefined with reason `not-finite`,
    /// so that NaN is never printed, nor written where JSON cannot hold it.
    public init(value: Double, n: Int, standardError: Double? = nil, interval: ConfidenceInterval? = nil) {
        self.n = n
        guard value.isFinite else {
            self.value = nil
            self.undefinedReason = .notFinite(value)
            return
        }
        self.value = value
        self.undefinedReason = nil
        self.standardError = standardError.flatMap { $0.isFinite ? $0 : nil }
        self.interval = interval.flatMap { $0.isFinite ? $0 : nil }
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

    /// This estimate with its interval removed, and the reason said, when the
    /// interval has no width (its bounds are equal up to 10⁻¹² of their magnitude).
    ///
    /// A zero-width interval claims certainty that no finite sample gives; it
    /// comes from a standard error of 0 (Fleiss–Cohen–Everitt's for a constant
    /// rater or perfect agreement; Fisher's z at |r| = 1) or from a bootstrap
    /// whose every resample gives the same value.
    public func withoutCollapsedInterval() -> Estimate {
        // Equal up to rounding: 10⁻¹² of the bounds' magnitude (at least 1).
        guard let ci = interval, !(ci.upper - ci.lower > 1e-12 * Swift.max(1, abs(ci.lower), abs(ci.upper))) else {
            return self
        }
        var copy = self
        copy.interval = nil
        copy.intervalUndefinedReason = UndefinedReason(
            code: "collapsed-interval",
            message:
                "the \(ci.method.rawValue) interval collapses to the point \(ci.lower.plainText) (no spread in the data it rests on), which is not an interval"
        )
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case value, n, undefinedReason, standardError, interval, intervalUndefinedReason
    }

    /// Decodes an estimate; `intervalUndefinedReason` may be absent (older files).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decodeIfPresent(Double.self, forKey: .value)
        n = try c.decode(Int.self, forKey: .n)
        undefinedReason = try c.decodeIfPresent(UndefinedReason.self, forKey: .undefinedReason)
        standardError = try c.decodeIfPresent(Double.self, forKey: .standardError)
        interval = try c.decodeIfPresent(ConfidenceInterval.self, forKey: .interval)
        intervalUndefinedReason = try c.decodeIfPresent(UndefinedReason.self, forKey: .intervalUndefinedReason)
    }

    /// Encodes the estimate so that no JSON writer can be handed a number that
    /// is not finite: such a value is written as null with reason `not-finite`,
    /// such a standard error as null, and an interval with such a bound not at all.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let finiteValue = value.flatMap { $0.isFinite ? $0 : nil }
        try c.encodeIfPresent(finiteValue, forKey: .value)
        try c.encode(n, forKey: .n)
        let reason = undefinedReason ?? (value != nil && finiteValue == nil ? value.map(UndefinedReason.notFinite) : nil)
        try c.encodeIfPresent(reason, forKey: .undefinedReason)
        try c.encodeIfPresent(standardError.flatMap { $0.isFinite ? $0 : nil }, forKey: .standardError)
        try c.encodeIfPresent(interval.flatMap { $0.isFinite ? $0 : nil }, forKey: .interval)
        try c.encodeIfPresent(intervalUndefinedReason, forKey: .intervalUndefinedReason)
    }
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

    /// The computation gave a number that is not finite (it overflowed the
    /// largest Double, about 1.8e308, or met ∞ − ∞).
    public static func notFinite(_ value: Double) -> UndefinedReason {
        UndefinedReason(
            code: "not-finite",
            message:
                "the computation gave \(value.isNaN ? "NaN" : "an infinite value"): it overflows the largest representable number (about 1.8e308)"
        )
    }

    /// No unit carries two or more values that can be paired.
    public static func noPairableValues(_ detail: String = "no unit has two or more values to pair") -> UndefinedReason {
        UndefinedReason(code: "no-pairable-values", message: detail)
    }
}
