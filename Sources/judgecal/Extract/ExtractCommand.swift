import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import CommandLineParsing
import DataFormats
import Foundation
import Judging

/// `judgecal extract RUN --rubric R --output FILE.csv`: a blank, blinded label sheet for experts.
enum ExtractCommand {
    static let rubric = OptionKey<String>(required: "rubric", valueName: "file", help: "The rubric whose dimensions get a column.")
    static let output = OptionKey<String>(
        required: "output", short: "o", valueName: "file", help: "Where to write the sheet (.labels.csv).")
    static let sample = OptionKey<Int?>("sample", valueName: "count", help: "Draw this many rows (default: every row).", range: 0...CountLimits.rows)
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "The sampling seed.", defaultValue: LabelSheet.Settings().seed)
    static let stratifyBy = OptionKey<String?>(
        "stratify-by", valueName: "path", help: "Allocate the sample across the values of this field (input.genre, metadata.source).")
    static let overlap = OptionKey<Int>(
        "overlap", valueName: "count", help: "Rows labelled by a second expert.", defaultValue: LabelSheet.Settings().overlap,
        range: 0...CountLimits.rows)
    static let context = OptionKey<[String]>(
        "context", valueName: "path", help: "The context columns, as dotted paths into the row.", commaSeparated: true)
    static let html = OptionKey<String?>(
        "html", valueName: "file", help: "Also write the sheet as a page experts score in a browser (.html).")
    static let labelStudio = OptionKey<String?>(
        "label-studio", valueName: "folder",
        help: "Also write a Label Studio project for the same rows into this folder: label-config.xml, tasks.json, instructions.html.")
    static let next = OptionKey<Int?>(
        "next", valueName: "count", help: "Draw the next batch of this many rows after the --labels sheets.", range: 1...CountLimits.rows)
    static let strategy = OptionKey<String?>("strategy", valueName: "name", help: "How rows are drawn.", choices: SamplingStrategy.names)
    static let labels = OptionKey<[String]>(
        "labels", valueName: "file", help: "The label set's earlier sheets, for --next.", arity: .upToNextOption)
    static let judgments = OptionKey<String?>(
        "judgments", valueName: "file",
        help: "The judge's judgments or scores (.judgments.jsonl, CSV or JSON Lines), for judge-stratified.")
    static let threshold = OptionKey<Double>(
        "threshold", valueName: "x", help: "The threshold align will test; judge-stratified batches are allocated for it.",
        defaultValue: AlignmentSettings.defaultThreshold)
    static let raters = OptionKey<[String]>(
        "raters", valueName: "names", help: "Write one sheet per rater, the first with every row.", commaSeparated: true)
    static let planned = OptionKey<Int?>(
        "planned", valueName: "count", help: "The rows planned for the label set, shown on the page.", range: 1...CountLimits.rows)
    static let alignment = OptionKey<String?>(
        "alignment", valueName: "file", help: "The latest alignment report (JSON), shown on the page.")
    static let escalated = OptionKey<String?>(
        "escalated", valueName: "file",
        help: "Draw the rows a trust certificate escalated (the .trust.csv judge --trust wrote): every one, or --sample of them, "
            + "plus --kept-sample kept rows as an audit.")
    static let keptSample = OptionKey<Int?>(
        "kept-sample", valueName: "count",
        help: "With --escalated: the kept rows to label as an audit (default: 10% of them, rounded up; 0 for none, after which "
            + "estimate refuses a corrected figure for the kept rows).", range: 0...CountLimits.rows)
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let command = Command(
        name: "extract",
        abstract: "Write a blank label sheet (CSV) for experts from a run, blinded to any judge score.",
        discussion: """
            The sheet's columns are id, one empty column per rubric dimension (lower case), \
            rater, note, then context for the expert: by default every top-level field of the \
            row's input and response, or the dotted paths given with --context. Judge scores \
            and metadata are never included unless named. --sample draws rows without \
            replacement with a seeded generator (the same --seed gives the same sheet); \
            --stratify-by allocates the sample across the values of a field in proportion. \
            --overlap K pre-fills rater: every row for expert-a, K of them again for expert-b; \
            --raters a,b,… writes one sheet (and page) per rater, the first with every row. \
            --next K draws after the --labels sheets by --strategy (judge-stratified: by the \
            judge's levels, allocated for align's test at --threshold); each row's inclusion \
            probability is in the sheet (docs/FORMATS.md). Written atomically. --html also writes \
            a self-contained page: instructions, one row at a time beside a button and description \
            per level, a note, keys, the budget, progress kept in the browser, and a CSV export. \
            --label-studio DIR also writes, into the folder DIR (which must exist), a Label Studio project for \
            the same rows: label-config.xml (the labelling configuration: the row as the rubric's templates show \
            it to the judge, one Choices group per dimension with a choice per level, a note), tasks.json (one \
            task per row, its data carrying row_id and the row's sampling cells) and instructions.html (the \
            rubric's instructions); --labels, wherever it is taken, reads the project's JSON export. Label \
            Studio assigns tasks to annotators itself, so --raters and --overlap do not apply to it. \
            --means reads the --labels sheets' scores as means of several experts (as align --means). \
            --escalated FILE draws by escalation: two strata, the rows the trust decisions escalated on some dimension \
            (and any run row they have no decision for) and the rows kept on every dimension; every escalated row (or \
            --sample of them) and --kept-sample kept rows, each stratum uniformly, so estimate weighs each labelled row by 1/π \
            and stays unbiased over the whole run. The sheet does not say which stratum a row is in.
            A sheet the importer would not read back as written is refused before it is \
            written: --sample 0, a --context path given twice or named like the sheet's own \
            columns (id, a dimension, rater, note, in any case) are usage errors; a dimension \
            named id, rater or note, two dimensions differing only in case, and a row id with \
            spaces around it are data errors.
            Exit codes: 0 written; 64 usage; 65 malformed run or rubric, a sample that \
            does not fit, or a sheet that would not read back; 66 a file missing; 73 output folder missing.
            """,
        options: [
            rubric, output, sample, seed, stratifyBy, overlap, context, html, labelStudio, next, strategy, labels, judgments, threshold, raters,
            planned, alignment, escalated, keptSample,
        ],
        flags: [LabelOptions.means],
        positionals: [runFile],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let runPath = arguments[runFile]
        let project = try arguments[labelStudio]
        if project != nil, arguments.isGiven(raters) || arguments.isGiven(overlap) {
            throw UsageError(
                "--label-studio writes one task per row, and Label Studio assigns tasks to annotators itself (the project's overlap); "
                    + "leave out --raters and --overlap")
        }
        try InputFiles.refuseOverwriting(
            [("label sheet", try arguments[output]), ("page", try arguments[html])]
                + (project.map(LabelStudioProject.paths(in:)) ?? []).map { (role: "Label Studio file", path: $0 as String?) },
            inputs: [runPath, arguments[Self.rubric], try arguments[judgments], try arguments[alignment], try arguments[escalated]]
                + (try arguments[labels]))
        let rubric = try InputFiles.rubric(arguments[Self.rubric])
        if arguments.isGiven(stratifyBy), !arguments.isGiven(sample), !arguments.isGiven(Self.next) {
            throw UsageError("--stratify-by allocates a sample; add --sample or --next")
        }
        let next = arguments.isGiven(Self.next)
        if next && arguments.isGiven(sample) || arguments.isGiven(labels) && !next {
            throw UsageError("--next draws after the --labels sheets, --sample a first sheet; give --next with --labels, or --sample")
        }
        if arguments[LabelOptions.means], !arguments.isGiven(labels) {
            throw UsageError("--means reads the --labels sheets' scores as means of several experts; give it with --next and --labels")
        }
        var options = LabelSheet.Settings(
            sample: try arguments[Self.next] ?? arguments[sample],
            seed: try arguments[seed],
            stratifyBy: try arguments[stratifyBy],
            overlap: try arguments[overlap],
            context: arguments.isGiven(context) ? try arguments[context] : nil,
            strategy: try arguments[strategy].flatMap(SamplingStrategy.init(rawValue:)), raters: try arguments[raters],
            threshold: try arguments[threshold])
        let run = try InputFiles.run(runPath)
        options.escalation = try escalation(arguments, run: run)
        let extraction = try LabelExtraction(
            run: run, runFile: runPath, rubric: rubric, options: options,
            judgments: try arguments[judgments].map { try InputFiles.judgments($0, role: "judgments", rubric: rubric, run: run) },
            earlier: try arguments[labels].map { try InputFiles.existing($0, role: "label sheet") },
            earlierValues: arguments[LabelOptions.means] ? .means : .levels,
            output: try arguments[output], html: try arguments[html], labelStudio: project,
            planned: try arguments[planned],
            alignment: try arguments[alignment].map { try InputFiles.existing($0, role: "alignment report") })
        try StagedOutputs.writeAllOrNone(extraction.files)
        console.print(extraction.summary)
        return .success
    }

    /// With `--escalated FILE`: the rows to escalate and the kept rows to audit; `nil` without it.
    static func escalation(_ arguments: ParsedArguments, run: FrozenRun) throws -> LabelSheet.Escalation? {
        guard let path = try arguments[escalated] else {
            if arguments.isGiven(keptSample) { throw UsageError("--kept-sample counts the kept rows of --escalated; give --escalated FILE") }
            return nil
        }
        if let other = try arguments[strategy], other != SamplingStrategy.escalation.rawValue {
            throw UsageError("--escalated draws by escalation; --strategy \(other) draws otherwise, so give one")
        }
        if arguments.isGiven(stratifyBy) { throw UsageError("--escalated draws by the trust decisions; --stratify-by does not apply") }
        let url = try InputFiles.existing(path, role: "trust decisions")
        return LabelSheet.Escalation(escalated: try TrustDecisionsFile.escalatedRows(at: url, run: run), kept: try arguments[keptSample])
    }
}
