import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing

/// `judgecal probe RUN --rubric R --probe length,injection`: bias probes against a placebo (docs/PROBES.md).
enum ProbeCommand {
    static let command = Command(
        name: "probe", abstract: "Probe the judge for biases: rewritten rows judged against a placebo re-judge.",
        discussion: """
            Per probe and dimension: the mean score shift with a paired t interval, rows moved against the placebo's \
            (the unchanged rows judged again, fresh calls), the rows moved most with the judge's rationale, and a \
            verdict, Tarone–Holm-corrected over probes × dimensions (docs/PROBES.md). Calls are cached: a stopped \
            battery resumes. Exit codes: 0 no effect detected; 2 some probe biased; 4 some undefined; 1 server failed; \
            64 usage (unknown probe or row, a probe that does not apply); 65 malformed input, a row without the field.
            """,
        options: [
            Option("rubric", valueName: "file", help: "The rubric (Markdown or JSON).", required: true),
            Option(
                "probe", valueName: "name", help: "Probes, families or probe files (.md); default every one that applies.",
                commaSeparated: true),
            Option("field", valueName: "path", help: "The text the response probes rewrite.", defaultValue: "response"),
            Option("show", valueName: "row", help: "Print the exact messages each probe sends for this row; judge nothing."),
            Option("report", valueName: "file", help: "Also write the report: .html a page with charts, .md Markdown, else JSON."),
        ] + JudgeModelOptions.options,
        flags: [
            Flag("json", help: "Print the report as JSON (schema in docs/FORMATS.md)."),
            Flag("pairwise", help: "Rows hold response.a and response.b, compared in both orders: the position probe."),
        ],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let run = try InputFiles.run(arguments.positional("run") ?? "")
        let rubric = try InputFiles.rubric(arguments.valueOrDefault("rubric"))
        let battery = try ProbeBattery(
            named: arguments.values("probe"), rubric: rubric, field: arguments.valueOrDefault("field"), pairwise: arguments.flag("pairwise"))
        if let row = arguments.value("show") { console.print(try battery.transcript(ofRow: row, run: run, rubric: rubric)) }
        if arguments.value("show") != nil { return .success }
        if let path = arguments.value("report") { try StagedOutputs.check(path, role: "report") }
        let judge = try JudgeModelOptions.judge(arguments), line = console.progressLine()
        let report = try await judge.probes(
            run: run, rubric: rubric, battery: battery,
            display: JudgeModelOptions.display(line, console))
        line.clear()
        if let path = arguments.value("report") { try StagedOutputs.writeAllOrNone([report.file(at: path)]) }
        console.print(arguments.flag("json") ? try report.renderJSON() : report.renderText())
        console.printNote(judge.summary)
        return ExitCode(report.worstOutcome.exitStatus)
    }
}
