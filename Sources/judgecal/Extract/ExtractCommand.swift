import CalibrationData
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
            --means reads the --labels sheets' scores as means of several experts (as align --means).
            A sheet the importer would not read back as written is refused before it is \
            written: --sample 0, a --context path given twice or named like the sheet's own \
            columns (id, a dimension, rater, note, in any case) are usage errors; a dimension \
            named id, rater or note, two dimensions differing only in case, and a row id with \
            spaces around it are data errors.
            Exit codes: 0 written; 64 usage; 65 malformed run or rubric, a sample that \
            does not fit, or a sheet that would not read back; 66 a file missing; 73 output folder missing.
            """,
        options: [
            rubric, output, sample, seed, stratifyBy, overlap, context, html, next, strategy, labels, judgments, threshold, raters,
            planned, alignment,
        ],
        flags: [LabelOptions.means],
        positionals: [runFile],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let runPath = arguments[runFile]
        try InputFiles.refuseOverwriting(
            [("label sheet", try arguments[output]), ("page", try arguments[html])],
            inputs: [runPath, arguments[Self.rubric], try arguments[judgments], try arguments[alignment]] + (try arguments[labels]))
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
        let options = LabelSheet.Settings(
            sample: try arguments[Self.next] ?? arguments[sample],
            seed: try arguments[seed],
            stratifyBy: try arguments[stratifyBy],
            overlap: try arguments[overlap],
            context: arguments.isGiven(context) ? try arguments[context] : nil,
            strategy: try arguments[strategy].flatMap(SamplingStrategy.init(rawValue:)), raters: try arguments[raters],
            threshold: try arguments[threshold])
        let run = try InputFiles.run(runPath)
        let extraction = try LabelExtraction(
            run: run, runFile: runPath, rubric: rubric, options: options,
            judgments: try arguments[judgments].map { try InputFiles.judgments($0, role: "judgments", rubric: rubric, run: run) },
            earlier: try arguments[labels].map { try InputFiles.existing($0, role: "label sheet") },
            earlierValues: arguments[LabelOptions.means] ? .means : .levels,
            output: try arguments[output], html: try arguments[html],
            planned: try arguments[planned],
            alignment: try arguments[alignment].map { try InputFiles.existing($0, role: "alignment report") })
        try StagedOutputs.writeAllOrNone(extraction.files)
        console.print(extraction.summary)
        return .success
    }
}
