import AgreementStatistics
import Calibration
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal compare RUN --labels FILE --control A --experimental B`: two
/// rubrics on the same rows, with a paired test of the difference.
enum CompareCommand {
    static let command = Command(
        name: "compare",
        abstract: "Compare a control and an experimental rubric on the same rows against the experts.",
        discussion: """
            Judges the run with both rubrics (through the response cache) and reports per dimension \
            each rubric's agreement with the experts on the chosen statistic, the difference \
            (experimental − control) with a paired bootstrap interval over the same rows, McNemar's \
            test on exact agreement, and the rows that flipped between agreeing and disagreeing with \
            the experts. Rows either rubric quotes as a worked example are left out unless \
            --include-examples.
            Exit codes: 0 compared; 1 the judge server failed; 64 usage; 65 malformed input; \
            66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("control", valueName: "file", help: "The control rubric.", required: true),
            Option("experimental", valueName: "file", help: "The experimental rubric.", required: true),
        ] + AlignCommand.labelOptions + [
            Option(
                "statistic", valueName: "name", help: "The statistic compared.", choices: AlignmentStatistic.allCases.map(\.rawValue),
                defaultValue: AlignCommand.defaults.statistic.rawValue),
            Option(
                "resamples", valueName: "n", help: "Paired bootstrap resamples: 0 (none), or 100 to 100000.",
                defaultValue: String(AlignCommand.defaults.resamples), range: 0...AgreementRequest.maximumResamples),
            Option("seed", valueName: "n", help: "Bootstrap seed.", defaultValue: String(AlignCommand.defaults.seed)),
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
        let experimental = try InputFiles.rubric(arguments.valueOrDefault("experimental"))
        let labels = try AlignCommand.readLabels(arguments, run: run, dimensions: control.dimensions)
        let options = try AlignmentSettings(
            statistic: try AlignCommand.statistic(arguments), resamples: try arguments.valueOrDefault("resamples", as: Int.self),
            seed: try arguments.valueOrDefault("seed", as: UInt64.self), includeExampleRows: arguments.flag("include-examples")
        ).validated()
        if let path = arguments.value("report") { try StagedOutputs.check(path, role: "report") }
        var step = try AlignCommand.splitStep(arguments, labels: labels, split: nil, history: true)
        run = try step?.run(run, checking: [control, experimental], note: console.printNote) ?? run
        let texts = try ["control", "experimental"].map { try String(contentsOfFile: arguments.valueOrDefault($0), encoding: .utf8) }
        let judge = try JudgeModelOptions.judge(arguments)
        let controlJudgments = try await JudgeModelOptions.judgments(run: run, rubric: control, judge: judge, console: console)
        let experimentalJudgments = try await JudgeModelOptions.judgments(run: run, rubric: experimental, judge: judge, console: console)
        var comparison = try RubricComparison(
            RubricComparison.Input(
                run: run, control: control, controlJudgments: controlJudgments, experimental: experimental,
                experimentalJudgments: experimentalJudgments, labels: step?.labels ?? labels),
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
