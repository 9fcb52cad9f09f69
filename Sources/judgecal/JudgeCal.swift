import Calibration
import CalibrationData
import CommandLineParsing
import DataFormats
import Foundation
import LanguageModels

/// The `judgecal` tool: parses the command line and hands off to a command.
@main
enum JudgeCal {
    static func main() async {
        await JudgeCalCommands.root.main()
    }

    /// The exit code of an error a command throws, declared once for every command (the root's
    /// classification; ``UsageError`` is 64 and a ``CommandFailure`` keeps its own code before this is asked):
    ///
    /// | error | code |
    /// |---|---|
    /// | a library error of kind ``ErrorKind/malformedInput`` (``KindedError``: ``InputError`` with file, line and column, and each library's errors about what it read), JSON that does not decode (`DecodingError`) | 65 ``ExitCode/dataError`` |
    /// | a library error of kind ``ErrorKind/usage`` (settings that do not go together or are out of range, an unknown name), a model configuration the client refuses (`LanguageModelError` configuration) | 64 ``ExitCode/usage`` |
    /// | a file that cannot be found (`CocoaError` no such file) | 66 ``ExitCode/noInput`` |
    /// | an output that cannot be written (``OutputError``, `CocoaError` write errors) | 73 ``ExitCode/cantCreate`` |
    /// | anything else, such as the judge server failing (`LanguageModelError`) | 1 ``ExitCode/failure`` |
    static func exitCode(for error: any Error) -> ExitCode? {
        switch error {
        case let error as any KindedError: return error.kind == .usage ? .usage : .dataError
        case is DecodingError: return .dataError
        case let error as LanguageModelError where error.code == .configuration:
            return .usage
        case is OutputError:
            return .cantCreate
        case let error as CocoaError where error.code == .fileNoSuchFile || error.code == .fileReadNoSuchFile:
            return .noInput
        case let error as CocoaError
        where (CocoaError.Code.fileWriteUnknown.rawValue...CocoaError.Code.fileWriteVolumeReadOnly.rawValue).contains(error.code.rawValue):
            return .cantCreate
        default:
            return nil
        }
    }
}
