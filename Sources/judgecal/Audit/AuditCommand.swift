import CalibrationData
import CalibrationMaps
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal audit RUN… --calibration FILE --rubric R --labels FRESH… --margin δ`: does a saved
/// calibration still hold on later runs? The transport audit of each map on fresh labels, over every run
/// given in one Bonferroni family, with exit codes for a CI gate, recorded in the history.
enum AuditCommand {
    static let defaults = CalibrationAudit.Settings.standard

    static let calibration = OptionKey<String>(
        required: "calibration", valueName: "file", help: "The calibration calibrate wrote: the maps to audit.")
    static let rubric = OptionKey<String>(
        required: "rubric", valueName: "file", help: "The rubric the calibration was fitted with (its text is compared).")
    static let margin = OptionKey<Double?>(
        "margin", valueName: "δ",
        help: "The margin on the mean residual (expert − calibrated): PASS inside ±δ, FAIL beyond (none: not graded).")
    static let judgeScores = OptionKey<[String]>(
        "judge-scores", valueName: "file",
        help: "The judge's scores of the run (a judgments file of judge, or CSV/JSON Lines with a column per dimension), instead of "
            + "judging it; with several runs once per run, in the runs' order.",
        arity: .repeating)
    static let alpha = OptionKey<Double>(
        "alpha", valueName: "α", help: "The level over the family of audits decided together.", defaultValue: defaults.alpha)
    static let family = OptionKey<Int?>(
        "family", valueName: "m",
        help: "Audits decided together, here and elsewhere (Bonferroni: each at α/m); default the dimensions audited over every run.",
        range: 1...)
    static let minRows = OptionKey<Int>(
        "min-rows", valueName: "n", help: "The fewest effective rows a PASS needs.", defaultValue: defaults.minimumEffectiveRows,
        range: 2...)
    static let bins = OptionKey<Int>(
        "bins", valueName: "b", help: "Bins of the calibrated score the residuals are shown by.", defaultValue: defaults.bins, range: 1...)
    static let frame = OptionKey<String?>(
        "frame", valueName: "file", help: "The labels' sampling frame extract wrote (default: found beside the sheets; none: weights 1); one run only.")
    static let report = OptionKey<String?>(
        "report", valueName: "file", help: "Also write the report to this file: .html a page, .md Markdown, else JSON.")
    static let runFiles = PositionalKey<[String]>(
        "run", help: "The later runs (.run.jsonl) the fresh labels are of: one, or several audited together.")

    static let command = Command(
        name: "audit",
        abstract: "Audit a saved calibration on later runs with fresh expert labels: PASS, FAIL or NOT ENOUGH (a CI gate).",
        discussion: """
            Checks that the calibration was fitted on this judge (model, and scoring when both were judged here) and rubric \
            text, and that the labels are fresh (not the set it was fitted on, nor on rows it was fitted on); then, per \
            dimension with a map, reads the judge's scores of the freshly labelled rows through the map (or judges them: \
            --judge-scores instead reads a file) and tests the mean residual (expert − calibrated) against ±--margin: PASS \
            when its interval lies inside, FAIL when it lies beyond, NOT ENOUGH otherwise or below --min-rows effective rows \
            (CJE's transport audit, Landesberg 2025; docs/CALIBRATION-MAPS.md). The interval is Bonferroni-adjusted over \
            --family audits (default: the dimensions audited over every run). Rows weigh 1/π when the labels came with a \
            sampling frame.
            Several runs (or systems) are audited together in one family: every run is checked before any judge is called; \
            --judge-scores is then given once per run, in the runs' order, or not at all; each --labels sheet goes to the run \
            its sampling frame (beside it) names, else to the one run whose rows hold every id it labels — a sheet that fits \
            no run or several is refused; --frame is refused (each run's frame is found beside its sheets). The report is \
            each run's, then the outcome over the runs (the worst); --json prints {outcome, familySize, audits}; the history \
            gets a line per run. \
            Reports per dimension the rows, the interval, the smallest margin that would pass, the bias it could detect, \
            the residuals by --bins of calibrated score, the rows left out, and for NOT ENOUGH how many more labels an audit \
            needs. --report writes the report (.html, .md, or JSON); a line of kind audit goes to the history (--history, \
            calibration/history.jsonl by default; --no-history for none); --junit a test case per dimension (per run and \
            dimension with several runs), and with GITHUB_STEP_SUMMARY set the Markdown report is appended to that file \
            (docs/ALIGNMENT.md, "Verdicts for CI reporters"). All are written together, or none.
            Exit codes: 0 every audit passes, or none is graded (no --margin); 2 some audit fails; 3 not enough (no \
            failure), or no dimension could be audited; 1 the judge server failed; 64 usage; 65 malformed input, another \
            judge or rubric, labels that are not fresh; 66 a file missing; 73 output not writable.
            """,
        options: [calibration, rubric] + LabelOptions.options
            + [margin, judgeScores, alpha, family, minRows, bins, frame, report, SplitOptions.history] + VerdictReportOptions.options
            + JudgeModelOptions.options,
        flags: LabelOptions.flags + [SplitOptions.noHistory],
        positionals: [runFiles],
        run: run)

    /// Checks the options and outputs, judges (or reads) each run, and hands over to ``finish(_:settings:outputs:saved:fileHash:_:console:)``.
    ///
    /// The work before and after the one `await` is kept in synchronous functions: with `--junit`'s writing inline,
    /// the Swift 6.3.1 optimiser crashed (signal 11) splitting this function's coroutine in a release build.
    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let (settings, outputs, saved, fileHash, runPaths, scoresPaths) = try prepare(arguments)
        // Refused before a judge is called, on every run: another judge or rubric, labels that are not fresh.
        let read = try await LabelledRunInputs.read(
            arguments, runPaths: runPaths, rubricPath: try arguments[rubric], scoresPaths: scoresPaths, console: console
        ) { judge, read in
            try CalibrationAudit.refuseMismatch(saved, judge: judge, rubricText: read.rubricText, labels: read.labels, run: read.run)
        }
        return try finish(read, settings: settings, outputs: outputs, saved: saved, fileHash: fileHash, arguments, console: console)
    }

    /// The options read and refused where they clash, the outputs checked, and the saved calibration read: before any judging.
    static func prepare(_ arguments: ParsedArguments) throws -> (
        CalibrationAudit.Settings, AlignmentOutputs, CalibrationFile, String, [String], [String]
    ) {
        let scoresPaths = try arguments[judgeScores]
        let calibrationPath = try arguments[calibration], runPaths = arguments[runFiles]
        let sheets = try arguments[LabelOptions.labels]
        let outputs = try VerdictOutputs.checked(
            arguments, report: report, inputs: runPaths + [try arguments[rubric], calibrationPath, try arguments[frame]] + scoresPaths + sheets)
        if !scoresPaths.isEmpty, let given = JudgeModelOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called")
        }
        try AuditMessages.refuseSeveralRuns(
            runs: runPaths.count, judgeScores: scoresPaths.count, frame: arguments.isGiven(frame))
        let settings = try CalibrationAudit.Settings(
            margin: try arguments[margin], alpha: try arguments[alpha], family: try arguments[family],
            minimumEffectiveRows: try arguments[minRows], bins: try arguments[bins])
        let (saved, fileHash) = try CalibrationAudit.calibration(at: try InputFiles.existing(calibrationPath, role: "calibration"))
        return (settings, outputs, saved, fileHash, runPaths, scoresPaths)
    }

    /// The audits of the runs `read`, written with the report, history lines and reporters' files, and printed.
    static func finish(
        _ read: [(inputs: LabelledRunInputs, sheets: [URL])], settings: CalibrationAudit.Settings, outputs: AlignmentOutputs, saved: CalibrationFile,
        fileHash: String, _ arguments: ParsedArguments, console: Console
    ) throws -> ExitCode {
        let reportPath = try arguments[report]
        let frameURL = try arguments[frame].map { try InputFiles.existing($0, role: "sampling frame") }
        let audits = try CalibrationAudits(
            saved, fileHash: fileHash,
            runs: try read.map { inputs, sheets in
                try CalibrationAudits.Run(
                    run: inputs.run, rubric: inputs.rubric, rubricText: inputs.rubricText, judgments: inputs.judgments,
                    labels: inputs.labels, labelSheets: sheets, frame: frameURL, judge: inputs.judge)
            },
            settings: settings)
        if settings.margin == nil { console.printNote(AuditMessages.notGraded) }
        // One run reports as that run's audit alone; several as one report over the runs.
        let only = audits.audits.count == 1 ? audits.audits.first : nil
        var files: [(data: Data, path: String, role: String)] = []
        if let reportPath { files.append(try only?.file(at: reportPath) ?? audits.file(at: reportPath)) }
        try outputs.write(
            files, entries: audits.audits.map(AuditHistoryEntry.init),
            verdicts: { only?.verdictSuite(command: $0) ?? audits.verdictSuite(command: $0) },
            markdown: { only?.renderMarkdown() ?? audits.renderMarkdown() })
        let json = arguments[LabelOptions.json]
        if let only {
            console.print(json ? try only.renderJSON() : only.renderText())
        } else {
            console.print(json ? try audits.renderJSON() : audits.renderText())
        }
        return VerdictExitCodes.code(for: audits.outcome)
    }
}
