/// A type an option's or positional's text converts to.
///
/// Conforming types say what they expect, so that a value that does not
/// convert becomes a usage error naming the option and the expectation
/// (`--tally: 'x1' is not an integer`).
public protocol ArgumentValue: Sendable {
    /// The value the text stands for, or `nil` when it does not convert.
    init?(argument: String)
    /// What a valid value looks like, as a noun phrase (`an integer`).
    static var expectation: String { get }
    /// The text that reads back as this value: how a declared default is
    /// shown in the help (``OptionKey/init(_:short:valueName:help:choices:defaultValue:range:)``).
    var argument: String { get }
}

extension String: ArgumentValue {
    /// Any text.
    public init?(argument: String) { self = argument }
    /// The text itself.
    public var argument: String { self }
    /// `text`.
    public static var expectation: String { "text" }
}

extension Int: ArgumentValue {
    /// A decimal integer.
    public init?(argument: String) { self.init(argument) }
    /// The decimal digits.
    public var argument: String { String(self) }
    /// `an integer`.
    public static var expectation: String { "an integer" }
}

extension UInt64: ArgumentValue {
    /// A non-negative decimal integer.
    public init?(argument: String) { self.init(argument) }
    /// The decimal digits.
    public var argument: String { String(self) }
    /// `a non-negative integer`.
    public static var expectation: String { "a non-negative integer" }
}

extension Double: ArgumentValue {
    /// A finite decimal number.
    public init?(argument: String) {
        guard let d = Double(argument), d.isFinite else { return nil }
        self = d
    }
    /// The shortest decimal text that reads back as the number (`0.6`).
    public var argument: String { String(self) }
    /// `a number`.
    public static var expectation: String { "a number" }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    /// The case whose raw value is the text.
    public init?(argument: String) { self.init(rawValue: argument) }
    /// The raw value.
    public var argument: String { rawValue }
    /// `one of a, b, c`.
    public static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}
