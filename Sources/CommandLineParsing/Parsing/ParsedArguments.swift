/// The values a command line gave one command: options, flags and
/// positionals, read back by the names they were declared with.
///
/// Reading a name the command did not declare is a programming error and
/// traps, so that a typo in the tool's own code cannot pass as "not given".
public struct ParsedArguments: Sendable {
    /// The command's names from the root (`["judgecal", "agreement"]`).
    public let commandPath: [String]
    let command: Command
    var optionValues: [String: [String]] = [:]
    var flagsSet: Set<String> = []
    var positionalValues: [String: [String]] = [:]

    init(command: Command, commandPath: [String]) {
        self.command = command
        self.commandPath = commandPath
    }

    /// The option's value, as its key declares: converted, its default when it
    /// was not given, `nil` when it may be left out, every value for a list.
    ///
    /// - Throws: ``UsageError`` naming the option and what was expected, for a
    ///   value that does not convert (`--seed: 'x1' is not a non-negative integer`).
    /// - Precondition: the command declares the key's option; reading another
    ///   is a mistake in the tool and traps.
    public subscript<Value>(key: OptionKey<Value>) -> Value {
        get throws(UsageError) {
            precondition(command.options.contains(key.option), "\(command.name) declares no option --\(key.option.name)")
            do {
                return try key.read(optionValues[key.option.name] ?? [])
            } catch {
                throw UsageError(error.message, commandPath: commandPath)
            }
        }
    }

    /// Whether the flag was given.
    ///
    /// - Precondition: the command declares the flag.
    public subscript(flag: Flag) -> Bool {
        precondition(command.flags.contains(flag), "\(command.name) declares no flag --\(flag.name)")
        return flagsSet.contains(flag.name)
    }

    /// The positional's value, as its key declares.
    ///
    /// - Precondition: the command declares the key's positional.
    public subscript<Value>(key: PositionalKey<Value>) -> Value {
        precondition(command.positionals.contains(key.positional), "\(command.name) declares no positional <\(key.positional.name)>")
        return key.read(positionalValues[key.positional.name] ?? [])
    }

    /// Whether the option was given on the command line (a default does not count).
    ///
    /// - Precondition: the command declares the option.
    public func isGiven(_ declaration: any OptionDeclaration) -> Bool {
        let option = declaration.option
        precondition(command.options.contains(option), "\(command.name) declares no option --\(option.name)")
        return optionValues[option.name]?.isEmpty == false
    }

    /// The option's value, or its default when it was not given.
    public func value(_ name: String) -> String? {
        values(name).first ?? declaredOption(name).defaultValue
    }

    /// The option's value, or its declared default when it was not given: the
    /// accessor for an option that is required or has a default, so the
    /// default is written once, in the declaration.
    ///
    /// - Precondition: the option is required or declares a default; reading
    ///   one that is neither is a mistake in the tool and traps.
    public func valueOrDefault(_ name: String) -> String {
        guard let value = value(name) else {
            preconditionFailure("--\(name) is neither required nor has a default; read it with value(_:)")
        }
        return value
    }

    /// The option's value converted to `T`, or its declared default converted
    /// when it was not given (see ``valueOrDefault(_:)``).
    ///
    /// - Throws: ``UsageError`` naming the option and what was expected.
    public func valueOrDefault<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T {
        try convert(valueOrDefault(name), option: name)
    }

    /// Every value the option was given, comma-separated lists split, in order.
    public func values(_ name: String) -> [String] {
        _ = declaredOption(name)
        return optionValues[name] ?? []
    }

    /// Whether the option was given on the command line (a default does not count).
    public func isGiven(_ name: String) -> Bool {
        !values(name).isEmpty
    }

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool {
        precondition(command.flag(named: name) != nil, "\(command.name) declares no flag --\(name)")
        return flagsSet.contains(name)
    }

    /// The positional's value, if given.
    public func positional(_ name: String) -> String? {
        positionals(name).first
    }

    /// Every value of a repeating positional.
    public func positionals(_ name: String) -> [String] {
        precondition(command.positionals.contains { $0.name == name }, "\(command.name) declares no positional <\(name)>")
        return positionalValues[name] ?? []
    }

    /// The option's value converted to `T`, or `nil` when it was not given and has no default.
    ///
    /// - Throws: ``UsageError`` naming the option and what was expected.
    public func value<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        return try convert(text, option: name)
    }

    /// Every value of the option converted to `T`.
    ///
    /// - Throws: ``UsageError`` naming the option and what was expected.
    public func values<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> [T] {
        var result: [T] = []
        for text in values(name) { result.append(try convert(text, option: name)) }
        return result
    }

    private func convert<T: ArgumentValue>(_ text: String, option: String) throws(UsageError) -> T {
        guard let v = T(argument: text) else {
            throw UsageError("--\(option): '\(text)' is not \(T.expectation)", commandPath: commandPath)
        }
        return v
    }

    private func declaredOption(_ name: String) -> Option {
        guard let o = command.option(named: name) else {
            preconditionFailure("\(command.name) declares no option --\(name)")
        }
        return o
    }
}
