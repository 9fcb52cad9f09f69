/// The status a command ends with, as the process's exit code.
///
/// The codes follow BSD's `sysexits.h` where one fits, so that scripts and CI
/// jobs can tell a mistyped command from bad data from a failed run:
///
/// | code | name | meaning |
/// |---|---|---|
/// | 0 | ``success`` | the command did what was asked |
/// | 1 | ``failure`` | it could not finish for a reason not listed below |
/// | 2–9 | — | reserved for a command's verdicts (`judgecal` gives `align`'s, `certify`'s and `probe`'s there) |
/// | 64 | ``usage`` | the command line was wrong (`EX_USAGE`): unknown option, missing or invalid value |
/// | 65 | ``dataError`` | an input file was malformed (`EX_DATAERR`): a ragged row, a value that does not parse |
/// | 66 | ``noInput`` | an input file could not be opened (`EX_NOINPUT`) |
/// | 73 | ``cantCreate`` | an output file could not be created (`EX_CANTCREAT`) |
/// | 74 | ``ioError`` | standard output could not be written (`EX_IOERR`) |
public struct ExitCode: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The numeric code passed to `exit`.
    public var rawValue: Int32

    /// Creates an exit code from its number.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Creates an exit code from its number.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// 0: the command did what was asked.
    public static let success = ExitCode(0)
    /// 1: the command could not finish, for a reason none of the other codes names.
    public static let failure = ExitCode(1)
    /// 64 (`EX_USAGE`): the command line was wrong.
    public static let usage = ExitCode(64)
    /// 65 (`EX_DATAERR`): an input file was malformed.
    public static let dataError = ExitCode(65)
    /// 66 (`EX_NOINPUT`): an input file could not be opened.
    public static let noInput = ExitCode(66)
    /// 73 (`EX_CANTCREAT`): an output file could not be created, such as one
    /// in a folder that does not exist or may not be written.
    public static let cantCreate = ExitCode(73)
    /// 74 (`EX_IOERR`): the results could not be written to standard output (a full disk, a closed pipe).
    public static let ioError = ExitCode(74)

    public var description: String { String(rawValue) }
}
