/// A command of a command-line tool: its name, what it does, the options,
/// flags and positional arguments it declares, its subcommands, and what it
/// runs.
///
/// Commands are values: a tool is a root ``Command`` whose ``subcommands``
/// form a tree (`judgecal rubric lint`). Every command answers `--help`/`-h`
/// with usage text generated from its declarations (``helpText(path:)``), and
/// every command answers `--version` when the root declares a ``version``.
///
/// Options and positionals are declared as typed keys (``OptionKey``,
/// ``PositionalKey``; a ``Flag`` is its own key), listed here and read back
/// through the same keys, so a name is written once:
///
/// ```swift
/// let weights = OptionKey<String>(
///     "weights", valueName: "scheme", help: "…", choices: ["none", "linear"], defaultValue: "none")
/// let json = Flag("json", help: "Write JSON.")
/// let file = PositionalKey<String>("file", help: "The ratings file.")
/// let agreement = Command(
///     name: "agreement",
///     abstract: "Agreement between raters.",
///     options: [weights],
///     flags: [json],
///     positionals: [file]
/// ) { arguments, console in
///     console.print("\(arguments[file]): \(try arguments[weights])")
///     return .success
/// }
/// ```
public struct Command: Sendable {
    /// What a command does when it runs: reads its parsed arguments, writes
    /// through the console, and returns the process's exit code.
    public typealias Run = @Sendable (ParsedArguments, Console) async throws -> ExitCode

    /// How a tool sorts the errors its commands throw into exit codes: the
    /// code for an error, or `nil` for ``ExitCode/failure``.
    ///
    /// Declared once, on the root command (``exitCode``), and applied by
    /// ``execute(_:console:)`` to whatever a command throws, so that no command
    /// has to catch and re-throw an input error to get its code.
    public typealias ErrorClassification = @Sendable (any Error) -> ExitCode?

    /// How a tool words the errors its commands throw: the message for an
    /// error, or `nil` for the error's own description.
    ///
    /// Declared once, on the root command (``errorMessage``), beside
    /// ``ErrorClassification``: a library's error says what is wrong in the
    /// library's terms, and the tool says it in its own, naming its options.
    public typealias ErrorWording = @Sendable (any Error) -> String?

    /// The name typed on the command line.
    public var name: String
    /// One line saying what the command does.
    public var abstract: String
    /// Further paragraphs for the help text, if any.
    public var discussion: String?
    /// The tool's version, answered by `--version` (set on the root command).
    public var version: String?
    /// The options it declares.
    public var options: [Option]
    /// The flags it declares.
    public var flags: [Flag]
    /// The positional arguments it declares, in order.
    public var positionals: [Positional]
    /// Its subcommands.
    public var subcommands: [Command]
    /// What it runs; `nil` for a command that only groups subcommands.
    public var run: Run?
    /// The exit code of an error a command throws (set on the root command);
    /// ``UsageError`` and ``CommandFailure`` keep their own codes.
    public var exitCode: ErrorClassification?
    /// The message of an error a command throws (set on the root command);
    /// ``UsageError`` and ``CommandFailure`` keep their own.
    public var errorMessage: ErrorWording?

    /// Declares a command.
    ///
    /// - Precondition: names are unique among the command's options and flags,
    ///   `help`, `version` and the short `h` are not redeclared, and only the last
    ///   positional repeats.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        version: String? = nil,
        options: [any OptionDeclaration] = [],
        flags: [Flag] = [],
        positionals: [any PositionalDeclaration] = [],
        subcommands: [Command] = [],
        run: Run? = nil,
        exitCode: ErrorClassification? = nil,
        errorMessage: ErrorWording? = nil
    ) {
        let options = options.map(\.option), positionals = positionals.map(\.positional)
        let names = options.map(\.name) + flags.map(\.name)
        precondition(Set(names).count == names.count, "option and flag names must be unique in \(name)")
        precondition(!names.contains(Flag.help.name) && !names.contains(Flag.version.name), "the help and version flags are built in")
        let shorts = options.compactMap(\.short) + flags.compactMap(\.short)
        precondition(
            Set(shorts).count == shorts.count && !shorts.contains(where: { $0 == Flag.help.short }),
            "short names must be unique and not the help flag's")
        precondition(positionals.dropLast().allSatisfy { !$0.isRepeating }, "only the last positional may repeat")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
        self.flags = flags
        self.positionals = positionals
        self.subcommands = subcommands
        self.exitCode = exitCode
        self.errorMessage = errorMessage
        self.run = run
    }

    /// The subcommand called `name`, if any.
    public func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }

    func option(named name: String) -> Option? { options.first { $0.name == name } }
    func flag(named name: String) -> Flag? { flags.first { $0.name == name } }
}
