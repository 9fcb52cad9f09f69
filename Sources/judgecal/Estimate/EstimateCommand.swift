import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import Judging

/// `judgecal estimate RUN --rubric R --labels L` (or `[RUN] --judge-scores S`): the run's figures as the experts would
/// have given them.
enum EstimateCommand {
    static let command = Command(
        name: "estimate", abstract: "Correct a run's judge figures with expert labels on a random sample of its rows.",
        discussion: """
            Per dimension, judge-only, experts-only and corrected: the mean (PPI++); with --pass-at the pass rate \
            (by judge level, PPI++); on a scale each level's share; with --versus A − B; each with interval, n and N \
            (docs/ESTIMATION.md). Rows are weighted by the sampling frame extract wrote beside the sheets \
            (or --frame); without one, declare --random-sample or --not-for-inference. Without --judge-scores the run is \
            judged with the rubric (through the response cache, as judge does). \
            Exit codes: 0 estimated; 1 the judge server failed; 64 usage; 65 malformed input; 66 a file missing.
            """,
        options: [
            Option("judge-scores", valueName: "file", help: "The judge's scores of every row, instead of judging the run."),
            Option("rubric", valueName: "file", help: "The rubric: dimensions and scales, and what the judge scores with."),
            Option("categories", valueName: "level", help: "Without a rubric: the levels.", commaSeparated: true),
            Option("pass-at", valueName: "level", help: "Also the pass rate: rows at or above this level pass."),
            Option("versus", valueName: "file", help: "Run B's judge scores: estimate A − B."),
            Option("versus-labels", valueName: "file", help: "Run B's label sheets.", arity: .upToNextOption),
            Option("report", valueName: "file", help: "Also write the estimates: .html, .md or JSON."),
            Option("frame", valueName: "file", help: "The sampling frame extract wrote (default: found beside the sheets)."),
        ] + AlignCommand.labelOptions + JudgeModelOptions.options,
        flags: AlignCommand.labelFlags + [
            Flag("random-sample", help: "Declare the labelled rows a uniform random sample of the run."),
            Flag("not-for-inference", help: "The labelled rows were picked by hand: figures marked not for inference."),
        ],
        positionals: [Positional("run", help: "The frozen run; with --judge-scores optional (the rows are the scores').", optional: true)],
        run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let file = { (name: String) in try arguments.values(name).map { try InputFiles.existing($0, role: name) } }
        let run = try arguments.positional("run").map { try InputFiles.existing($0, role: "run") }
        if let path = arguments.value("report") { try StagedOutputs.check(path, role: "report") }
        let files = EstimationFiles(
            judgeScores: try file("judge-scores").first, judgments: try await judgments(arguments, console), run: run, rubric: try file("rubric").first,
            categories: try arguments.values("categories", as: Int.self), labels: try file("labels"),
            versus: try file("versus").first, versusLabels: try file("versus-labels"), means: arguments.flag("means"),
            frame: try file("frame").first)
        let settings = try EstimationSettings(
            passLevel: try arguments.value("pass-at", as: Double.self), randomSample: arguments.flag("random-sample"),
            notForInference: arguments.flag("not-for-inference"))
        let report = try EstimationReport.estimate(
            files: files, settings: settings, writingReportTo: arguments.value("report"))
        console.print(arguments.flag("json") ? try report.json() : report.renderText())
        return .success
    }

    /// Without `--judge-scores`: the run judged with the rubric, through the cache.
    static func judgments(_ arguments: ParsedArguments, _ console: Console) async throws -> JudgmentSet? {
        if arguments.isGiven("judge-scores") { return nil }
        guard let run = arguments.positional("run"), let rubric = arguments.value("rubric") else {
            throw UsageError("give the run and --rubric to judge it with, or --judge-scores FILE")
        }
        let judge = try JudgeModelOptions.judge(arguments)
        defer { console.printNote(judge.summary) }
        return try await JudgeModelOptions.judgments(
            run: try InputFiles.run(run), rubric: try InputFiles.rubric(rubric), judge: judge, console: console)
    }
}
