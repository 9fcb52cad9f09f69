/// The values a command line gave one command: options, flags and
/// positionals, read back through the keys they were declared with
/// (``OptionKey``, ``Flag``, ``PositionalKey``), so that a misspelt name does
/// not compile.
///
/// Reading a key the command does not list is a programming error and traps,
/// so that a key read in the wrong command cannot pass as "not given".
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
    ///   value that does not convert (`--tally: 'x1' is not a non-negative integer`).
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
}
