import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import JudgeProbes
import Judging

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
    static let severity = OptionKey<[String]>(
        "severity", valueName: "name=level",
        help: "A degradation's severity (severe, moderate or minor), over its class's default; a severe one the judge misses marks align.",
        commaSeparated: true)
    static let levels = OptionKey<[String]>(
        "levels", valueName: "dimension",
        help: "Instead of the probes: responses written at each level of these dimensions, judged against the level aimed at.",
        commaSeparated: true)
    static let generatorConfig = OptionKey<String?>(
        "generator-model-config", valueName: "file", help: "With --levels: the model that writes the responses (JSON settings).")
    static let validatorConfig = OptionKey<String?>(
        "validator-model-config", valueName: "file",
        help: "With --levels: a judge that must score a response at its level for it to be kept (JSON settings).")
    static let seed = OptionKey<UInt64>(
        "seed", valueName: "n", help: "With --levels: seeds --sample and the agreement's bootstrap.", defaultValue: IntervalOptions.defaultSeed)
    /// The options of `--levels` alone, and the probes' options it refuses.
    static let levelOptions: [any OptionDeclaration] = [generatorConfig, validatorConfig, seed] + JudgeModelOptions.selectionOptions
    static let probeOnlyOptions: [any OptionDeclaration] = [probe, severity, show, report, SplitOptions.history] + VerdictReportOptions.options
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
            rows one cannot apply to are left out and counted by reason. The battery's verdicts go to the history \
            (--history, unless --no-history): align and certify of the same model and scoring mode with the same rubric \
            text read the newest, and a dimension insensitive to a severe degradation (--severity) is not aligned \
            there, whatever its agreement. --levels D writes, with --generator-model-config's model, a response at each \
            level of D for each row (--sample, --ids), keeps those --validator-model-config's judge scores at their \
            level, and reports the judge's scores against the levels aimed at: the confusion table, the share hit and \
            quadratic kappa (exit 0). Calls are cached: a stopped \
            battery resumes. Exit codes: 0 no effect detected (degradations sensitive); 2 some probe biased or some \
            degradation insensitive; 4 some undefined; 1 server failed; \
            64 usage (unknown probe or row, a probe that does not apply); 65 malformed input, a row without the field. \
            --junit writes a test case per probe and dimension, and with GITHUB_STEP_SUMMARY set the Markdown report is \
            appended to that file (docs/ALIGNMENT.md, "Verdicts for CI reporters"); --show refuses --junit (64).
            """,
        options: [rubric, probe, severity, field, show, report, SplitOptions.history, levels] + levelOptions
            + VerdictReportOptions.options + JudgeModelOptions.options,
        flags: [json, pairwise, SplitOptions.noHistory],
        positionals: [runFile], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        try JudgeModelOptions.refuseAnnotators(arguments, "the probes")
        if arguments.isGiven(levels) { return try await runLevels(arguments, console: console) }
        if let given = levelOptions.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) applies only with --levels")
        }
        let run = try InputFiles.run(arguments[runFile])
        let rubric = try InputFiles.rubric(arguments[Self.rubric])
        var battery = try ProbeBattery(
            named: try arguments[probe], rubric: rubric, field: try arguments[field], pairwise: arguments[pairwise])
        try setSeverities(of: &battery, arguments)
        if let row = try arguments[show] {
            let outputs: [any OptionDeclaration] = [Self.report, SplitOptions.history] + VerdictReportOptions.options
            let given = outputs.filter(arguments.isGiven).map(\.option.name)
            if let given = given.first ?? (arguments[SplitOptions.noHistory] ? SplitOptions.noHistory.name : nil) {
                throw UsageError("--\(given) does not apply with --show: it judges nothing, so it writes no report, verdict or history")
            }
            console.print(try battery.transcript(ofRow: row, run: run, rubric: rubric))
            return .success
        }
        // probe reads no history, so a history named beside --no-history would be neither read nor written.
        if arguments[SplitOptions.noHistory], arguments.isGiven(SplitOptions.history) {
            throw UsageError("--history and --no-history contradict each other: give one")
        }
        let outputs = try VerdictOutputs.checked(arguments, report: Self.report, inputs: [arguments[runFile], try arguments[Self.rubric]])
        let judge = try JudgeModelOptions.judge(arguments)
        judge.notes.forEach(console.printNote)
        let line = console.progressLine()
        let report = try await judge.probes(
            run: run, rubric: rubric, battery: battery,
            display: JudgeModelOptions.display(line, console))
        line.clear()
        let rubricText = String(decoding: try InputFiles.read(try arguments[Self.rubric], role: "rubric"), as: UTF8.self)
        try outputs.write(
            try arguments[Self.report].map { [try report.file(at: $0)] } ?? [],
            entries: [ProbeHistoryEntry(report: report, judge: judge.identity, rubricText: rubricText)],
            verdicts: report.verdictSuite(command:), markdown: report.renderMarkdown)
        console.print(arguments[json] ? try report.renderJSON() : report.renderText())
        console.printNote(judge.summary)
        return VerdictExitCodes.code(for: report.worstOutcome.gate)
    }

    /// `probe RUN --rubric R --levels D --generator-model-config G`: responses written at each level of `D`'s scale,
    /// kept when the validation judge places them there, and judged (docs/PROBES.md, "Responses at each level").
    static func runLevels(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let refused = probeOnlyOptions.filter(arguments.isGiven).map(\.option.name)
            + [pairwise, SplitOptions.noHistory].filter { arguments[$0] }.map(\.name)
        if let given = refused.first {
            throw UsageError("--\(given) does not apply with --levels: it writes responses at each level, with no probe, report file or history line")
        }
        guard let generatorPath = try arguments[generatorConfig] else {
            throw UsageError("--levels needs --generator-model-config FILE: the model that writes the responses")
        }
        var run = try InputFiles.run(arguments[runFile])
        if let selection = try JudgeModelOptions.selection(arguments, seed: seed) { run = try selection.rows(of: run) }
        let rubric = try InputFiles.rubric(try arguments[Self.rubric])
        let responses = try LevelAimedResponses(
            dimensions: try arguments[levels], rubric: rubric, field: try arguments[field], seed: try arguments[seed])
        let judge = try JudgeModelOptions.judge(arguments)
        let generator = try JudgeSession(
            configurationFile: try InputFiles.existing(generatorPath, role: "generator model configuration"), sharingCacheOf: judge)
        let validator = try arguments[validatorConfig].map {
            try JudgeSession(configurationFile: try InputFiles.existing($0, role: "validator model configuration"), sharingCacheOf: judge)
        }
        judge.notes.forEach(console.printNote)
        let line = console.progressLine()
        let report = try await judge.levelAimed(
            run: run, rubric: rubric, responses: responses, generator: generator, validator: validator,
            display: JudgeModelOptions.display(line, console))
        line.clear()
        console.print(arguments[json] ? try report.renderJSON() : report.renderText())
        console.printNote("judge: " + judge.summary)
        console.printNote("generator: " + generator.summary)
        if let validator { console.printNote("validator: " + validator.summary) }
        return .success
    }

    /// `--severity name=level,…`: each named degradation of the battery takes the severity given over its class's
    /// default; a name that is no degradation in the battery, or a level that is none, is refused.
    static func setSeverities(of battery: inout ProbeBattery, _ arguments: ParsedArguments) throws {
        for item in try arguments[severity] {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let levels = DegradationTarget.Severity.allCases.map(\.rawValue)
            guard parts.count == 2, let level = DegradationTarget.Severity(rawValue: parts[1]) else {
                throw UsageError("--severity takes name=level with a level of \(levels.joined(separator: ", ")); got '\(item)'")
            }
            guard let index = battery.probes.firstIndex(where: { $0.name == parts[0] && $0.degrades != nil }) else {
                let degradations = battery.probes.filter { $0.degrades != nil }.map(\.name)
                throw UsageError(
                    "--severity \(item): the battery has no degradation named '\(parts[0])'"
                        + (degradations.isEmpty ? "; it runs none (--probe degradations runs every one)" : "; it runs \(degradations.joined(separator: ", "))"))
            }
            battery.probes[index].degrades?.severity = level
        }
    }
}
