/// A command line that cannot be run as written: an unknown or misspelt
/// option, a missing or invalid value, a positional too many.
///
/// The message says what was wrong and, where it can, what to type instead
/// (`unknown option --colur; did you mean --colour?`). The tool prints it on
/// standard error with the command's usage line and exits with
/// ``ExitCode/usage`` (64).
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and what to do about it.
    public var message: String
    /// The names of the command the error belongs to, from the root
    /// (`["judgecal", "agreement"]`), for the usage line printed with it; empty
    /// when the error is raised outside parsing (the runner fills it in).
    public var commandPath: [String]

    /// Creates a usage error.
    public init(_ message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }
}

/// An error a command throws to end with a specific exit code and message,
/// such as bad input data (``ExitCode/dataError``) or an unreadable file
/// (``ExitCode/noInput``).
public struct CommandFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as one sentence a user can act on.
    public var message: String
    /// The code the process exits with.
    public var exitCode: ExitCode

    /// Creates a failure.
    public init(_ message: String, exitCode: ExitCode = .failure) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}
