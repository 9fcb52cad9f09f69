import DataFormats
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results on standard output, errors, warnings and
/// progress on standard error, each with its own ``TextStyle``.
///
/// Errors, warnings, notes and progress text quote what users' files hold
/// (ids, column names, values), so each is shown through
/// ``TerminalText/visible(_:)``: an ESC sequence, CR or bell from a hostile
/// file appears as `␛`, `␍`, `␇` and is never obeyed. Results are the
/// caller's to escape (the text renderings do), so that data written to
/// standard output is not altered.
///
/// ``standard(environment:)`` writes to the process's streams; tests build a
/// console over closures that collect the text.
public struct Console: Sendable {
    /// Writes text to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// The style of standard output.
    public var outputStyle: TextStyle
    /// The style of standard error.
    public var errorStyle: TextStyle
    /// Whether standard error is a terminal, so that a progress line may be drawn there.
    public var errorIsTerminal: Bool

    /// A console over the given writers.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        outputStyle: TextStyle,
        errorStyle: TextStyle,
        errorIsTerminal: Bool
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.outputStyle = outputStyle
        self.errorStyle = errorStyle
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and error, styled when they are terminals
    /// and `NO_COLOR` is not set in the process's environment.
    public static func standard() -> Console {
        let environment = ProcessInfo.processInfo.environment
        let outIsTerminal = isatty(STDOUT_FILENO) == 1
        let errIsTerminal = isatty(STDERR_FILENO) == 1
        return Console(
            writeOutput: { StandardStream.output.write($0) },
            writeError: { StandardStream.error.write($0) },
            outputStyle: TextStyle(isTerminal: outIsTerminal, environment: environment),
            errorStyle: TextStyle(isTerminal: errIsTerminal, environment: environment),
            errorIsTerminal: errIsTerminal
        )
    }

    /// Writes a line of results to standard output.
    public func print(_ line: String) { writeOutput(line + "\n") }

    /// Writes a line of information (not a result, not an error) to standard error.
    public func printNote(_ message: String) { writeError(TerminalText.visible(message) + "\n") }

    /// Writes `error: message` to standard error.
    public func printError(_ message: String) {
        writeError(errorStyle.red(errorStyle.bold("error:")) + " " + TerminalText.visible(message) + "\n")
    }

    /// Writes `warning: message` to standard error.
    public func printWarning(_ message: String) {
        writeError(errorStyle.yellow("warning:") + " " + TerminalText.visible(message) + "\n")
    }

    /// A progress line on standard error, drawn only when it is a terminal.
    public func progressLine() -> ProgressLine {
        ProgressLine(isEnabled: errorIsTerminal, write: writeError)
    }
}
