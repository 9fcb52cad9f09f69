import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationMaps
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import LanguageModels
import RunImports
import SelectiveTrust

/// The `judgecal` tool: parses the command line and hands off to a command.
@main
enum JudgeCal {
    static func main() async {
        await withWording { await JudgeCalCommands.root.main() }
    }

    /// Runs `body` with `judgecal`'s words bound for the libraries' sentences that point at a setting.
    ///
    /// The sentences the libraries write into notes, figures, records and reports
    /// (``IntervalWording``, ``SplitWording``, ``EstimationWording``, ``PlanWording``,
    /// ``AlignmentWording``) then name the tool's options, as ``message(for:)`` does for the
    /// errors. The model client's advice goes with its configuration instead (``ModelMessages/advice``).
    static func withWording<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        try await IntervalWording.$tool.withValue(ToolWords(AgreementMessages.words(for:))) {
            try await SplitWording.$tool.withValue(ToolWords(AlignMessages.words(for:))) {
                try await EstimationWording.$tool.withValue(ToolWords(EstimateMessages.words(for:))) {
                    try await PlanWording.$tool.withValue(ToolWords(PlanMessages.words(for:))) {
                        try await AlignmentWording.$tool.withValue(ToolWords(AlignMessages.words(for:))) {
                            try await body()
                        }
                    }
                }
            }
        }
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

    /// The message of an error a command throws, where a library's error says in its own terms
    /// which setting is wrong and `judgecal` names the option that sets it (`--raters`, `--ci`,
    /// `--sequential`); `nil` leaves the error's own description, which names no option.
    ///
    /// Declared once for every command, beside ``exitCode(for:)``, and handed to the runner with
    /// it: a command throws the library's error as it is, and the runner prints these words with
    /// the code that classification gives. Each command family's words are in `Messages/`.
    static func message(for error: any Error) -> String? {
        switch error {
        case let error as AlignmentSettingsError: AlignMessages.message(for: error)
        case let error as OutputError: AlignMessages.message(for: error)
        case let error as SplitError: AlignMessages.message(for: error)
        case let error as CertificationError: AlignMessages.message(for: error)
        case let error as SuggestionError: AlignMessages.message(for: error)
        case let error as ExternalJudgeScores.SheetsMismatch: AlignMessages.message(for: error)
        case let error as EstimationSettingsError: EstimateMessages.message(for: error)
        case let error as AlignmentError: EstimateMessages.message(for: error)
        case let error as LabelSheet.SettingsError: ExtractMessages.message(for: error)
        case let error as LabelSheet.DrawError: ExtractMessages.message(for: error)
        case let error as RunImporter.ImportError: ImportMessages.message(for: error)
        case let error as JudgmentSet.PreviousJudgmentsError: JudgeMessages.message(for: error)
        case let error as TidyExport.NothingToExport: ExportMessages.message(for: error)
        case let error as LabelPlanError: PlanMessages.message(for: error)
        case let error as ProbeError: ProbeMessages.message(for: error)
        case let error as TrustSettingsError: TrustMessages.message(for: error)
        case let error as TrustError: TrustMessages.message(for: error)
        case let error as TrustAbstainBand.SettingsError: TrustMessages.message(for: error)
        case let error as CalibrationSettingsError: CalibrateMessages.message(for: error)
        case let error as CalibrationAuditSettingsError: AuditMessages.message(for: error)
        case let error as CalibrationAuditError: AuditMessages.message(for: error)
        case let error as CalibrationAuditPlanError: AuditMessages.message(for: error)
        case let error as LabelSheetAssignmentError: AuditMessages.message(for: error)
        default: nil
        }
    }
}
