import CalibrationWorkflow
import CommandLineParsing
import Foundation

/// `--junit` and GitHub's job summary, declared once for the verdict commands (`align`, `certify`, `compare`,
/// `probe`, `audit`): what a CI system reads besides the exit code (docs/ALIGNMENT.md, "Verdicts for CI
/// reporters").
///
/// The job summary needs no option: when `GITHUB_STEP_SUMMARY` names a file, as GitHub Actions does in
/// every step, the command's Markdown report is appended to it, with or without `--junit`. A summary that
/// cannot be appended to is an output error (73), found before any work, as any other output is: a job
/// summary missing without a word would hide the verdict from the people reading the run.
enum VerdictReportOptions {
    static let junit = OptionKey<String?>(
        "junit", valueName: "file",
        help: "Also write the verdicts as JUnit XML, a test case per verdict, for a CI test reporter (docs/ALIGNMENT.md).")

    static let options: [any OptionDeclaration] = [junit]

    /// The environment variable GitHub Actions names a step's job summary file in.
    static let jobSummaryVariable = "GITHUB_STEP_SUMMARY"

    /// The job summary this process appends to: `GITHUB_STEP_SUMMARY` when it is set and not empty.
    static var jobSummary: String? {
        ProcessInfo.processInfo.environment[jobSummaryVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The JUnit file and the job summary as outputs, for `InputFiles.refuseOverwriting`.
    static func outputs(_ arguments: ParsedArguments) throws -> [(role: String, path: String?)] {
        [("JUnit file", try arguments[junit]), ("job summary (\(jobSummaryVariable))", jobSummary)]
    }

    /// The reporters of this run, begun now (the suite's time runs from here); `nil` when there is neither a
    /// JUnit file nor a job summary. Whoever holds them checks them before any work (`VerdictReporters.check()`,
    /// which `AlignmentOutputs.check()` calls).
    static func reporters(_ arguments: ParsedArguments) throws -> VerdictReporters? {
        let junit = try arguments[junit]
        guard junit != nil || jobSummary != nil else { return nil }
        return VerdictReporters(command: arguments.commandPath.last ?? "judgecal", junit: junit, jobSummary: jobSummary)
    }
}
