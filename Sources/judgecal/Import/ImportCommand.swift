import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation

/// `judgecal import RUN --output FILE.run.jsonl`: freezes an exported run.
enum ImportCommand {
    /// The export formats, as `--format` names them.
    enum Format: String, CaseIterable, ArgumentValue {
        case auto
        case evaluationResult = "evaluation-result"
        case xcode
        case judgeBench = "judge-bench"
        case jsonl, csv
    }

    static let command = Command(
        name: "import",
        abstract: "Freeze an exported evaluation run as a run file (JSON Lines).",
        discussion: """
            RUN is an export: this toolkit's EvaluationResult JSON, Xcode's evaluation-result \
            JSON, JUDGE-BENCH's unified JSON, generic JSON Lines, or CSV. --format auto (the \
            default) tells them apart by the extension (.csv) and the top-level keys. For \
            jsonl and csv, --id, --input, --response and --expected map fields to the run's \
            row (dotted paths for JSON, column names for CSV); several --input paths are gathered \
            into one object nested by their dots (--input a.b,c gives {"a": {"b": …}, "c": …}), \
            and a path may not be given twice or lie inside another. Without --id, ids are hashes \
            of the row's content, stable across re-imports; two rows with the same input and \
            response are then refused (give --id). Ids are strings or whole numbers below 2^53; \
            a longer number has lost digits and is refused. Text that is not UTF-8, a number \
            beyond a Double and nesting past 512 levels are malformed. The output is written \
            atomically.
            --json writes {output, format, rows, name}.
            Exit codes: 0 imported; 64 usage; 65 malformed export (file, line and field named); \
            66 RUN missing; 73 output folder missing.
            """,
        options: [
            Option(
                "format", valueName: "format", help: "The export's format.", choices: Format.allCases.map(\.rawValue),
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
            Option("output", short: "o", valueName: "file", help: "Where to write the run (.run.jsonl).", required: true),
        ],
        flags: [Flag("json", help: "Write a summary as JSON on standard output.")],
        positionals: [Positional("run", help: "The exported run.")],
        run: run
    )

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitCode {
        let path = arguments.positional("run") ?? ""
        let url = try InputFiles.existing(path, role: "export")
        let output = try InputFiles.output(arguments.valueOrDefault("output"))
        let chosen = try arguments.valueOrDefault("format", as: Format.self)
        let mappingGiven = ["id", "input", "response", "expected"].filter(arguments.isGiven)
        let mapping = FieldMapping(
            id: arguments.value("id"),
            input: arguments.isGiven("input") ? arguments.values("input") : FieldMapping().input,
            response: arguments.valueOrDefault("response"),
            expected: arguments.value("expected"))
        if let problem = mapping.problem { throw UsageError("--input: \(problem)") }
        let format: RunFormat
        switch chosen {
        case .auto:
            switch try RunImporter.detectFormat(of: url) {
            case .csv: format = .csv(mapping)
            case .jsonRecords: format = .jsonRecords(mapping)
            case let other: format = other
            }
        case .evaluationResult: format = .evaluationResult
        case .xcode: format = .xcodeResult
        case .judgeBench: format = .judgeBench
        case .jsonl: format = .jsonRecords(mapping)
        case .csv: format = .csv(mapping)
        }
        switch format {
        case .csv, .jsonRecords: break
        default:
            if let option = mappingGiven.first {
                throw UsageError("--\(option) maps fields of JSON Lines or CSV records; this export's format fixes its fields")
            }
        }
        let run = try RunImporter.importRun(from: url, format: format, name: arguments.value("name"))
        try run.save(to: output)
        let outputName = arguments.valueOrDefault("output")
        if arguments.flag("json") {
            let summary: JSONValue = .object([
                "output": .string(outputName), "format": .string(name(of: format)), "rows": .number(Double(run.rows.count)),
                "name": .string(run.info.name),
            ])
            console.print(summary.compactJSON)
        } else {
            console.print("imported \(run.rows.count) rows (\(name(of: format))) from \(path) into \(outputName)")
        }
        return .success
    }

    private static func name(of format: RunFormat) -> String {
        switch format {
        case .evaluationResult: Format.evaluationResult.rawValue
        case .xcodeResult: Format.xcode.rawValue
        case .judgeBench: Format.judgeBench.rawValue
        case .jsonRecords: Format.jsonl.rawValue
        case .csv: Format.csv.rawValue
        }
    }
}
