import Calibration
import CalibrationData
import CalibrationMaps
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal estimate RUN --rubric R --labels L` (or `[RUN] --judge-scores S`): the run's figures as the experts would
/// have given them.
enum EstimateCommand {
    static let judgeScores = OptionKey<String?>(
        "judge-scores", valueName: "file", help: "The judge's scores of every row, instead of judging the run.")
    static let rubric = OptionKey<String?>(
        "rubric", valueName: "file", help: "The rubric: dimensions and scales, and what the judge scores with.")
    static let categories = OptionKey<[Int]>("categories", valueName: "level", help: "Without a rubric: the levels.", commaSeparated: true)
    static let passAt = OptionKey<Double?>("pass-at", valueName: "level", help: "Also the pass rate: rows at or above this level pass.")
    static let versus = OptionKey<String?>("versus", valueName: "file", help: "Run B's judge scores: estimate A − B.")
    static let versusLabels = OptionKey<[String]>(
        "versus-labels", valueName: "file", help: "Run B's label sheets.", arity: .upToNextOption)
    static let report = OptionKey<String?>("report", valueName: "file", help: "Also write the estimates: .html, .md or JSON.")
    static let frame = OptionKey<String?>(
        "frame", valueName: "file", help: "The sampling frame extract wrote (default: found beside the sheets).")
    static let calibration = OptionKey<String?>(
        "calibration", valueName: "file",
        help: "A calibration (judgecal calibrate) to read the judge's scores through; the labels are then fresh ones, not its own.")
    static let history = OptionKey<String>(
        "history", valueName: "file", help: "With --calibration: the history its audits are read from.",
        defaultValue: "calibration/history.jsonl")
    static let gate = OptionKey<[String]>(
        "gate", valueName: "dimension>=value",
        help: "Gate on a corrected figure: Relevance>=3.5, Relevance:pass-rate>=0.8 or Usefulness<=2; exit 2 missed, 3 inconclusive, 4 undefined.",
        commaSeparated: true)
    static let randomSample = Flag("random-sample", help: "Declare the labelled rows a uniform random sample of the run.")
    static let notForInference = Flag(
        "not-for-inference", help: "The labelled rows were picked by hand: figures marked not for inference.")
    static let runFile = PositionalKey<String?>(
        "run", help: "The frozen run; with --judge-scores optional (the rows are the scores').")

    static let command = Command(
        name: "estimate", abstract: "Correct a run's judge figures with expert labels on a random sample of its rows.",
        discussion: """
            Per dimension, judge-only, experts-only and corrected: the mean (PPI++); with --pass-at the pass rate \
            (by judge level, PPI++); on a scale each level's share; with --versus A − B; each with interval, n and N \
            (docs/ESTIMATION.md). With --calibration (and --rubric), also the calibrated mean, pass rate and level shares: the judge's scores \
            read through the saved maps of the same judge and rubric, with the maps' jackknife variance, and corrected by the \
            labels' residuals (PPI++) when they are 10 or more; the labels must be fresh, not those the map was fitted on \
            (docs/CALIBRATION-MAPS.md); a warning when the calibration's last audit in --history failed, and when these \
            labels decided its last audit and it passed, the mean corrected given that pass too (a selective reading) and \
            a note that the pass rate and shares corrected by them hold only given it; with \
            --require-audited a refusal (65) unless it passed. Rows are weighted by the sampling frame extract wrote beside the sheets \
            (or --frame); without one, declare --random-sample or --not-for-inference. Without --judge-scores the run is \
            judged with the rubric (through the response cache, as judge does). \
            --gate reads a corrected figure against a threshold on its interval: met, missed, inconclusive or undefined; \
            with it --junit writes a test case per gate, and with GITHUB_STEP_SUMMARY set the Markdown report is appended \
            there (docs/ALIGNMENT.md, "Verdicts for CI reporters"). \
            Exit codes: 0 estimated (every gate met); 2 some gate missed, else 4 some undefined, else 3 some inconclusive; \
            1 the judge server failed; 64 usage; 65 malformed input; 66 a file missing.
            """,
        options: [judgeScores, rubric, categories, passAt, versus, versusLabels, report, frame, calibration, history, gate] + LabelOptions.options
            + VerdictReportOptions.options + JudgeModelOptions.options,
        flags: LabelOptions.flags + [randomSample, notForInference, AuditRequirementOptions.requireAudited],
        positionals: [runFile],
        run: run)

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let existing = { (key: OptionKey<String?>) in try arguments[key].map { try InputFiles.existing($0, role: key.option.name) } }
        let allExisting = { (key: OptionKey<[String]>) in try arguments[key].map { try InputFiles.existing($0, role: key.option.name) } }
        let run = try arguments[runFile].map { try InputFiles.existing($0, role: "run") }
        let gates = try arguments[gate].map { text in
            guard let gate = EstimationGate(text) else {
                throw UsageError("--gate takes dimension>=value, dimension<=value or dimension:pass-rate>=value; got '\(text)'")
            }
            return gate
        }
        if gates.isEmpty, let given = VerdictReportOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) applies to estimate only with --gate: without a gate there is no verdict to write")
        }
        try InputFiles.refuseOverwriting(
            [("report", try arguments[Self.report])] + (try VerdictReportOptions.outputs(arguments)),
            inputs: [arguments[runFile], try arguments[judgeScores], try arguments[rubric], try arguments[versus], try arguments[frame]]
                + (try arguments[LabelOptions.labels]) + (try arguments[versusLabels]))
        if let path = try arguments[Self.report] { try StagedOutputs.check(path, role: "report") }
        let reporters = gates.isEmpty ? nil : try VerdictReportOptions.reporters(arguments)
        try reporters?.check()
        let calibration = try arguments[Self.calibration].map { try CalibrationAudit.calibration(at: try InputFiles.existing($0, role: "calibration")) }
        if calibration == nil, arguments.isGiven(history) {
            throw UsageError("--history applies only with --calibration: it reads the calibration's audits")
        }
        if calibration == nil, arguments[AuditRequirementOptions.requireAudited] {
            throw UsageError("--require-audited applies only with --calibration: it reads the calibration's audits")
        }
        let standing = try calibration.map { file, hash in
            let historyPath = try arguments[history]
            let standing = try CalibrationStanding(.init(file, fileHash: hash), historyAt: URL(fileURLWithPath: historyPath))
            try AuditRequirementOptions.check(standing, history: historyPath, arguments, console: console)
            return standing
        }
        let judgments = try await judgments(arguments, console, calibration: calibration?.calibration)
        let files = EstimationFiles(
            judgeScores: judgments == nil ? try existing(judgeScores) : nil, judgments: judgments, run: run,
            rubric: try existing(rubric),
            categories: try arguments[categories], labels: try allExisting(LabelOptions.labels),
            versus: try existing(versus), versusLabels: try allExisting(versusLabels), means: arguments[LabelOptions.means],
            frame: try existing(frame), calibration: calibration?.calibration, standing: standing)
        let settings = try EstimationSettings(
            passLevel: try arguments[passAt], randomSample: arguments[randomSample],
            notForInference: arguments[notForInference])
        let report = try EstimationReport.estimate(
            files: files, settings: settings, gates: gates, writingReportTo: try arguments[Self.report],
            reporters: reporters)
        if let note = standing?.selectionNote(for: report) { console.printNote("note: " + note) }
        console.print(arguments[LabelOptions.json] ? try report.json() : report.renderText())
        return report.gates.map { VerdictExitCodes.code(for: EstimationGateOutcome.worst(of: $0.map(\.verdict.outcome)).gate) } ?? .success
    }

    /// Without `--judge-scores`: the run judged with the rubric, through the cache. With a calibration, whose judge
    /// must be known, `--judge-scores` read with the rubric too (`InputFiles.judgeScores`); otherwise `nil`, and the
    /// scores file is read with the estimate. A calibration is checked against the judge and the rubric's text before
    /// any row is judged (`CalibrationFile.check`), its notes printed.
    static func judgments(_ arguments: ParsedArguments, _ console: Console, calibration: CalibrationFile?) async throws -> JudgmentSet? {
        func check(_ judge: JudgeIdentity, rubricPath: String) throws {
            let rubricText = try InputFiles.read(rubricPath, role: "rubric")
            for note in try calibration?.check(judge: judge, rubricTextHash: SHA256.hexDigest(of: Array(rubricText))) ?? [] {
                console.printNote(note)
            }
        }
        if let path = try arguments[judgeScores] {
            guard calibration != nil else { return nil }
            guard let rubricPath = try arguments[Self.rubric] else {
                throw UsageError("--calibration needs --rubric: the calibration is checked against the rubric it was fitted with")
            }
            let (judgments, judge) = try InputFiles.judgeScores(
                path, rubric: try InputFiles.rubric(rubricPath), run: try arguments[runFile].map(InputFiles.run))
            try check(judge, rubricPath: rubricPath)
            return judgments
        }
        guard let run = arguments[runFile], let rubric = try arguments[Self.rubric] else {
            throw UsageError("give the run and --rubric to judge it with, or --judge-scores FILE")
        }
        let judge = try JudgeModelOptions.judge(arguments)
        try check(judge.identity, rubricPath: rubric)
        defer { console.printNote(judge.summary) }
        return try await JudgeModelOptions.judgments(
            run: try InputFiles.run(run), rubric: try InputFiles.rubric(rubric), judge: judge, console: console)
    }
}
