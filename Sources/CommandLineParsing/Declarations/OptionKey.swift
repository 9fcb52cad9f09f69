/// Something a ``Command`` lists among its options: an ``Option`` declaration,
/// whatever type its value reads as.
///
/// ``OptionKey`` is the one a tool writes; ``Option`` itself conforms so that
/// a command's declared options (``Command/options``) can be asked
/// ``ParsedArguments/isGiven(_:)``.
public protocol OptionDeclaration: Sendable {
    /// The option as the parser and the help see it.
    var option: Option { get }
}

extension Option: OptionDeclaration {
    /// The option itself.
    public var option: Option { self }
}

/// An option declared once as a typed key: the command lists the key among its
/// options and reads the value through it (`arguments[key]`), so that a
/// misspelt option is a compile error, not a trap at run time.
///
/// `Value` is what a read returns, and the initialiser used says how:
///
/// | declaration | `Value` | read when not given |
/// |---|---|---|
/// | `OptionKey<Int?>("sample", help: …)` | `Int?` | `nil` |
/// | `OptionKey<UInt64>("seed", help: …, defaultValue: 0)` | `UInt64` | the default |
/// | `OptionKey<String>(required: "rubric", help: …)` | `String` | (the parser refuses the line) |
/// | `OptionKey<[String]>("labels", help: …, arity: .upToNextOption)` | `[String]` | `[]` |
///
/// ```swift
/// static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "The seed.", defaultValue: 0)
/// static let command = Command(name: "plan", abstract: "…", options: [seed]) { arguments, console in
///     let seed = try arguments[seed]  // a UInt64: given, or 0
///     …
/// }
/// ```
///
/// Each value converts through ``ArgumentValue`` when it is read; one that
/// does not is a ``UsageError`` naming the option and what was expected
/// (`--tally: 'x1' is not a non-negative integer`).
public struct OptionKey<Value: Sendable>: OptionDeclaration {
    /// The option as the parser and the help see it.
    public let option: Option
    /// The value from the texts given on the command line (none when absent),
    /// or a usage error without its command path.
    let read: @Sendable (_ given: [String]) throws(UsageError) -> Value

    /// Declares an option that may be left out, read as `nil` then.
    ///
    /// - Parameters:
    ///   - defaultValue: what it reads as when it is not given, if not `nil`: for a
    ///     library's default that is optional itself (`FieldMapping().expected`); the
    ///     help shows it. An option whose default is never `nil` is declared with
    ///     ``init(_:short:valueName:help:choices:defaultValue:range:)`` and reads as non-optional.
    ///   - range: for an integer option, the values allowed: `0...`, `1...64`,
    ///     `...10` or `0..<5` (see ``Option``).
    public init<Wrapped: ArgumentValue>(
        _ name: String,
        short: Character? = nil,
        valueName: String = "value",
        help: String,
        choices: [String]? = nil,
        defaultValue: Wrapped? = nil,
        range: (any RangeExpression<Int> & Sendable)? = nil
    ) where Value == Wrapped? {
        option = Option(
            name, short: short, valueName: valueName, help: help, choices: choices, defaultValue: defaultValue?.argument, range: range)
        read = { (given: [String]) throws(UsageError) -> Wrapped? in
            guard let text = given.first else { return defaultValue }
            return try Self.converted(text, option: name)
        }
    }

    /// Declares an option with a default, read as the default when it is not
    /// given; the help shows it (`(default: 0)`), written as
    /// ``ArgumentValue/argument``.
    public init(
        _ name: String,
        short: Character? = nil,
        valueName: String = "value",
        help: String,
        choices: [String]? = nil,
        defaultValue: Value,
        range: (any RangeExpression<Int> & Sendable)? = nil
    ) where Value: ArgumentValue {
        option = Option(
            name, short: short, valueName: valueName, help: help, choices: choices, defaultValue: defaultValue.argument, range: range)
        read = { (given: [String]) throws(UsageError) -> Value in
            guard let text = given.first else { return defaultValue }
            return try Self.converted(text, option: name)
        }
    }

    /// Declares an option the command cannot run without: the parser refuses a
    /// command line that leaves it out (`missing --recipe <file>`), so a read
    /// always has a value.
    public init(
        required name: String,
        short: Character? = nil,
        valueName: String = "value",
        help: String,
        choices: [String]? = nil,
        range: (any RangeExpression<Int> & Sendable)? = nil
    ) where Value: ArgumentValue {
        option = Option(name, short: short, valueName: valueName, help: help, choices: choices, required: true, range: range)
        read = { (given: [String]) throws(UsageError) -> Value in
            guard let text = given.first else { preconditionFailure("the parser refuses a command line without --\(name)") }
            return try Self.converted(text, option: name)
        }
    }

    /// Declares an option of several values: given several times (`arity`),
    /// or a comma-separated list, or both; read as every value in order,
    /// empty when it is not given.
    ///
    /// - Precondition: `arity` is not ``Option/Arity/single`` or the option is
    ///   comma-separated; a single value is read with one of the other initialisers.
    public init<Element: ArgumentValue>(
        _ name: String,
        short: Character? = nil,
        valueName: String = "value",
        help: String,
        arity: Option.Arity = .single,
        commaSeparated: Bool = false,
        choices: [String]? = nil,
        required: Bool = false,
        range: (any RangeExpression<Int> & Sendable)? = nil
    ) where Value == [Element] {
        precondition(arity != .single || commaSeparated, "--\(name) takes one value; declare it with a single-valued key")
        option = Option(
            name, short: short, valueName: valueName, help: help, arity: arity, commaSeparated: commaSeparated, choices: choices,
            required: required, range: range)
        read = { (given: [String]) throws(UsageError) -> [Element] in
            var values: [Element] = []
            for text in given { values.append(try Self.converted(text, option: name)) }
            return values
        }
    }

    private static func converted<T: ArgumentValue>(_ text: String, option name: String) throws(UsageError) -> T {
        guard let value = T(argument: text) else { throw UsageError("--\(name): '\(text)' is not \(T.expectation)") }
        return value
    }
}
