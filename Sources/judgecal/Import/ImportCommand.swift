import CalibrationData
import RunImports
import CommandLineParsing
import DataFormats
import Foundation

/// `judgecal import RUN --output FILE.run.jsonl`: freezes an exported run.
enum ImportCommand {
    static let format = OptionKey<String>(
        "format", valueName: "format", help: "The export's format.", choices: RunFormat.names, defaultValue: "auto")
    static let id = OptionKey<String?>("id", valueName: "path", help: "The field holding each row's id (jsonl, csv).")
    static let input = OptionKey<[String]>(
        "input", valueName: "path", help: "The field(s) that are the row's input (jsonl, csv); default input.", arity: .repeating,
        commaSeparated: true)
    static let response = OptionKey<String>(
        "response", valueName: "path", help: "The field that is the model's response (jsonl, csv).",
        defaultValue: FieldMapping().response)
    static let responseA = OptionKey<String?>(
        "response-a", valueName: "path", help: "A pairwise row's response a (with --response-b): the row's response.a.")
    static let responseB = OptionKey<String?>(
        "response-b", valueName: "path", help: "A pairwise row's response b (with --response-a): the row's response.b.")
    static let expected = OptionKey<String?>(
        "expected", valueName: "path", help: "The field holding the expected answer, if any (jsonl, csv).",
        defaultValue: FieldMapping().expected)
    static let name = OptionKey<String?>("name", valueName: "name", help: "The run's name; default the file's base name.")
    static let labelColumns = OptionKey<[String]>(
        "label-columns", valueName: "[dimension=]field",
        help: "Human ratings to write as NAME.labels.csv beside the run (JUDGE-BENCH: its metrics; default all).",
        commaSeparated: true)
    static let output = OptionKey<String>(
        required: "output", short: "o", valueName: "file", help: "Where to write the run (.run.jsonl).")
    static let scores = OptionKey<String?>(
        "scores", valueName: "file", help: "Inspect logs: also write the scorers' scores as a judge-scores file.")
    static let json = Flag("json", help: "Write a summary as JSON on standard output.")
    static let export = PositionalKey<String>("run", help: "The exported run.")

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
            not repeated in metadata. A pairwise row's two responses come from --response-a and --response-b \
            (the row's response.a and response.b, for judge --pairwise); records with no response field but \
            top-level a and b fields are read so without asking. Without --id, ids are hashes \
            of the row's content, stable across re-imports; two rows with the same input and \
            response are then refused (give --id). A number of 2^53 or more, which a Double would \
            round, is kept as written, as text (an id or a metadata field). Text that is not UTF-8, a number \
            beyond a Double and nesting past 512 levels are malformed. The output is written \
            atomically.
            --json writes {output, format, rows, name, labels, labelled}.
            Exit codes: 0 imported; 64 usage; 65 malformed export (file, line and field named); \
            66 RUN missing; 73 output folder missing.
            """,
        options: [format, id, input, response, responseA, responseB, expected, name, labelColumns, output, scores],
        flags: [json],
        positionals: [export],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let path = arguments[export]
        let url = try InputFiles.existing(path, role: "export")
        let outputName = try arguments[output]
        try StagedOutputs.check(outputName, role: "run file")
        let mappingGiven = ([id, input, response, responseA, responseB, expected] as [any OptionDeclaration]).filter(arguments.isGiven)
            .map(\.option.name)
        let pair = (try arguments[responseA], try arguments[responseB])
        if (pair.0 == nil) != (pair.1 == nil) { throw UsageError("--response-a and --response-b name a pair's two responses; give both") }
        if pair.0 != nil, arguments.isGiven(response) {
            throw UsageError("--response names one response, --response-a and --response-b a pair's two; give one or the other")
        }
        let mapping = FieldMapping(
            id: try arguments[id],
            input: arguments.isGiven(input) ? try arguments[input] : FieldMapping().input,
            response: try arguments[response],
            pairedResponses: pair.0.flatMap { a in pair.1.map { FieldMapping.PairedResponses(a: a, b: $0) } },
            expected: try arguments[expected])
        if let problem = mapping.problem { throw UsageError("--input: \(problem)") }
        guard let format = try RunFormat.named(try arguments[Self.format], mapping: mapping, file: url) else {
            throw UsageError("--format must be one of \(RunFormat.names.joined(separator: ", "))")
        }
        if !format.takesFieldMapping, let option = mappingGiven.first {
            throw UsageError("--\(option) maps fields of JSON Lines or CSV records; this export's format fixes its fields")
        }
        let imported = try RunImporter.importAndSave(
            from: url, format: format, name: try arguments[name], output: outputName, scores: try arguments[scores],
            labelColumns: try arguments[labelColumns])
        console.print(
            RunImporter.summary(of: imported, format: format, from: path, into: outputName, json: arguments[json]))
        return .success
    }
}
