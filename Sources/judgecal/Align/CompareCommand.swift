import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal compare RUN --labels FILE --control A [--experimental B] …`: two judges
/// (rubrics, models or judgments files) on the same rows, with a paired test of the difference.
enum CompareCommand {
    static let control = OptionKey<String>(required: "control", valueName: "file", help: "The control rubric.")
    static let experimental = OptionKey<String?>(
        "experimental", valueName: "file", help: "The experimental rubric (default: the control's).")
    static let controlJudgments = OptionKey<String?>(
        "control-judgments", valueName: "file",
        help: "The control side's judgments or scores (.judgments.jsonl, CSV or JSON Lines), instead of judging.")
    static let experimentalJudgments = OptionKey<String?>(
        "experimental-judgments", valueName: "file",
        help: "The experimental side's judgments or scores (.judgments.jsonl, CSV or JSON Lines), instead of judging.")
    static let experimentalModelConfig = OptionKey<String?>(
        "experimental-model-config", valueName: "file", help: "Judge the experimental side with this model (JSON settings).")
    static let groupBy = OptionKey<String?>(
        "group-by", valueName: "path", help: "A verdict per slice of rows with one value here (e.g. metadata.genre).")
    static let report = OptionKey<String?>(
        "report", valueName: "file",
        help: "Also write the comparison to this file: .html a page with charts, .md Markdown, else JSON.")
    static let includeExamples = Flag("include-examples", help: "Keep worked-example rows in the figures.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let command = Command(
        name: "compare",
        abstract: "Compare a control and an experimental judge (rubric, model or judgments file) on the same rows.",
        discussion: """
            Each side is judged through the response cache unless its judgments file is given. Per dimension: each side's \
            agreement with the experts, the difference (experimental − control) with a paired interval (jackknife t) and its \
            verdict, McNemar's test, each side's failures by kind, the worst disagreements beside what was judged, the \
            flipped rows; with --group-by a verdict per slice. --junit writes a test case per dimension (control better \
            fails), and with GITHUB_STEP_SUMMARY set the Markdown report is appended to that file (docs/ALIGNMENT.md, \
            "Verdicts for CI reporters"). Exit codes: 0 compared; 1 the judge server failed; 64 usage; \
            65 malformed input; 66 a file missing; 73 output folder missing.
            """,
        options: [control, experimental, controlJudgments, experimentalJudgments, experimentalModelConfig, groupBy, AlignCommand.worst]
            + LabelOptions.options + IntervalOptions.options + [report] + VerdictReportOptions.options + SplitOptions.options
            + JudgeModelOptions.options,
        flags: LabelOptions.flags + [includeExamples, SplitOptions.noHistory],
        positionals: [runFile],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        if try arguments[IntervalOptions.experts] == .each {
            throw UsageError(
                "--experts each applies to align's verdict; compare's paired difference needs one expert value per row (majority, mean or median)")
        }
        let fullRun = try InputFiles.run(arguments[runFile])
        var run = fullRun
        let control = try InputFiles.rubric(arguments[Self.control])
        let experimental = try arguments[Self.experimental].map(InputFiles.rubric) ?? control
        let labels = try LabelOptions.read(arguments, run: run, dimensions: control.dimensions, console: console)
        let options = try AlignmentSettings(
            statistic: try StatisticOptions.verdict.read(arguments, console: console), intervals: try arguments[IntervalOptions.ci],
            resamples: try arguments[IntervalOptions.resamples],
            seed: try arguments[IntervalOptions.seed], worstDisagreements: try arguments[AlignCommand.worst],
            includeExampleRows: arguments[includeExamples], experts: try arguments[IntervalOptions.experts]?.combination
        ).validated()
        if arguments[SplitOptions.noHistory], !arguments.isGiven(SplitOptions.split) {
            throw UsageError("--no-history applies only with --split: without a split, compare writes no history line")
        }
        try InputFiles.refuseOverwriting(
            [("report", try arguments[report])] + (try VerdictReportOptions.outputs(arguments)),
            inputs: [arguments[runFile], arguments[Self.control], try arguments[Self.experimental], try arguments[controlJudgments],
                try arguments[experimentalJudgments]] + (try arguments[LabelOptions.labels]))
        if let path = try arguments[report] { try StagedOutputs.check(path, role: "report") }
        let reporters = try VerdictReportOptions.reporters(arguments)
        try reporters?.check()
        var step = try SplitOptions.step(arguments, labels: labels, split: nil, history: !arguments[SplitOptions.noHistory])
        run = try step?.run(run, checking: [control, experimental], note: console.printNote) ?? run
        let texts = try [arguments[Self.control], arguments[Self.experimental] ?? arguments[Self.control]]
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
        let frozen = [controlJudgments, experimentalJudgments].filter(arguments.isGiven)
        if frozen.count == 2, let given = (JudgeModelOptions.options + [experimentalModelConfig]).first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply: both sides' judgments are given, so no judge is called")
        }
        let judge = try JudgeModelOptions.judge(arguments)
        let other =
            try arguments[experimentalModelConfig].map {
                try JudgeSession(configurationFile: URL(filePath: $0), sharingCacheOf: judge)
            } ?? judge
        let sides = (
            try await IterationCommands.judgments(from: controlJudgments, arguments, fullRun, control, judged: run, judge: judge, console),
            try await IterationCommands.judgments(
                from: experimentalJudgments, arguments, fullRun, experimental, judged: run, judge: other, console)
        )
        var comparison = try RubricComparison(
            RubricComparison.Input(
                run: run, control: control, controlJudgments: sides.0, experimental: experimental, experimentalJudgments: sides.1,
                labels: step?.labels ?? labels, groupBy: try arguments[groupBy]),
            options: options)
        comparison.split = step?.use(for: comparison, experimental: experimental, texts: (texts[0], texts[1]))
        let json = try JSONEncoder.report.encode(comparison)
        try step?.writeRecord()
        try comparison.write(
            report: try arguments[report], history: step?.history, rubric: experimental.name, texts: (texts[0], texts[1]),
            reporters: reporters)
        console.print(arguments[LabelOptions.json] ? String(decoding: json, as: UTF8.self) : comparison.renderText())
        if frozen.count < 2 { console.printNote(judge.summary) }
        return .success
    }
}
