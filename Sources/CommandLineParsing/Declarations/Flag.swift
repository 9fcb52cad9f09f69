/// A named switch that takes no value: `--loud`, `-l`.
///
/// A flag is its own key: declared once, listed in ``Command/flags`` and read
/// back as whether it was given, `arguments[json]`.
public struct Flag: Sendable, Hashable {
    /// The long name, without the dashes (`json`).
    public var name: String
    /// A one-letter short name, if any.
    public var short: Character?
    /// One sentence saying what the flag does.
    public var help: String

    /// Declares a flag.
    public init(_ name: String, short: Character? = nil, help: String) {
        self.name = name
        self.short = short
        self.help = help
    }

    /// The flag as a command line spells it: its name after two dashes.
    public var spelling: String { "--" + name }

    /// The flag every command takes: the help of the command at the end of the path (`-h` too).
    public static let help = Flag("help", short: "h", help: "Show help information.")
    /// The flag the root takes when it has a version: the tool's version.
    public static let version = Flag("version", help: "Show the version.")
}
