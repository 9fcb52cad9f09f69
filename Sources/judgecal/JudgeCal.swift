import AgreementStatistics
import Calibration
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import LanguageModels

/// The `judgecal` tool: parses the command line and hands off to a command.
@main
enum JudgeCal {
    static func main() async {
        await JudgeCalCommands.root.main()
    }

    /// The exit code of an error a command throws, declared once for every
    /// command (the root's classification; ``UsageError`` is 64 and a
    /// ``CommandFailure`` keeps its own code before this is asked):
    ///
    /// | error | code |
    /// |---|---|
    /// | a malformed input: ``InputError`` (file, line, column), ``AlignmentError``, ``RatingError``, a rubric the judge cannot use (``JudgeConfigurationError``), JSON that does not decode (`DecodingError`) | 65 ``ExitCode/dataError`` |
    /// | a bias probe that is unknown or does not apply (``ProbeError``; a row without its field is 65), a statistic asked for with settings it cannot take (``AgreementRequestError``, such as too few resamples), options a label sheet or an estimate cannot be made with (``EstimationOptionsError``), a split that cannot be made or used as asked (``SplitError``: shares, a record with other shares, a split with no rows, `--no-history` with a split), a model configuration the client refuses (`LanguageModelError` configuration) | 64 ``ExitCode/usage`` |
    /// | a file that cannot be found (`CocoaError` no such file) | 66 ``ExitCode/noInput`` |
    /// | an output that cannot be written (``OutputError``, `CocoaError` write errors) | 73 ``ExitCode/cantCreate`` |
    /// | anything else, such as the judge server failing (`LanguageModelError`) | 1 ``ExitCode/failure`` |
    static func exitCode(for error: any Error) -> ExitCode? {
        switch error {
        case is InputError, is AlignmentError, is RatingError, is JudgeConfigurationError, is DecodingError:
            return .dataError
        case is AgreementRequestError, is LabelSheet.OptionsError, is EstimationOptionsError, is LabelPlanError, is SplitError:
            return .usage
        case let error as ProbeError: return error.isUsage ? .usage : .dataError
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
