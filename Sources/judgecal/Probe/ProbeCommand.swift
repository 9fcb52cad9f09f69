import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import JudgeProbes

/// `judgecal probe RUN --rubric R --probe length,injection`: bias probes against a placebo (docs/PROBES.md).
enum ProbeCommand {
    static let rubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric (Markdown or JSON).")
    static let probe = OptionKey<[String]>(
        "probe", valueName: "name",
        help: "Probes, families (degradations: every degradation) or probe files (.md); default every invariance probe that applies.",
        commaSeparated: true)
    static let field = OptionKey<String>(
        "field", valueName: "path", help: "The text the response probes rewrite.", defaultValue: "response")
    static let show = OptionKey<String?>(
        "show", valueName: "row", help: "Print the exact messages each probe sends for this row; judge nothing.")
    static let report = OptionKey<String?>(
        "report", valueName: "file", help: "Also write the report: .html a page with charts, .md Markdown, else JSON.")
    static let json = Flag("json", help: "Print the report as JSON (schema in docs/FORMATS.md).")
    static let pairwise = Flag(
        "pairwise", help: "Rows hold response.a and response.b, compared in both orders: the position probe.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let command = Command(
        name: "probe", abstract: "Probe the judge for biases: rewritten rows judged against a placebo re-judge.",
        discussion: """
            Per probe and dimension: the mean score shift with a paired t interval, rows moved against the placebo's \
            (the unchanged rows judged again, fresh calls), the rows moved most with the judge's rationale, and a \
            verdict, Tarone–Holm-corrected over probes × dimensions (docs/PROBES.md). Degradations (--probe degradations, \
            or by name) should lower the dimensions they name: each is tested one-sided for a fall, sensitive or insensitive; \
            rows one cannot apply to are left out and counted by reason. Calls are cached: a stopped \
            battery resumes. Exit codes: 0 no effect detected (degradations sensitive); 2 some probe biased or some \
            degradation insensitive; 4 some undefined; 1 server failed; \
            64 usage (unknown probe or row, a probe that does not apply); 65 malformed input, a row without the field. \
            --junit writes a test case per probe and dimension, and with GITHUB_STEP_SUMMARY set the Markdown report is \
            appended to that file (docs/ALIGNMENT.md, "Verdicts for CI reporters"); --show refuses --junit (64).
            """,
        options: [rubric, probe, field, show, report] + VerdictReportOptions.options + JudgeModelOptions.options,
        flags: [json, pairwise],
        positionals: [runFile], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        try JudgeModelOptions.refuseAnnotators(arguments, "the probes")
        let run = try InputFiles.run(arguments[runFile])
        let rubric = try InputFiles.rubric(arguments[Self.rubric])
        let battery = try ProbeBattery(
            named: try arguments[probe], rubric: rubric, field: try arguments[field], pairwise: arguments[pairwise])
        if let row = try arguments[show] {
            if let given = ([report] + VerdictReportOptions.options).first(where: arguments.isGiven) {
                throw UsageError("--\(given.option.name) does not apply with --show: nothing is judged, so there is no verdict to write")
            }
            console.print(try battery.transcript(ofRow: row, run: run, rubric: rubric))
            return .success
        }
        try InputFiles.refuseOverwriting(
            [("report", try arguments[Self.report])] + (try VerdictReportOptions.outputs(arguments)),
            inputs: [arguments[runFile], arguments[Self.rubric]])
        if let path = try arguments[Self.report] { try StagedOutputs.check(path, role: "report") }
        let reporters = try VerdictReportOptions.reporters(arguments)
        let judge = try JudgeModelOptions.judge(arguments)
        judge.notes.forEach(console.printNote)
        let line = console.progressLine()
        let report = try await judge.probes(
            run: run, rubric: rubric, battery: battery,
            display: JudgeModelOptions.display(line, console))
        line.clear()
        try VerdictReporters.write(
            try arguments[Self.report].map { [try report.file(at: $0)] } ?? [], reporters: reporters, verdicts: report.verdictSuite(command:),
            markdown: report.renderMarkdown)
        console.print(arguments[json] ? try report.renderJSON() : report.renderText())
        console.printNote(judge.summary)
        return VerdictExitCodes.code(for: report.worstOutcome)
    }
}
