import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationMaps
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
    static let rubric = OptionKey<String?>(
        "rubric", valueName: "file", help: "The rubric the judge scores with (optional with --judge-scores).")
    static let judgeScores = OptionKey<[String]>(
        "judge-scores", valueName: "file",
        help:
            "Scores a judge produced elsewhere (CSV, JSON Lines or .judgments.jsonl): align them instead of judging; several judges' files set them side by side.",
        arity: .upToNextOption)
    static let categories = OptionKey<[Int]>(
        "categories", valueName: "level",
        help: "With --judge-scores and no rubric: the integer levels of every dimension's scale (1,2,3,4,5); at most 200.",
        commaSeparated: true)
    static let threshold = OptionKey<Double>(
        "threshold", valueName: "x", help: "The verdict's threshold.", defaultValue: IntervalOptions.defaults.threshold)
    static let thresholdFromCeiling = OptionKey<Double?>(
        "threshold-from-ceiling", valueName: "F",
        help: "Set each dimension's threshold to F × the experts' own agreement there: the mean over rater pairs of the "
            + "verdict's statistic (the human ceiling's mean). F in (0, 1.5]; not with --threshold or --sequential; a "
            + "dimension without a ceiling (fewer than two raters sharing a row) is refused (64).")
    static let sequential = OptionKey<Int?>(
        "sequential", valueName: "looks", help: "Count this look in a plan of at most this many (docs/PLANNING.md).", range: 1...CountLimits.looks)
    static let epsilon = OptionKey<Double>(
        "epsilon", valueName: "ε",
        help: "The alternative annotator test's margin, 0 to 1: how far the judge may trail a left-out rater and still "
            + "replace one (Calderon et al. 2025: 0.2 for experts, 0.15 for skilled annotators, 0.1 for crowd workers). "
            + "Given, the test must run on every dimension (3 raters, 30 rows each), else 64.",
        defaultValue: IntervalOptions.defaults.alternativeAnnotatorMargin)
    static let altTestScorer = OptionKey<AnnotatorScorer?>(
        "alt-test-scorer", valueName: "scorer",
        help: "How the alternative annotator test scores a label against the other raters: accuracy or negative-rmse "
            + "(default: accuracy on a two-level scale, negative-rmse otherwise).",
        choices: AnnotatorScorer.allCases.map(\.rawValue))
    static let groupBy = OptionKey<String?>("group-by", valueName: "path", help: "Per-group correlations, averaged (e.g. metadata.doc_id).")
    static let worst = OptionKey<Int>(
        "worst", valueName: "n", help: "How many worst disagreements to list.",
        defaultValue: IntervalOptions.defaults.worstDisagreements, range: 0...CountLimits.listed)
    static let report = OptionKey<String?>(
        "report", valueName: "file", help: "Also write the report to this file: .html a page with charts, .md Markdown, else JSON.")
    static let includeExamples = Flag("include-examples", help: "Keep the rubric's worked-example rows in the figures.")
    static let requireCertified = Flag(
        "require-certified", help: "Refuse unless the rubric and model match the lineage's certificate in the history.")
    static let pairwise = Flag(
        "pairwise", help: "Compare response.a and response.b in both orders; align with a preference column (a, b, tie).")
    static let runFile = PositionalKey<String?>("run", help: "The frozen run (.run.jsonl); optional with --judge-scores.")

    static let command = Command(
        name: "align",
        abstract: "Measure how far the judge agrees with expert labels, per dimension, with a verdict.",
        discussion: """
            Judges the run's labelled rows (or --ids, or --sample of them) with the rubric (cached calls are not repeated), \
            reads the expert labels (a sheet's rows beyond the run are counted, left out), and reports per dimension: counts, exact and \
            within-one agreement, Cohen's kappa (unweighted, linear, quadratic) with intervals, \
            Krippendorff's alpha (ordinal), Gwet's AC2, Pearson, Spearman and Kendall, bias and \
            spread, the confusion matrix, the human–human ceiling over every pair of raters who labelled \
            the same rows, and the worst disagreements with the judge's rationale and the expert's note. \
            Several raters of a row are combined by --experts (majority on a two-level scale, else the mean); --experts each \
            decides instead on the judge against each rater alone, averaged over raters, with a bootstrap over rows. \
            Krippendorff's alpha over every rater, and without each, stands beside the ceiling. With three \
            raters or more, the alternative annotator test asks whether the judge could replace one of them: each rater is \
            left out in turn, judge and rater are scored against the others, and a one-sided t-test with the margin \
            --epsilon, corrected over raters (Benjamini–Yekutieli), gives the winning rate (the judge passes at 0.5 or more) \
            and the advantage probability; per dimension and over all of them. Rows \
            the rubric quotes as worked examples are left out unless --include-examples. The verdict \
            per dimension compares the statistic's interval with the threshold: aligned when the \
            lower bound clears it, not aligned when the upper bound is below it, inconclusive \
            otherwise (with how many more labelled rows would decide it). --threshold-from-ceiling F sets each \
            dimension's threshold to F × the mean over rater pairs of the statistic, printed per dimension. Each run appends a line \
            to the history file (--history).
            With --judge-scores FILE the judge is not called: the scores come from FILE (CSV or JSON \
            Lines with an id and one number or level label per dimension, or a judgments file from judgecal \
            judge; see docs/FORMATS.md), the run is optional (without it the rows are the ids of the two \
            files), and so is --rubric: without it the dimensions are the columns both files share \
            and the scale is --categories (every dimension) or unknown; the model options are refused (64). \
            With the run and --rubric, --split and --require-certified apply as when judging, and certify \
            --judge-scores FILE certifies the scores (known by the file's SHA-256). Fractional labels and scores \
            (means of experts or of sampled replies) enter the correlations as they are; the \
            category statistics round them half up to the nearest level and say how many, and are \
            undefined, with the reason, when no scale is known. With a scale, a judge value beyond \
            its ends is counted as a judge failure (off-scale), never scored.
            With --judge-scores A B C… (two or more files, each judge named by its file's name without \
            the extension) every judge is aligned on its own rows as one would be, three panels of them \
            are scored like one more judge (the mean, the majority and Dawid–Skene), and per dimension a \
            table gives each one's n, statistic with its interval and verdict, the alternative annotator \
            test's winning rate, and its label multiplier (how many expert labels one labelled row is \
            worth with it in a corrected estimate, 1/(1 − R²), with a bootstrap interval), then a ranking \
            on the rows every judge scored: the difference from the best with a paired bootstrap interval \
            and a Holm-adjusted p-value (docs/ALIGNMENT.md, "Several judges"); a judgments file of judgecal \
            judge gets its tokens per row from the response cache (--cache), a scores file "unknown". \
            --report writes the table \
            (.html, .md or JSON); the history gets one line per judge; --sequential is refused (64); the \
            exit code is the worst over the judges.
            --junit FILE writes the verdicts as JUnit XML for a CI test reporter, a test case per dimension (per judge and \
            dimension with several judges): not aligned a failure, undefined an error, inconclusive skipped; and when \
            GITHUB_STEP_SUMMARY names a file (GitHub Actions sets it), the Markdown report is appended to it. Both are \
            written with the other outputs, whatever the verdict (docs/ALIGNMENT.md, "Verdicts for CI reporters").
            Exit codes: 0 every dimension aligned; 2 some dimension not aligned; 3 some inconclusive \
            (none not aligned); 4 some undefined; 1 the judge server failed; 64 usage; 65 malformed \
            input; 66 a file missing; 73 output folder missing.
            """,
        options: [rubric] + LabelOptions.options + [judgeScores, categories] + IntervalOptions.options
            + [threshold, thresholdFromCeiling, sequential, epsilon, altTestScorer, groupBy, worst, report] + VerdictReportOptions.options
            + SplitOptions.options + JudgeModelOptions.selectionOptions + JudgeModelOptions.options,
        flags: LabelOptions.flags + [includeExamples, SplitOptions.noHistory, requireCertified, pairwise, AuditRequirementOptions.requireAudited],
        positionals: [runFile],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        do {
            let scores = try arguments[judgeScores]
            if arguments[AuditRequirementOptions.requireAudited], arguments[pairwise] || scores.count > 1 {
                throw UsageError(
                    "--require-audited checks one judge's calibration of its scores; give one judge, without --pairwise")
            }
            if arguments[pairwise] { return try await runPairwise(arguments, console: console) }
            if scores.count == 1, arguments.isGiven(SplitOptions.split) || arguments[requireCertified] {
                return try runOnScoresWithSplit(scores[0], arguments, runPath: arguments[runFile], console: console)
            }
            if scores.count == 1 { return try runOnScores(scores[0], arguments, console: console) }
            if scores.count > 1 { return try runOnSeveralScores(scores, arguments, console: console) }
            return try await runJudging(arguments, runPath: arguments[runFile], console: console)
        } catch let error as AlignmentSettingsError {
            throw UsageError(AlignMessages.message(for: error) ?? error.message)
        }
    }

    /// `align RUN --rubric R`: judges the run (through the cache), then aligns.
    static func runJudging(
        _ arguments: ParsedArguments, runPath: String?, console: Console, certifying: Bool = false
    ) async throws -> ExitCode {
        var (alignment, purpose, outputs) = try judgedAlignment(arguments, runPath: runPath, certifying: certifying, console: console)
        let judge = try JudgeModelOptions.judge(arguments)
        if !certifying { try calibrationStanding(judge: { judge.identity }, rubricText: alignment.rubricText, arguments, console: console) }
        judge.notes.forEach(console.printNote)
        let line = console.progressLine()
        let report = try await alignment.report(
            judge: judge, purpose: purpose, display: JudgeModelOptions.display(line, console), note: console.printNote)
        line.clear()
        console.printNote(judge.summary)
        return try finish(
            report, outputs, arguments, rubricText: alignment.rubricText, labelRows: alignment.labelledRows, split: alignment.split,
            console: console)
    }

    /// `align --judge-scores FILE RUN --rubric R` with a split or a required certificate, and `certify --judge-scores FILE`:
    /// a judge scored elsewhere through the same split, looks and certificate as a judge asked here
    /// (``JudgedAlignment/report(frozen:judge:purpose:note:)``), known by its file's SHA-256.
    static func runOnScoresWithSplit(
        _ path: String, _ arguments: ParsedArguments, runPath: String?, console: Console, certifying: Bool = false
    ) throws -> ExitCode {
        let purpose = certifying ? "certify" : "a split or a required certificate"
        if let given = JudgeModelOptions.options.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called")
        }
        if !certifying, arguments.isGiven(categories) {
            throw UsageError("--categories does not apply with \(purpose): the rubric declares the scales")
        }
        guard runPath != nil, try arguments[Self.rubric] != nil else {
            throw UsageError(
                "--judge-scores with \(purpose) needs the run and --rubric: a split's rows are the run's, and its looks and certificates are a rubric's")
        }
        var (alignment, purposeOfLook, outputs) = try judgedAlignment(
            arguments, runPath: runPath, certifying: certifying, console: console, judgeScores: [path])
        let (judgments, judge) = try InputFiles.judgeScores(path, rubric: alignment.rubric, run: alignment.run)
        if !certifying { try calibrationStanding(judge: { judge }, rubricText: alignment.rubricText, arguments, console: console) }
        let report = try alignment.report(frozen: judgments, judge: judge, purpose: purposeOfLook, note: console.printNote)
        return try finish(
            report, outputs, arguments, rubricText: alignment.rubricText, labelRows: alignment.labelledRows, split: alignment.split,
            console: console)
    }

    /// What `align RUN --rubric R` (or `certify`) judges and aligns, read and checked before any judging.
    ///
    /// Kept apart from the async ``runJudging(_:runPath:console:certifying:)``: with this work inline, the Swift 6.3.1
    /// optimiser crashed (signal 11) splitting that function's coroutine in a release build.
    static func judgedAlignment(
        _ arguments: ParsedArguments, runPath: String?, certifying: Bool, console: Console, judgeScores: [String] = []
    ) throws -> (JudgedAlignment, JudgedAlignment.Purpose, AlignmentOutputs) {
        guard certifying || !arguments.isGiven(categories) else {
            throw UsageError("--categories applies only with --judge-scores; when judging, the rubric declares the scales")
        }
        guard let runPath else { throw UsageError("give the run to judge, or --judge-scores FILE") }
        guard let rubricPath = try arguments[Self.rubric] else { throw UsageError("--rubric is required unless --judge-scores is given") }
        let run = try InputFiles.run(runPath)
        let rubric = try InputFiles.rubric(rubricPath)
        let labels = try LabelOptions.read(arguments, run: run, dimensions: rubric.dimensions, console: console)
        let settings = try alignmentOptions(arguments, console: console)
        let outputs = try checkedOutputs(arguments, runPath: runPath, judgeScores: judgeScores)
        let alignment = JudgedAlignment(
            run: run, rubric: rubric, rubricText: String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self),
            labels: labels, groupBy: try arguments[groupBy], settings: settings,
            split: try SplitOptions.step(arguments, labels: labels, split: certifying ? .test : nil, history: !arguments[SplitOptions.noHistory]),
            selection: certifying ? nil : try JudgeModelOptions.selection(arguments, seed: IntervalOptions.seed),
            probeHistory: URL(fileURLWithPath: try arguments[SplitOptions.history]))
        let purpose: JudgedAlignment.Purpose =
            certifying
            ? .certification(force: arguments[force])
            : .look(requiringCertificateIn: arguments[requireCertified] ? try arguments[SplitOptions.history] : nil)
        return (alignment, purpose, outputs)
    }

    /// `align RUN --rubric R --pairwise`: judges each pair in both orders, then aligns with human preferences; with
    /// `--judge-scores FILE`, the preferences of a judge asked elsewhere (a, tie or b per row) instead.
    static func runPairwise(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        try JudgeModelOptions.refuseAnnotators(arguments, "pairwise judging")
        let (rows, rubric, rubricText, settings, outputs) = try pairwiseAlignment(arguments, console: console)
        let scores = try arguments[judgeScores]
        let judge = scores.isEmpty ? try JudgeModelOptions.judge(arguments) : nil
        let judgments =
            if let judge {
                try await JudgeModelOptions.judgments(run: rows.judged, rubric: rubric, judge: judge, console: console, pairwise: true)
            } else {
                try frozenPreferences(scores, arguments, rubric: rubric, run: rows)
            }
        let report = PreferenceAlignment(run: rows.run, judgments: judgments, labels: rows.labels, settings: settings)
        try outputs.write(report, rubricText: rubricText)
        console.print(arguments[LabelOptions.json] ? try report.renderJSON() : report.renderText())
        if let judge { console.printNote(judge.summary) }
        return VerdictExitCodes.code(for: report.verdict.outcome.gate)
    }

    /// The preferences of a judge asked elsewhere (``JudgmentSet/init(pairwiseScores:rubric:run:)``), on the rows aligned.
    static func frozenPreferences(_ paths: [String], _ arguments: ParsedArguments, rubric: Rubric, run rows: AlignmentRows) throws
        -> JudgmentSet
    {
        let url = try InputFiles.existing(paths[0], role: "judge-scores file")
        return try JudgmentSet.load(judgeScoresAt: url, rubric: rubric, run: rows.run, pairwise: true).restricted(to: rows.judged)
    }

    /// The options that do not apply to preferences (``PreferenceAlignment``).
    ///
    /// Each is refused with `--pairwise`, never ignored: declared
    /// categories, another statistic, the bootstrap, slices, splits and sequential looks (kappa's
    /// interval here is analytic). `--report` and `--history` apply.
    static let refusedOptionNames = [
        "categories", "statistic", "weights", "metric", "ci", "resamples", "seed", "group-by", "worst", "split",
        "splits", "split-shares", "sequential", "experts", "epsilon", "alt-test-scorer", "threshold-from-ceiling",
    ]
    /// The flags refused with `--pairwise`: `means` (preferences are not averaged), `include-examples`
    /// and `require-certified` (a pairwise run has no worked-example rows or certificate).
    static let refusedFlagNames = ["means", "include-examples", "require-certified"]

    /// align's declarations of the options and flags `--pairwise` refuses, in the order
    /// ``refusedOptionNames`` and ``refusedFlagNames`` name them.
    static let refusedWithPairwise: (options: [Option], flags: [Flag]) = (
        refusedOptionNames.map { name in
            guard let option = command.options.first(where: { $0.name == name }) else {
                preconditionFailure("align declares no option --\(name) for --pairwise to refuse")
            }
            return option
        },
        refusedFlagNames.map { name in
            guard let flag = command.flags.first(where: { $0.name == name }) else {
                preconditionFailure("align declares no flag --\(name) for --pairwise to refuse")
            }
            return flag
        }
    )

    /// What `align --pairwise` judges and aligns, read and checked before any judging; kept apart from the async
    /// ``runPairwise(_:console:)`` for the same optimiser crash as ``judgedAlignment(_:runPath:certifying:console:)``.
    static func pairwiseAlignment(_ arguments: ParsedArguments, console: Console) throws -> (
        AlignmentRows, Rubric, String, AlignmentSettings, AlignmentOutputs
    ) {
        let refused =
            refusedWithPairwise.options.filter(arguments.isGiven).map(\.name)
            + refusedWithPairwise.flags.filter { arguments[$0] }.map(\.name)
        if let given = refused.first { throw UsageError("--\(given) does not apply with --pairwise (docs/FORMATS.md)") }
        let scores = try arguments[judgeScores]
        if scores.count > 1 { throw UsageError("--pairwise takes one --judge-scores file: one judge's preferences") }
        if !scores.isEmpty, let given = (JudgeModelOptions.options + JudgeModelOptions.selectionOptions).first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with --judge-scores: no judge is called, so no row is chosen to judge")
        }
        guard let rubricPath = try arguments[Self.rubric] else { throw UsageError("--pairwise judges the run: give --rubric") }
        let run = try InputFiles.run(arguments[runFile] ?? ""), rubric = try InputFiles.rubric(rubricPath)
        let labels = try LabelOptions.read(arguments, run: run, dimensions: [PreferenceAlignment.labelDimension], console: console)
        let rows = try AlignmentRows(
            run: run, labels: labels, selection: try JudgeModelOptions.selection(arguments, seed: IntervalOptions.seed))
        let rubricText = String(decoding: try InputFiles.read(rubricPath, role: "rubric"), as: UTF8.self)
        return (rows, rubric, rubricText, try alignmentOptions(arguments, console: console), try checkedOutputs(arguments, runPath: arguments[runFile]))
    }

    /// What `--judge-scores` without a split refuses rather than ignores: the model, its server and cache (no judge is
    /// called), and the split record and shares, which apply only with a split.
    static let refusedWithJudgeScores: [any OptionDeclaration] =
        JudgeModelOptions.options + [SplitOptions.splits, SplitOptions.shares]

    /// `align --judge-scores FILE`: aligns scores a judge produced elsewhere, without calling a model.
    static func runOnScores(_ path: String, _ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let read = try scoresAlignment([path], arguments, console: console)
        if let rubric = read.rubric, let rubricText = read.rubricText {
            try calibrationStanding(
                judge: { try InputFiles.judgeScores(path, rubric: rubric, run: read.run).judge }, rubricText: rubricText, arguments,
                console: console)
        } else if arguments[AuditRequirementOptions.requireAudited] {
            throw UsageError("--require-audited needs --rubric: a calibration is of a judge with a rubric")
        }
        let outputs = try checkedOutputs(arguments, runPath: arguments[runFile], judgeScores: [path])
        let alignment = try JudgeScoresAlignment(
            scores: read.urls[0], run: read.run, rubric: read.rubric, levels: read.levels, labelSheets: read.labelURLs,
            values: read.values, groupBy: try arguments[groupBy], settings: read.settings)
        alignment.notes.forEach(console.printNote)
        return try finish(
            alignment.report, outputs, arguments, rubricText: read.rubricText, labelRows: alignment.labelledRows, console: console)
    }

    /// The options refused with several judge-score files: sequential looks (counted per judge, not for a
    /// table) and a threshold from the ceiling (the table's header gives one threshold for every dimension).
    static let refusedWithSeveralJudges: [any OptionDeclaration] = [sequential, thresholdFromCeiling]

    /// `align --judge-scores A B C…`: aligns each judge, forms the panels and prints the table
    /// (``JudgeTableAlignment``); `--report` writes the table (HTML, Markdown or JSON by extension) and the
    /// history gets one line per judge, all or none.
    static func runOnSeveralScores(_ paths: [String], _ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        if let given = refusedWithSeveralJudges.first(where: arguments.isGiven) {
            throw UsageError("--\(given.option.name) does not apply with several --judge-scores files (docs/ALIGNMENT.md, \"Several judges\")")
        }
        if try arguments[IntervalOptions.experts] == .each {
            throw UsageError(
                "--experts each does not apply with several --judge-scores files: the ranking compares the judges on one expert value per row")
        }
        let names = paths.map { JudgmentSet.judgeName(of: URL(fileURLWithPath: $0)) }
        if let name = names.first(where: { name in names.count { $0 == name } > 1 || JudgePanel.allCases.contains { $0.entryName == name } }) {
            throw UsageError(
                "two --judge-scores files make the judge name \(name) (\(zip(paths, names).filter { $0.1 == name }.map(\.0).joined(separator: ", "))), or it is a panel's; a judge is named by its file's name without the extension: rename a file")
        }
        let read = try scoresAlignment(paths, arguments, console: console)
        let outputs = try checkedOutputs(arguments, runPath: arguments[runFile], judgeScores: paths)
        let alignment = try JudgeTableAlignment(
            scores: read.urls, run: read.run, rubric: read.rubric, levels: read.levels, labelSheets: read.labelURLs,
            values: read.values, groupBy: try arguments[groupBy], settings: read.settings,
            responseCache: URL(fileURLWithPath: try arguments[JudgeModelOptions.cache]))
        alignment.notes.forEach(console.printNote)
        let judges = alignment.table.judges.filter { $0.panel == nil }.compactMap { alignment.table.reports[$0.name] }
        // Sequential looks are refused above, so no line keeps the labelled rows.
        try outputs.write(alignment.table, rubricText: read.rubricText)
        console.print(
            arguments[LabelOptions.json]
                ? String(decoding: try JSONEncoder.report.encode(alignment.table), as: UTF8.self) : alignment.table.renderText())
        return VerdictExitCodes.code(for: AlignmentOutcome.worst(of: judges.flatMap { $0.dimensions.map(\.verdict.outcome) }).gate)
    }

    /// What `--judge-scores` reads besides the scores, checked: the options that do not apply are refused,
    /// then the run, rubric, levels, label sheets and settings.
    static func scoresAlignment(_ paths: [String], _ arguments: ParsedArguments, console: Console) throws -> (
        urls: [URL], run: FrozenRun?, rubric: Rubric?, rubricText: String?, levels: ScoringScale?, labelURLs: [URL],
        values: ExpertLabels.ValueMode, settings: AlignmentSettings
    ) {
        // With several files --cache says where the judgments files' token counts are read from.
        let readsCache = { (declaration: any OptionDeclaration) in
            paths.count > 1 && declaration.option.name == JudgeModelOptions.cache.option.name
        }
        if let given = refusedWithJudgeScores.first(where: { arguments.isGiven($0) && !readsCache($0) }) {
            let why =
                JudgeModelOptions.options.contains { $0.option == given.option }
                ? "no judge is called" : "the split record applies only with --split"
            throw UsageError("--\(given.option.name) does not apply with --judge-scores here: \(why)")
        }
        if paths.count > 1, let given = arguments.isGiven(SplitOptions.split) ? "split" : arguments[requireCertified] ? "require-certified" : nil {
            throw UsageError("--\(given) does not apply with several --judge-scores files: split and certify one judge at a time")
        }
        let urls = try paths.map { try InputFiles.existing($0, role: "judge-scores file") }
        if try JudgeModelOptions.selection(arguments, seed: IntervalOptions.seed) != nil {
            throw UsageError("--ids and --sample choose rows to judge")
        }
        let run = try arguments[runFile].map(InputFiles.run)
        let rubricPath = try arguments[Self.rubric]
        let rubric = try rubricPath.map(InputFiles.rubric)
        let levels = try ScoringScale.alignmentLevels(try arguments[categories], rubric: rubric)
        if run == nil, try arguments[groupBy] != nil {
            throw UsageError("--group-by reads fields of the run's rows; give the run")
        }
        let labelURLs = try arguments[LabelOptions.labels].map { try InputFiles.existing($0, role: "label sheet") }
        let settings = try alignmentOptions(arguments, console: console)
        let rubricText = try rubricPath.map { String(decoding: try InputFiles.read($0, role: "rubric"), as: UTF8.self) }
        return (urls, run, rubric, rubricText, levels, labelURLs, arguments[LabelOptions.means] ? .means : .levels, settings)
    }

    /// Writes the split record (when new or changed) and the outputs all or none
    /// (``AlignmentOutputs/write(_:rubricText:labelRows:)``), then prints the report (text or JSON) and returns the
    /// verdict's exit code.
    /// The judge's calibration in the history (`--history`), when it holds any: warned on when its last audit
    /// failed, and with `--require-audited` required to have passed (`AuditRequirementOptions`). The judge's
    /// identity is only made (a scores file hashed) when the history holds a calibration.
    static func calibrationStanding(
        judge: () throws -> JudgeIdentity, rubricText: String, _ arguments: ParsedArguments, console: Console
    ) throws {
        try AuditRequirementOptions.check(
            judge: judge, rubricText: Data(rubricText.utf8), history: try arguments[SplitOptions.history], arguments, console: console)
    }

    static func finish(
        _ computed: AlignmentReport, _ outputs: AlignmentOutputs, _ arguments: ParsedArguments, rubricText: String?,
        labelRows: Set<String>, split: SplitStep? = nil, console: Console
    ) throws -> ExitCode {
        try requireAlternativeAnnotatorTest(computed, arguments)
        let report = try outputs.withLooks(computed, labelSheets: try arguments[LabelOptions.labels], labelRows: labelRows)
        let json = try JSONEncoder.report.encode(report)
        try split?.writeRecord()
        try outputs.write(report, rubricText: rubricText, labelRows: labelRows)
        console.print(arguments[LabelOptions.json] ? String(decoding: json, as: UTF8.self) : report.renderText())
        return VerdictExitCodes.code(for: AlignmentOutcome.worst(of: report.dimensions.map(\.verdict.outcome)).gate)
    }

    /// With `--epsilon` or `--alt-test-scorer` given, the test they set must have run on every
    /// dimension: a refusal is then a usage error naming each dimension and its reason, before
    /// anything is written, never a figure silently missing.
    static func requireAlternativeAnnotatorTest(_ report: AlignmentReport, _ arguments: ParsedArguments) throws {
        guard let given = [epsilon.option, altTestScorer.option].first(where: { arguments.isGiven($0) }) else { return }
        let refused = report.dimensions.compactMap { d in d.alternativeAnnotatorTest?.refusal.map { "\(d.name): \($0)" } }
        guard refused.isEmpty else {
            throw UsageError(
                "--\(given.name) sets the alternative annotator test, which cannot run here — \(refused.joined(separator: "; ")); "
                    + "drop --\(given.name) to see the rest of the report")
        }
    }

    /// `--report`, the history file (unless `--no-history`), `--junit` and the job summary, checked before any work.
    /// None may be one of the inputs: the run, rubric, label sheets, split record or `judgeScores`.
    static func checkedOutputs(_ arguments: ParsedArguments, runPath: String?, judgeScores: [String] = []) throws -> AlignmentOutputs {
        try VerdictOutputs.checked(
            arguments, report: report,
            inputs: [runPath, try arguments[rubric], try arguments[SplitOptions.splits]] + judgeScores + (try arguments[LabelOptions.labels]))
    }

    static let force = Flag("force", help: "Certify again: \"test rows reused\".")
    static let certifiedRun = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")
    /// align's options that certify does not take: it judges the sealed test rows, all of them; the
    /// judge's scores may come from one file instead.
    static let notCertifying: [any OptionDeclaration] = [
        categories, SplitOptions.split, JudgeModelOptions.ids, JudgeModelOptions.sample,
    ]

    /// `judgecal certify RUN --rubric R --labels L`: `align` on the sealed test rows, once per lineage.
    static let certify = Command(
        name: "certify", abstract: "Judge the sealed test rows once with a rubric, and record the verdict as its certificate.",
        discussion: """
            Judges the test split's rows only and reports the verdict with its interval (BCa at 99% unless --ci names \
            another, so its lower bound covers at least 95%, docs/ITERATION.md); the certificate (rubric hash, judge \
            model and settings, label fingerprint, split) goes to the history for align --require-certified. A \
            certificate on test rows an earlier one used (any lineage, whatever the split record says) is refused (exit 1) \
            unless --force: "test rows reused". With --judge-scores FILE the judge is one scored elsewhere: its scores of the \
            test rows are read, not asked for, and the certificate names the file's SHA-256. Else as align.
            """,
        options: command.options.filter { option in !notCertifying.contains { $0.option == option } },
        flags: command.flags.filter { $0 != requireCertified } + [force],
        positionals: [certifiedRun],
        run: { arguments, console in
            let scores = try arguments[judgeScores]
            guard scores.count <= 1 else { throw UsageError("certify takes one --judge-scores file: one judge is certified at a time") }
            if let path = scores.first {
                return try runOnScoresWithSplit(path, arguments, runPath: arguments[certifiedRun], console: console, certifying: true)
            }
            return try await runJudging(arguments, runPath: arguments[certifiedRun], console: console, certifying: true)
        })

    /// The verdict's settings from the options, checked; a former statistic name is noted on `console`.
    static func alignmentOptions(_ arguments: ParsedArguments, console: Console) throws -> AlignmentSettings {
        let settings = try AlignmentSettings(
            statistic: try StatisticOptions.verdict.read(arguments, console: console), threshold: try arguments[threshold],
            intervals: try arguments[IntervalOptions.ci],
            resamples: try arguments[IntervalOptions.resamples],
            seed: try arguments[IntervalOptions.seed],
            worstDisagreements: try arguments[worst],
            includeExampleRows: arguments[includeExamples], sequentialLooks: try arguments[sequential],
            experts: try arguments[IntervalOptions.experts]?.combination,
            alternativeAnnotatorMargin: try arguments[epsilon], alternativeAnnotatorScorer: try arguments[altTestScorer]
        ).validated()
        try AlternativeAnnotatorTest.check(epsilon: settings.alternativeAnnotatorMargin)
        var checked = settings
        checked.eachExpert = try arguments[IntervalOptions.experts] == .each
        if let factor = try arguments[thresholdFromCeiling] {
            guard !arguments.isGiven(threshold) else {
                throw UsageError("--threshold-from-ceiling sets each dimension's threshold; give it or --threshold, not both")
            }
            checked.thresholdFromCeiling = factor
        }
        try CeilingThreshold.check(checked)
        return checked
    }
}
