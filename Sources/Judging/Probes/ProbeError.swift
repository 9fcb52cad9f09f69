public import DataFormats

/// A probe that cannot be run as asked: an unknown name, a probe that does not apply to the
/// rubric, or a row without the field it rewrites.
public struct ProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `unknown-probe`, `not-applicable`, `unknown-dimension`, `missing-field`,
    /// `not-text`, `unknown-row`.
    public var code: String
    /// A sentence naming what is missing or wrong and what to do, in the battery's terms.
    public var message: String
    /// What is wrong, for the errors whose way out is a setting of the caller's (which field to
    /// probe, whether the battery is pairwise): a tool words these naming its own options; `nil`
    /// for the others, whose ``message`` says all.
    public var problem: Problem?

    /// What is wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// The probe rewrites `field`, and the row `row` has no value there (`missing-field`).
        case missingField(probe: String, field: String, row: String)
        /// The probe rewrites text, and `field` of the row `row` holds `kind` (``DataFormats/JSONValue/kindName``)
        /// instead; `textFields` are the members of an object there that hold text (`not-text`).
        case notText(probe: String, field: String, row: String, kind: String, textFields: [String])
        /// A probe other than position on a battery that compares two responses per row (`not-applicable`).
        case notPairwise(probe: String)
        /// The position probe on a battery that scores one response per row with the rubric `rubric`
        /// (`not-applicable`).
        case onlyPairwise(probe: String, rubric: String)
    }

    /// An error with its code and message.
    public init(code: String, message: String, problem: Problem? = nil) {
        self.code = code
        self.message = message
        self.problem = problem
    }

    init(_ code: String, _ message: String) {
        self.init(code: code, message: message)
    }

    public var description: String { message }

    /// Whether the error is in what was asked for (an unknown probe or row, a probe that does not
    /// apply to the rubric, a degradation naming a dimension the rubric lacks) rather than in the data (a row without the probed field).
    public var isUsage: Bool { ["unknown-probe", "not-applicable", "unknown-dimension", "unknown-row"].contains(code) }

    static func notApplicable(_ probe: String, _ why: String, problem: Problem? = nil) -> ProbeError {
        ProbeError(code: "not-applicable", message: "the \(probe) probe does not apply: \(why)", problem: problem)
    }
}

extension ProbeError: KindedError {
    /// ``ErrorKind/usage`` for an unknown probe, row or dimension or a probe that does not apply (``isUsage``),
    /// ``ErrorKind/malformedInput`` for a row without the field a probe rewrites.
    public var kind: ErrorKind { isUsage ? .usage : .malformedInput }
}
