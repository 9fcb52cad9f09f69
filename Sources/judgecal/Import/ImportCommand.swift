import CalibrationData
import CommandLineParsing
import Foundation

/// `judgecal import RUN --output FILE.run.jsonl`: freezes an exported run.
enum ImportCommand {
    static let command = Command(
        name: "import",
        abstract: "Freeze an exported evaluation run as a run file (JSON Lines).",
        discussion: """
            RUN is an export: this toolkit's EvaluationResult JSON, Xcode's evaluation-result \
            JSON, JUDGE-BENCH's unified JSON, an Inspect AI log (.eval or .json; --scores writes its \
            scorers' scores for align --judge-scores), generic JSON Lines, CSV, or OpenAI chat transcripts with \
            tool calls (openai-chat, never detected). --format auto (the \
            default) tells them apart by the extension (.csv, .eval) and the top-level keys. For \
            jsonl and csv, --id, --input, --response and --expected map fields to the run's \
            row (dotted paths for JSON, column names for CSV); several --input paths are gathered \
            into one object nested by their dots (--input a.b,c gives {"a": {"b": …}, "c": …}), \
            and a path may not be given twice or lie inside another; fields read through a path are \
            not repeated in metadata. Without --id, ids are hashes \
            of the row's content, stable across re-imports; two rows with the same input and \
            response are then refused (give --id). A number of 2^53 or more, which a Double would \
            round, is kept as written, as text (an id or a metadata field). Text that is not UTF-8, a number \
            beyond a Double and nesting past 512 levels are malformed. The output is written \
            atomically.
            --json writes {output, format, rows, name, labels, labelled}.
            Exit codes: 0 imported; 64 usage; 65 malformed export (file, line and field named); \
            66 RUN missing; 73 output folder missing.
            """,
        options: [
            Option(
                "format", valueName: "format", help: "The export's format.", choices: RunFormat.names,
                defaultValue: "auto"),
            Option("id", valueName: "path", help: "The field holding each row's id (jsonl, csv)."),
            Option(
                "input", valueName: "path", help: "The field(s) that are the row's input (jsonl, csv); default input.",
                arity: .repeating, commaSeparated: true),
            Option(
                "response", valueName: "path", help: "The field that is the model's response (jsonl, csv).",
                defaultValue: FieldMapping().response),
            Option(
                "expected", valueName: "path", help: "The field holding the expected answer, if any (jsonl, csv).",
                defaultValue: FieldMapping().expected),
            Option("name", valueName: "name", help: "The run's name; default the file's base name."),
            Option(
                "label-columns", valueName: "[dimension=]field",
                help: "Human ratings to write as NAME.labels.csv beside the run (JUDGE-BENCH: its metrics; default all).",
                commaSeparated: true),
            Option("output", short: "o", valueName: "file", help: "Where to write the run (.run.jsonl).", required: true),
            Option("scores", valueName: "file", help: "Inspect logs: also write the scorers' scores as a judge-scores file."),
        ],
        flags: [Flag("json", help: "Write a summary as JSON on standard output.")],
        positionals: [Positional("run", help: "The exported run.")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let path = arguments.positional("run") ?? ""
        let url = try InputFiles.existing(path, role: "export")
        let outputName = arguments.valueOrDefault("output")
        try StagedOutputs.check(outputName, role: "run file")
        let mappingGiven = ["id", "input", "response", "expected"].filter(arguments.isGiven)
        let mapping = FieldMapping(
            id: arguments.value("id"),
            input: arguments.isGiven("input") ? arguments.values("input") : FieldMapping().input,
            response: arguments.valueOrDefault("response"),
            expected: arguments.value("expected"))
        if let problem = mapping.problem { throw UsageError("--input: \(problem)") }
        guard let format = try RunFormat.named(arguments.valueOrDefault("format"), mapping: mapping, file: url) else {
            throw UsageError("--format must be one of \(RunFormat.names.joined(separator: ", "))")
        }
        if !format.takesFieldMapping, let option = mappingGiven.first {
            throw UsageError("--\(option) maps fields of JSON Lines or CSV records; this export's format fixes its fields")
        }
        let imported = try RunImporter.importAndSave(
            from: url, format: format, name: arguments.value("name"), output: outputName, scores: arguments.value("scores"),
            labelColumns: arguments.values("label-columns"))
        console.print(
            RunImporter.summary(of: imported, format: format, from: path, into: outputName, json: arguments.flag("json")))
        return .success
    }
}
