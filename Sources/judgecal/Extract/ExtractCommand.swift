import Calibration
import CommandLineParsing
import Foundation
import Judging

/// `judgecal extract RUN --rubric R --output FILE.csv`: a blank, blinded label sheet for experts.
enum ExtractCommand {
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
            --overlap K pre-fills rater: every row for expert-a, and K of them again, at the \
            end, for expert-b. The file is written atomically. --html also writes the same sheet \
            as one self-contained page (no network): the rubric's instructions and scales, one row \
            at a time, a button per level, a note, keys (digits score, arrows move), progress kept \
            in the browser, and an export that downloads the CSV the importer reads.
            A sheet the importer would not read back as written is refused before it is \
            written: --sample 0, a --context path given twice or named like the sheet's own \
            columns (id, a dimension, rater, note, in any case) are usage errors; a dimension \
            named id, rater or note, two dimensions differing only in case, and a row id with \
            spaces around it are data errors.
            Exit codes: 0 written; 64 usage; 65 malformed run or rubric, a sample that \
            does not fit, or a sheet that would not read back; 66 a file missing; 73 output folder missing.
            """,
        options: [
            Option("rubric", valueName: "file", help: "The rubric whose dimensions get a column.", required: true),
            Option("output", short: "o", valueName: "file", help: "Where to write the sheet (.labels.csv).", required: true),
            Option("sample", valueName: "count", help: "Draw this many rows (default: every row).", range: 0...),
            Option("seed", valueName: "n", help: "The sampling seed.", defaultValue: String(LabelSheet.Options().seed)),
            Option(
                "stratify-by", valueName: "path",
                help: "Allocate the sample across the values of this field (input.genre, metadata.source)."),
            Option(
                "overlap", valueName: "count", help: "Rows labelled by a second expert.",
                defaultValue: String(LabelSheet.Options().overlap), range: 0...),
            Option("context", valueName: "path", help: "The context columns, as dotted paths into the row.", commaSeparated: true),
            Option("html", valueName: "file", help: "Also write the sheet as a page experts score in a browser (.html)."),
        ],
        positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let runPath = arguments.positional("run") ?? ""
        let run = try InputFiles.run(runPath)
        let rubric = try InputFiles.rubric(arguments.valueOrDefault("rubric"))
        let outputPath: String = arguments.valueOrDefault("output")
        try StagedOutputs.check(outputPath, role: "label sheet")
        if let path = arguments.value("html") { try StagedOutputs.check(path, role: "label page") }
        if arguments.isGiven("stratify-by"), !arguments.isGiven("sample") {
            throw UsageError("--stratify-by allocates a sample; add --sample")
        }
        let options = LabelSheet.Options(
            sample: try arguments.value("sample", as: Int.self),
            seed: try arguments.valueOrDefault("seed", as: UInt64.self),
            stratifyBy: arguments.value("stratify-by"),
            overlap: try arguments.valueOrDefault("overlap", as: Int.self),
            context: arguments.isGiven("context") ? arguments.values("context") : nil)
        let sheet = try LabelSheet(run: run, dimensions: rubric.dimensions, options: options, file: runPath, rubricFile: rubric.file)
        var files = [(data: Data(sheet.csv.utf8), path: outputPath, role: "label sheet")]
        if let path = arguments.value("html") {
            let page = try sheet.renderHTML(
                dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name,
                sheetName: URL(fileURLWithPath: outputPath).lastPathComponent)
            files.append((Data(page.utf8), path, "label page"))
        }
        try StagedOutputs.writeAllOrNone(files)
        console.print("wrote \(sheet.rows.count) rows for \(rubric.dimensions.count) dimensions to \(arguments.valueOrDefault("output"))")
        return .success
    }
}
