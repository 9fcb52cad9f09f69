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
    static let command = Command(
        name: "compare",
        abstract: "Compare a control and an experimental judge (rubric, model or judgments file) on the same rows.",
        discussion: """
            Each side is judged through the response cache unless its judgments file is given. Per dimension: each side's \
            agreement with the experts, the difference (experimental − control) with a paired interval (jackknife t) and its \
            verdict, McNemar's test, each side's failures by kind, the worst disagreements beside what was judged, the \
            flipped rows; with --group-by a verdict per slice. Exit codes: 0 compared; 1 the judge server failed; 64 usage; \
            65 malformed input; 66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("control", valueName: "file", help: "The control rubric.", required: true),
            Option("experimental", valueName: "file", help: "The experimental rubric (default: the control's)."),
            Option("control-judgments", valueName: "file", help: "The control side's .judgments.jsonl, instead of judging."),
            Option("experimental-judgments", valueName: "file", help: "The experimental side's .judgments.jsonl, instead of judging."),
            Option("experimental-model-config", valueName: "file", help: "Judge the experimental side with this model (JSON settings)."),
            Option("group-by", valueName: "path", help: "A verdict per slice of rows with one value here (e.g. metadata.genre)."),
        ] + AlignCommand.labelOptions + AlignCommand.intervalOptions + [
            Option(
                "report", valueName: "file",
                help: "Also write the comparison to this file: .html a page with charts, .md Markdown, else JSON."),
        ] + AlignCommand.splitOptions + JudgeModelOptions.options,
        flags: AlignCommand.labelFlags + [Flag("include-examples", help: "Keep worked-example rows in the figures.")],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        var run = try InputFiles.run(arguments.positional("run") ?? "")
        let control = try InputFiles.rubric(arguments.valueOrDefault("control"))
        let experimental = try arguments.value("experimental").map(InputFiles.rubric) ?? control
        let labels = try AlignCommand.readLabels(arguments, run: run, dimensions: control.dimensions)
        let options = try AlignmentSettings(
            statistic: try AlignCommand.statistic(arguments), intervals: try arguments.value("ci", as: IntervalMethod.self),
            resamples: try arguments.valueOrDefault("resamples", as: Int.self),
            seed: try arguments.valueOrDefault("seed", as: UInt64.self), includeExampleRows: arguments.flag("include-examples")
        ).validated()
        if let path = arguments.value("report") { try StagedOutputs.check(path, role: "report") }
        var step = try AlignCommand.splitStep(arguments, labels: labels, split: nil, history: true)
        run = try step?.run(run, checking: [control, experimental], note: console.printNote) ?? run
        let texts = try [arguments.valueOrDefault("control"), arguments.value("experimental") ?? arguments.valueOrDefault("control")]
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
        let judge = try JudgeModelOptions.judge(arguments)
        let other = try arguments.value("experimental-model-config").map {
            try JudgeSession(configurationFile: URL(filePath: $0), sharingCacheOf: judge)
        } ?? judge
        let sides = (
            try await IterationCommands.judgments(from: "control-judgments", arguments, run, control, judge: judge, console),
            try await IterationCommands.judgments(from: "experimental-judgments", arguments, run, experimental, judge: other, console))
        var comparison = try RubricComparison(
            RubricComparison.Input(
                run: run, control: control, controlJudgments: sides.0, experimental: experimental, experimentalJudgments: sides.1,
                labels: step?.labels ?? labels, groupBy: arguments.value("group-by")),
            options: options)
        comparison.split = step?.use(for: comparison, experimental: experimental, texts: (texts[0], texts[1]))
        let json = try JSONEncoder.report.encode(comparison)
        try comparison.write(
            report: arguments.value("report"), history: step?.history, rubric: experimental.name, texts: (texts[0], texts[1]))
        console.print(arguments.flag("json") ? String(decoding: json, as: UTF8.self) : comparison.renderText())
        console.printNote(judge.summary)
        return .success
    }
}
