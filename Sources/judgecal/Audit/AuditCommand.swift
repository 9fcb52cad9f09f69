import CalibrationData
import CalibrationMaps
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal audit RUN --calibration FILE --rubric R --labels FRESH… --margin δ`: does a saved
/// calibration still hold on a later run? The transport audit of each map on fresh labels, with exit
/// codes for a CI gate, recorded in the history.
enum AuditCommand {
    static let defaults = CalibrationAudit.Settings.standard

    static let calibration = OptionKey<String>(
        required: "calibration", valueName: "file", help: "The calibration calibrate wrote: the maps to audit.")
    static let rubric = OptionKey<String>(
        required: "rubric", valueName: "file", help: "The rubric the calibration was fitted with (its text is compared).")
    static let margin = OptionKey<Double?>(
        "margin", valueName: "δ",
        help: "The margin on the mean residual (expert − calibrated): PASS inside ±δ, FAIL beyond (none: not graded).")
    static let judgeScores = OptionKey<String?>(
        "judge-scores", valueName: "file",
        help: "The judge's scores of the run (a judgments file of judge, or CSV/JSON Lines with a column per dimension), instead of judging it.")
    static let alpha = OptionKey<Double>(
        "alpha", valueName: "α", help: "The level over the family of audits decided together.", defaultValue: defaults.alpha)
    static let family = OptionKey<Int?>(
        "family", valueName: "m",
        help: "Audits decided together, here and elsewhere (Bonferroni: each at α/m); default the dimensions audited here.",
        range: 1...)
    static let minRows = OptionKey<Int>(
        "min-rows", valueName: "n", help: "The fewest effective rows a PASS needs.", defaultValue: defaults.minimumEffectiveRows,
        range: 2...)
    static let bins = OptionKey<Int>(
        "bins", valueName: "b", help: "Bins of the calibrated score the residuals are shown by.", defaultValue: defaults.bins, range: 1...)
    static let frame = OptionKey<String?>(
        "frame", valueName: "file", help: "The labels' sampling frame extract wrote (default: found beside the sheets; none: weights 1).")
    static let report = OptionKey<String?>(
        "report", valueName: "file", help: "Also write the report to this file: .html a page, .md Markdown, else JSON.")
    static let runFile = PositionalKey<String>("run", help: "The later run (.run.jsonl) the fresh labels are of.")

    static let command = Command(
        name: "audit",
        abstract: "Audit a saved calibration on a later run with fresh expert labels: PASS, FAIL or NOT ENOUGH (a CI gate).",
        discussion: """
            Checks that the calibration was fitted on this judge (model, and scoring when both were judged here) and rubric \
            text, and that the labels are fresh (not the set it was fitted on, nor on rows it was fitted on); then, per \
            dimension with a map, reads the judge's scores of the freshly labelled rows through the map (or judges them: \
            --judge-scores instead reads a file) and tests the mean residual (expert − calibrated) against ±--margin: PASS \
            when its interval lies inside, FAIL when it lies beyond, NOT ENOUGH otherwise or below --min-rows effective rows \
            (CJE's transport audit, Landesberg 2025; docs/CALIBRATION-MAPS.md). The interval is Bonferroni-adjusted over \
            --family audits (default: the dimensions audited). Rows weigh 1/π when the labels came with a sampling frame. \
            Reports per dimension the rows, the interval, the smallest margin that would pass, the bias it could detect, \
            the residuals by --bins of calibrated score, the rows left out, and for NOT ENOUGH how many more labels an audit \
            needs. --report writes the report (.html, .md, or JSON); a line of kind audit goes to the history (--history, \
            calibration/history.jsonl by default; --no-history for none). All are written together, or none.
            Exit codes: 0 every audit passes, or none is graded (no --margin); 2 some audit fails; 3 not enough (no \
            failure), or no dimension could be audited; 1 the judge server failed; 64 usage; 65 malformed input, another \
            judge or rubric, labels that are not fresh; 66 a file missing; 73 output not writable.
            """,
        options: [calibration, rubric] + LabelOptions.options
            + [margin, judgeScores, alpha, family, minRows, bins, frame, report, SplitOptions.history] + JudgeModelOptions.options,
        flags: LabelOptions.flags + [AlignCommand.noHistory],
        positionals: [runFile],
        run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let reportPath = try arguments[report], scoresPath = try arguments[judgeScores], calibrationPath = try arguments[calibration]
        let history = arguments[AlignCommand.noHistory] ? nil : try arguments[SplitOptions.history]
        let sheets = try arguments[LabelOptions.labels]
        try InputFiles.refuseOverwriting(
            [("report", reportPath), ("history", history)],
            inputs: [arguments[runFile], try arguments[rubric], calibrationPath, scoresPath, try arguments[frame]] + sheets)
        if scoresPath != nil, let given = JudgeModelOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called")
        }
        let settings = try CalibrationAudit.Settings(
            margin: try arguments[margin], alpha: try arguments[alpha], family: try arguments[family],
            minimumEffectiveRows: try arguments[minRows], bins: try arguments[bins])
        let outputs = AlignmentOutputs(report: reportPath, history: history, historyIsDefault: !arguments.isGiven(SplitOptions.history))
        try outputs.check()
        let (saved, fileHash) = try CalibrationAudit.calibration(at: try InputFiles.existing(calibrationPath, role: "calibration"))
        // Refused before a judge is called: another judge or rubric, labels that are not fresh.
        let read = try await LabelledRunInputs.read(
            arguments, runPath: arguments[runFile], rubricPath: try arguments[rubric], scoresPath: scoresPath, console: console
        ) { judge, read in
            try CalibrationAudit.refuseMismatch(saved, judge: judge, rubricText: read.rubricText, labels: read.labels, run: read.run)
        }
        let audit = try CalibrationAudit(
            saved, fileHash: fileHash, run: read.run, rubric: read.rubric, rubricText: read.rubricText, judgments: read.judgments,
            labels: read.labels, labelSheets: try sheets.map { try InputFiles.existing($0, role: "label sheet") },
            frame: try arguments[frame].map { try InputFiles.existing($0, role: "sampling frame") }, judge: read.judge,
            settings: settings)
        if audit.settings.margin == nil { console.printNote(AuditMessages.notGraded) }
        var files: [(data: Data, path: String, role: String)] = []
        if let reportPath { files.append(try audit.file(at: reportPath)) }
        try outputs.write(files, entries: [AuditHistoryEntry(audit)])
        console.print(arguments[LabelOptions.json] ? try audit.renderJSON() : audit.renderText())
        return VerdictExitCodes.code(for: audit.outcome)
    }
}
