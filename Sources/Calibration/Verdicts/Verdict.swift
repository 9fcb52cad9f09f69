/// What a command decided and why: the outcome, a sentence for a person, and the figures the outcome
/// was read from. One shape for every verdict: `align`'s and `certify`'s per dimension (and a
/// sequential look's, ``AlignmentOutcome``), `probe`'s per probe (``ProbeOutcome``) and `compare`'s per
/// dimension and group (``ComparisonOutcome``).
///
/// The estimate itself (a kappa, a shift, a paired difference) stays beside the verdict in the
/// report that holds it; the reason quotes it, and ``figures`` keep what the outcome was read
/// against.
public struct Verdict<Outcome: VerdictOutcome>: Sendable, Hashable {
    /// The outcome.
    public var outcome: Outcome
    /// One sentence for a person: what the outcome rests on.
    public var reason: String
    /// The threshold the figure was compared with and, for an inconclusive verdict, the rows that would decide it.
    public var figures: VerdictFigures

    /// Creates a verdict from its parts.
    public init(outcome: Outcome, reason: String, figures: VerdictFigures) {
        self.outcome = outcome
        self.reason = reason
        self.figures = figures
    }
}

/// The figures a verdict was read against.
public struct VerdictFigures: Sendable, Hashable {
    /// The value the figure (or its interval) was compared with: `align`'s threshold; 0 for `compare`'s
    /// paired difference and `probe`'s shift.
    public var threshold: Double
    /// For an inconclusive verdict, about how many more labelled rows would narrow the interval enough
    /// to exclude the threshold, if the estimate held; `nil` otherwise, or when no row count would.
    public var additionalRowsNeeded: Int?

    /// Creates the figures.
    public init(threshold: Double, additionalRowsNeeded: Int? = nil) {
        self.threshold = threshold
        self.additionalRowsNeeded = additionalRowsNeeded
    }
}

/// The outcomes one kind of verdict can have, from worst to best (``severity``), how a gate reads each
/// (``gate``), and how a verdict of them is written in a report's JSON (``record``).
public protocol VerdictOutcome: RawRepresentable<String>, Sendable, Hashable, Codable {
    /// Every outcome, worst first: the order ``worst(of:)`` reads.
    static var severity: [Self] { get }
    /// How a verdict with these outcomes is written (each kind kept the shape it was first written in).
    static var record: VerdictRecord<Self> { get }
    /// What the outcome is to a gate: passed, failed, undefined or inconclusive. The one reading every
    /// rendering for a CI system (a test reporter's file) takes an outcome's status from.
    var gate: VerdictGate { get }
}

/// What an outcome is to a gate, whatever its kind: the four readings a test reporter knows a test by.
///
/// Each kind of outcome names its own (``VerdictOutcome/gate``): `align`'s aligned passes, not aligned
/// fails, inconclusive is inconclusive and undefined undefined; a probe's biased or insensitive fails;
/// `compare`'s control better fails (the experimental side is worse), no detectable difference passes.
public enum VerdictGate: String, Sendable, Hashable, CaseIterable {
    /// The figure cleared what it was read against.
    case passes
    /// The figure fell on the wrong side of what it was read against.
    case fails
    /// No figure, or no interval, so nothing was decided (the reason says why).
    case undefined
    /// Not decided either way: the interval straddles what it was read against (more rows would decide
    /// it), or nothing was declared to read it against (an audit without a margin).
    case inconclusive
}

extension VerdictOutcome {
    /// The worst of `outcomes` by ``severity``: what a gate over several dimensions or probes reports;
    /// the best outcome when there are none.
    public static func worst(of outcomes: some Sequence<Self>) -> Self {
        let present = Set(outcomes)
        return severity.first(where: present.contains) ?? severity[severity.count - 1]
    }
}

/// How a verdict is written in JSON.
public enum VerdictRecord<Outcome: VerdictOutcome>: Sendable {
    /// An object: `outcome`, `threshold`, `additionalRowsNeeded` when there is a count, and the reason under `reasonKey`.
    case withFigures(reasonKey: String)
    /// An object: `outcome`, and the reason under `reasonKey`; the threshold is always `threshold`, so it is not written.
    case withReason(reasonKey: String, threshold: Double)
    /// The outcome alone, as a string: the reason and figures follow from it (`verdict`).
    case outcomeOnly(verdict: @Sendable (Outcome) -> Verdict<Outcome>)
}

/// A verdict's keys in JSON: the outcome, the figures, and the reason under the key its outcomes' record names.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let outcome = Key("outcome"), threshold = Key("threshold"), rows = Key("additionalRowsNeeded")
}

extension Verdict: Codable {
    public init(from decoder: any Decoder) throws {
        switch Outcome.record {
        case .outcomeOnly(let verdict):
            self = verdict(try decoder.singleValueContainer().decode(Outcome.self))
        case .withFigures(let reasonKey):
            let c = try decoder.container(keyedBy: Key.self)
            self.init(
                outcome: try c.decode(Outcome.self, forKey: .outcome), reason: try c.decode(String.self, forKey: Key(reasonKey)),
                figures: VerdictFigures(
                    threshold: try c.decode(Double.self, forKey: .threshold),
                    additionalRowsNeeded: try c.decodeIfPresent(Int.self, forKey: .rows)))
        case .withReason(let reasonKey, let threshold):
            let c = try decoder.container(keyedBy: Key.self)
            self.init(
                outcome: try c.decode(Outcome.self, forKey: .outcome), reason: try c.decode(String.self, forKey: Key(reasonKey)),
                figures: VerdictFigures(threshold: threshold))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch Outcome.record {
        case .outcomeOnly:
            var c = encoder.singleValueContainer()
            try c.encode(outcome)
        case .withFigures(let reasonKey):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(outcome, forKey: .outcome)
            try c.encode(figures.threshold, forKey: .threshold)
            try c.encodeIfPresent(figures.additionalRowsNeeded, forKey: .rows)
            try c.encode(reason, forKey: Key(reasonKey))
        case .withReason(let reasonKey, _):
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(outcome, forKey: .outcome)
            try c.encode(reason, forKey: Key(reasonKey))
        }
    }
}
