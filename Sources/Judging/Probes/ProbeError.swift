public import DataFormats
/// A probe that cannot be run as asked: an unknown name, a probe that does not apply to the
/// rubric, or a row without the field it rewrites.
public struct ProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `unknown-probe`, `not-applicable`, `missing-field`, `not-text`, `unknown-row`.
    public var code: String
    /// A sentence naming what is missing or wrong and what to do.
    public var message: String

    /// An error with its code and message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: String, _ message: String) {
        self.init(code: code, message: message)
    }

    public var description: String { message }

    /// Whether the error is in what was asked for (an unknown probe or row, a probe that does not
    /// apply to the rubric) rather than in the data (a row without the probed field).
    public var isUsage: Bool { ["unknown-probe", "not-applicable", "unknown-row"].contains(code) }

    static func notApplicable(_ probe: String, _ why: String) -> ProbeError {
        ProbeError("not-applicable", "the \(probe) probe does not apply: \(why)")
    }
}

extension ProbeError: KindedError {
    /// ``ErrorKind/usage`` for an unknown probe or row or a probe that does not apply (``isUsage``),
    /// ``ErrorKind/malformedInput`` for a row without the field a probe rewrites.
    public var kind: ErrorKind { isUsage ? .usage : .malformedInput }
}
