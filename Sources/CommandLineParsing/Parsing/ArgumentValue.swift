/// A type an option's or positional's text converts to.
///
/// Conforming types say what they expect, so that a value that does not
/// convert becomes a usage error naming the option and the expectation
/// (`--seed: 'x1' is not an integer`).
public protocol ArgumentValue: Sendable {
    /// The value the text stands for, or `nil` when it does not convert.
    init?(argument: String)
    /// What a valid value looks like, as a noun phrase (`an integer`).
    static var expectation: String { get }
}

extension String: ArgumentValue {
    /// Any text.
    public init?(argument: String) { self = argument }
    /// `text`.
    public static var expectation: String { "text" }
}

extension Int: ArgumentValue {
    /// A decimal integer.
    public init?(argument: String) { self.init(argument) }
    /// `an integer`.
    public static var expectation: String { "an integer" }
}

extension UInt64: ArgumentValue {
    /// A non-negative decimal integer.
    public init?(argument: String) { self.init(argument) }
    /// `a non-negative integer`.
    public static var expectation: String { "a non-negative integer" }
}

extension Double: ArgumentValue {
    /// A finite decimal number.
    public init?(argument: String) {
        guard let d = Double(argument), d.isFinite else { return nil }
        self = d
    }
    /// `a number`.
    public static var expectation: String { "a number" }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    /// The case whose raw value is the text.
    public init?(argument: String) { self.init(rawValue: argument) }
    /// `one of a, b, c`.
    public static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}
