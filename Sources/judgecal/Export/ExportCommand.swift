import Calibration
import CalibrationData
import CommandLineParsing
import Foundation

/// `judgecal export RUN [--judgments J…] [--labels L…] --format csv|jsonl -o FILE`: one tidy long table for notebooks.
enum ExportCommand {
    static let judgments = OptionKey<[String]>(
        "judgments", valueName: "file", help: "Judgments or judge-scores files; one rater each.", arity: .upToNextOption)
    static let labels = OptionKey<[String]>(
        "labels", valueName: "file", help: "Expert label sheets (.labels.csv) or Label Studio JSON exports.", arity: .upToNextOption)
    static let rubric = OptionKey<String?>(
        "rubric", valueName: "file", help: "The rubric: its dimensions and scales (needed for labels alone).")
    static let splits = OptionKey<String?>("splits", valueName: "file", help: "A splits record (.splits.json) for the split column.")
    static let format = OptionKey<String>(
        "format", valueName: "format", help: "The table's format.", choices: ["csv", "jsonl"], defaultValue: "csv")
    static let output = OptionKey<String>(required: "output", short: "o", valueName: "file", help: "Where to write the table.")
    static let runFile = PositionalKey<String>("run", help: "The frozen run (.run.jsonl).")

    static let command = Command(
        name: "export", abstract: "Write a run's judgments and labels as one tidy long table (docs/FORMATS.md, Tidy export).",
        options: [judgments, labels, rubric, splits, format, output], positionals: [runFile],
        run: { arguments, console in
            func files(_ key: OptionKey<[String]>) throws -> [URL] {
                try arguments[key].map { try InputFiles.existing($0, role: key.option.name) }
            }
            func file(_ key: OptionKey<String?>) throws -> URL? {
                try arguments[key].map { try InputFiles.existing($0, role: key.option.name) }
            }
            try InputFiles.refuseOverwriting(
                [("output", try arguments[output])],
                inputs: [arguments[runFile], try arguments[rubric], try arguments[splits]] + (try arguments[judgments])
                    + (try arguments[labels]))
            let summary = try TidyExport.export(
                run: InputFiles.existing(arguments[runFile], role: "run"), judgments: files(judgments),
                labels: files(labels), rubric: file(rubric), splits: file(splits),
                format: try arguments[format], output: try arguments[output])
            console.print(summary)
            return .success
        })
}
