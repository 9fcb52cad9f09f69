import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging
import StatisticsCore

/// `judgecal align RUN --rubric R --labels FILE…`: judge (from the cache) and
/// measure agreement with the experts, with a verdict a CI job can gate on.
enum AlignCommand {
    /// The library's defaults, which the options declare as theirs.
    static let defaults = AlignmentSettings()

    static let labelOptions: [Option] = [
        Option(
            "labels", valueName: "file", help: "Expert label sheets (.labels.csv); several merge their raters.", arity: .upToNextOption,
            required: true)
    ]

    static let labelFlags: [Flag] = [
        Flag("means", help: "Labels are means of several experts (such as SummEval's thirds): any value within the scale is accepted."),
        Flag("json", help: "Print the report as JSON (schema in docs/FORMATS.md)."),
    ]

    /// The statistic and its intervals, shared by `align` and `compare` (whose paired difference takes them too).
    static let intervalOptions: [Option] = [
        Option(
            "statistic", valueName: "name", help: "The verdict's statistic.", choices: AlignmentStatistic.allCases.map(\.rawValue),
            defaultValue: defaults.statistic.rawValue),
        Option(
            "ci", valueName: "method",
            help: "Intervals: each statistic's best by measured coverage (docs/PLANNING.md) unless named: analytic (normal) or t "
                + "where the statistic has one, else the bootstrap; or bootstrap (percentile) or bca throughout. compare's paired "
                + "difference: jackknife t, or bootstrap or bca when named.", choices: IntervalMethod.allCases.map(\.rawValue)),
        Option(
            "resamples", valueName: "n", help: "Bootstrap resamples (paired in compare): 0 (none), or 100 to 100000.",
            defaultValue: String(defaults.resamples), range: 0...AgreementRequest.maximumResamples),
        Option("seed", valueName: "n", help: "Bootstrap seed.", defaultValue: String(defaults.seed)),
    ]

    /// `--history` and the split options (docs/ITERATION.md), shared by `align`, `compare` and `certify`.
    static let splitOptions: [Option] = [
        Option("history", valueName: "file", help: "The history file a line is appended to.", defaultValue: "calibration/history.jsonl"),
        Option("split", valueName: "name", help: "Only this split's rows (looks counted).", choices: ["development", "validation"]),
        Option("splits", valueName: "file", help: "The split record (default: NAME.splits.json beside the first label sheet)."),
        Option("split-shares", valueName: "d,v,t", help: "Shares of a new split record (default 50,25,25).", commaSeparated: true),
    ]

    static let command = Command(
        name: "align",
        abstract: "Measure how far the judge agrees with expert labels, per dimension, with a verdict.",
        discussion: """
            Judges the run's labelled rows (or --ids, or --sample of them) with the rubric (cached calls are not repeated), \
            reads the expert labels (a sheet's rows beyond the run are counted, left out), and reports per dimension: counts, exact and \
            within-one agreement, Cohen's kappa (unweighted, linear, quadratic) with intervals, \
            Krippendorff's alpha (ordinal), Gwet's AC2, Pearson, Spearman and Kendall, bias and \
            spread, the confusion matrix, the human–human ceiling when two raters labelled the same \
            rows, and the worst disagreements with the judge's rationale and the expert's note. Rows \
            the rubric quotes as worked examples are left out unless --include-examples. The verdict \
            per dimension compares the statistic's interval with the threshold: aligned when the \
            lower bound clears it, not aligned when the upper bound is below it, inconclusive \
            otherwise (with how many more labelled rows would decide it). Each run appends a line \
            to the history file (--history).
            With --judge-scores FILE the judge is not called: the scores come from FILE (CSV or JSON \
            Lines with an id and one number per dimension, or a judgments file from judgecal judge; \
            see docs/FORMATS.md), the run is optional (without it the rows are the ids of the two \
            files), and so is --rubric: without it the dimensions are the columns both files share \
            and the scale is --categories (every dimension) or unknown. Fractional labels and scores \
            (means of experts or of sampled replies) enter the correlations as they are; the \
            category statistics round them half up to the nearest level and say how many, and are \
            undefined, with the reason, when no scale is known. With a scale, a judge value beyond \
            its ends is counted as a judge failure (off-scale), never scored.
            Exit codes: 0 every dimension aligned; 2 some dimension not aligned; 3 some inconclusive \
            (none not aligned); 4 some undefined; 1 the judge server failed; 64 usage; 65 malformed \
            input; 66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("rubric", valueName: "file", help: "The rubric the judge scores with (optional with --judge-scores).")
        ] + labelOptions + [
            Option(
                "judge-scores", valueName: "file",
                help: "Scores a judge produced elsewhere (CSV, JSON Lines or .judgments.jsonl): align them instead of judging."),
            Option(
                "categories", valueName: "level",
                help: "With --judge-scores and no rubric: the integer levels of every dimension's scale (1,2,3,4,5); at most 200.",
                commaSeparated: true),
        ] + intervalOptions + [
            Option("threshold", valueName: "x", help: "The verdict's threshold.", defaultValue: String(defaults.threshold)),
            Option(
                "sequential", valueName: "looks", help: "Count this look in a plan of at most this many (docs/PLANNING.md).", range: 1...),
            Option("group-by", valueName: "path", help: "Per-group correlations, averaged (e.g. metadata.doc_id)."),
            Option(
                "worst", valueName: "n", help: "How many worst disagreements to list.",
                defaultValue: String(defaults.worstDisagreements), range: 0...),
            Option(
                "report", valueName: "file", help: "Also write the report to this file: .html a page with charts, .md Markdown, else JSON."),
        ] + splitOptions + JudgeModelOptions.selectionOptions + JudgeModelOptions.options,
        flags: labelFlags + [
            Flag("include-examples", help: "Keep the rubric's worked-example rows in the figures."),
            Flag("no-history", help: "Do not append to the history file."),
            Flag("require-certified", help: "Refuse unless the rubric and model match the lineage's certificate in the history."),
            Flag("pairwise", help: "Compare response.a and response.b in both orders; align with a preference column (a, b, tie)."),
        ],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl); optional with --judge-scores.", optional: true)],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        do {
            if arguments.flag("pairwise") { return try await runPairwise(arguments, console: console) }
            if let scoresPath = arguments.value("judge-scores") { return try runOnScores(scoresPath, arguments, console: console) }
            return try await runJudging(arguments, console: console)
        } catch let error as AlignmentOptionsError {
            throw UsageError(error.message)
        }
    }

    /// `align RUN --rubric R`: judges the run (through the cache), then aligns.
    static func runJudging(_ arguments: ParsedArguments, console: Console, certifying: Bool = false) async throws -> ExitCode {
        var (alignment, purpose, outputs) = try judgedAlignment(arguments, certifying: certifying)
        let judge = try JudgeModelOptions.judge(arguments)
        let line = console.progressLine()
        let report = try await alignment.report(
            judge: judge, purpose: purpose, display: JudgeModelOptions.display(line, console), note: console.printNote)
        line.clear()
        console.printNote(judge.summary)
        return try finish(report, outputs, arguments, rubricText: alignment.rubricText, console: console)
    }

    /// What `align RUN --rubric R` (or `certify`) judges and aligns, read and checked before any judging.
    ///
    /// Kept apart from the async ``runJudging(_:console:certifying:)``: with this work inline, the Swift 6.3.1
    /// optimiser crashed (signal 11) splitting that function's coroutine in a release build.
    static func judgedAlignment(_ arguments: ParsedArguments, certifying: Bool) throws -> (
        JudgedAlignment, JudgedAlignment.Purpose, AlignmentOutputs
    ) {
        guard certifying || arguments.value("categories") == nil else {
            throw UsageError("--categories applies only with --judge-scores; when judging, the rubric declares the scales")
        }
        guard let runPath = arguments.positional("run") else { throw UsageError("give the run to judge, or --judge-scores FILE") }
        guard let rubricPath = arguments.value("rubric") else { throw UsageError("--rubric is required unless --judge-scores is given") }
        let run = try InputFiles.run(runPath)
        let rubric = try InputFiles.rubric(rubricPath)
        let labels = try readLabels(arguments, run: run, dimensions: rubric.dimensions)
        let settings = try alignmentOptions(arguments), outputs = try checkedOutputs(arguments)
        let alignment = JudgedAlignment(
            run: run, rubric: rubric, rubricText: String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self),
            labels: labels, groupBy: arguments.value("group-by"), settings: settings,
            split: try splitStep(arguments, labels: labels, split: certifying ? .test : nil, history: !arguments.flag("no-history")),
            selection: certifying ? nil : try JudgeModelOptions.selection(arguments))
        let purpose: JudgedAlignment.Purpose =
            certifying
            ? .certification(force: arguments.flag("force"))
            : .look(requiringCertificateIn: arguments.flag("require-certified") ? arguments.valueOrDefault("history") : nil)
        return (alignment, purpose, outputs)
    }

    /// `align RUN --rubric R --pairwise`: judges each pair in both orders, then aligns with human preferences.
    static func runPairwise(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let (rows, rubric, rubricText, settings, outputs) = try pairwiseAlignment(arguments)
        let judge = try JudgeModelOptions.judge(arguments)
        let judgments = try await JudgeModelOptions.judgments(run: rows.judged, rubric: rubric, judge: judge, console: console, pairwise: true)
        let report = PreferenceAlignment(run: rows.run, judgments: judgments, labels: rows.labels, settings: settings)
        try outputs.write(report, rubricText: rubricText)
        console.print(arguments.flag("json") ? try report.renderJSON() : report.renderText())
        console.printNote(judge.summary)
        return ExitCode(report.verdict.outcome.exitStatus)
    }

    /// What `align --pairwise` judges and aligns, read and checked before any judging; kept apart from the async
    /// ``runPairwise(_:console:)`` for the same optimiser crash as ``judgedAlignment(_:certifying:)``.
    static func pairwiseAlignment(_ arguments: ParsedArguments) throws -> (
        AlignmentRows, Rubric, String, AlignmentSettings, AlignmentOutputs
    ) {
        let refused = PreferenceAlignment.refusedOptions.filter(arguments.isGiven) + PreferenceAlignment.refusedFlags.filter(arguments.flag)
        if let given = refused.first { throw UsageError("--\(given) does not apply with --pairwise (docs/FORMATS.md)") }
        guard let rubricPath = arguments.value("rubric") else { throw UsageError("--pairwise judges the run: give --rubric") }
        let run = try InputFiles.run(arguments.positional("run") ?? ""), rubric = try InputFiles.rubric(rubricPath)
        let labels = try readLabels(arguments, run: run, dimensions: [PreferenceAlignment.labelDimension])
        let rows = try AlignmentRows(run: run, labels: labels, selection: try JudgeModelOptions.selection(arguments))
        let rubricText = String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self)
        return (rows, rubric, rubricText, try alignmentOptions(arguments), try checkedOutputs(arguments))
    }

    /// `align --judge-scores FILE`: aligns scores a judge produced elsewhere, without calling a model.
    static func runOnScores(_ path: String, _ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let scoresURL = try InputFiles.existing(path, role: "judge-scores file")
        if try JudgeModelOptions.selection(arguments) != nil { throw UsageError("--ids and --sample choose rows to judge") }
        let run = try arguments.positional("run").map(InputFiles.run)
        let rubricPath = arguments.value("rubric")
        let rubric = try rubricPath.map(InputFiles.rubric)
        let levels = try ScoringScale.alignmentLevels(try arguments.values("categories", as: Int.self), rubric: rubric)
        if run == nil, arguments.value("group-by") != nil {
            throw UsageError("--group-by reads fields of the run's rows; give the run")
        }
        let labelURLs = try arguments.values("labels").map { try InputFiles.existing($0, role: "label sheet") }
        let settings = try alignmentOptions(arguments)
        let outputs = try checkedOutputs(arguments)
        let alignment = try JudgeScoresAlignment(
            scores: scoresURL, run: run, rubric: rubric, levels: levels, labelSheets: labelURLs,
            values: arguments.flag("means") ? .means : .levels, groupBy: arguments.value("group-by"), settings: settings)
        alignment.notes.forEach(console.printNote)
        return try finish(
            alignment.report, outputs, arguments,
            rubricText: try rubricPath.map { String(decoding: try InputFiles.read($0, role: "rubric"), as: UTF8.self) },
            console: console)
    }

    /// Writes the outputs all or none (``AlignmentOutputs/write(_:rubricText:)``), then prints the report (text or
    /// JSON) and returns the verdict's exit code.
    static func finish(
        _ computed: AlignmentReport, _ outputs: AlignmentOutputs, _ arguments: ParsedArguments, rubricText: String?, console: Console
    ) throws -> ExitCode {
        let report = try outputs.withLooks(computed, labelSheets: arguments.values("labels"))
        let json = try JSONEncoder.report.encode(report)
        try outputs.write(report, rubricText: rubricText)
        console.print(arguments.flag("json") ? String(decoding: json, as: UTF8.self) : report.renderText())
        return ExitCode(Verdict.Outcome.worst(of: report.dimensions.map(\.verdict.outcome)).exitStatus)
    }

    /// `--report` and the history file (unless `--no-history`), checked before any work.
    static func checkedOutputs(_ arguments: ParsedArguments) throws -> AlignmentOutputs {
        let outputs = AlignmentOutputs(
            report: arguments.value("report"), history: arguments.flag("no-history") ? nil : arguments.valueOrDefault("history"),
            historyIsDefault: !arguments.isGiven("history"))
        try outputs.check()
        return outputs
    }

    /// The split of `--split` (or `certify`'s test split), its looks counted in `--history` unless `history` is false.
    static func splitStep(_ arguments: ParsedArguments, labels: ExpertLabels, split: LabelSplit?, history: Bool) throws -> SplitStep? {
        try (split ?? arguments.value("split", as: LabelSplit.self)).map {
            try SplitStep(
                $0, labels: labels, sheets: arguments.values("labels"), file: arguments.value("splits"), shares: try arguments.values(
                    "split-shares", as: Double.self), history: history ? arguments.valueOrDefault("history") : nil)
        }
    }

    /// `judgecal certify RUN --rubric R --labels L`: `align` on the sealed test rows, once per lineage.
    static let certify = Command(
        name: "certify", abstract: "Judge the sealed test rows once with a rubric, and record the verdict as its certificate.",
        discussion: """
            Judges the test split's rows only and reports the verdict with its interval; the certificate (rubric hash, judge \
            model and settings, label fingerprint, split) goes to the history for align --require-certified. A second one of a \
            lineage (rubric name) on these test rows is refused (exit 1) unless --force: "test rows reused". Else as align.
            """,
        options: command.options.filter { !["judge-scores", "categories", "split", "ids", "sample"].contains($0.name) },
        flags: command.flags.filter { $0.name != "require-certified" } + [Flag("force", help: "Certify again: \"test rows reused\".")],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: { try await runJudging($0, console: $1, certifying: true) })

    static func readLabels(_ arguments: ParsedArguments, run: FrozenRun, dimensions: [ScoreDimension]) throws -> ExpertLabels {
        let urls = try arguments.values("labels").map { try InputFiles.existing($0, role: "label sheet") }
        return try ExpertLabels.load(
            from: urls, dimensions: dimensions, runIDs: Set(run.rows.map(\.id)),
            values: arguments.flag("means") ? .means : .levels, outsideRun: .counted)
    }

    /// The statistic named by `--statistic`.
    static func statistic(_ arguments: ParsedArguments) throws -> AlignmentStatistic {
        try arguments.valueOrDefault("statistic", as: AlignmentStatistic.self)
    }

    static func alignmentOptions(_ arguments: ParsedArguments) throws -> AlignmentSettings {
        try AlignmentSettings(
            statistic: try statistic(arguments), threshold: try arguments.valueOrDefault("threshold", as: Double.self),
            intervals: try arguments.value("ci", as: IntervalMethod.self),
            resamples: try arguments.valueOrDefault("resamples", as: Int.self),
            seed: try arguments.valueOrDefault("seed", as: UInt64.self),
            worstDisagreements: try arguments.valueOrDefault("worst", as: Int.self),
            includeExampleRows: arguments.flag("include-examples"), sequentialLooks: try arguments.value("sequential", as: Int.self)
        ).validated()
    }
}
