import Calibration
import CalibrationData
import CommandLineParsing
import Foundation

/// `judgecal export RUN [--judgments J…] [--labels L…] --format csv|jsonl -o FILE`: one tidy long table for notebooks.
enum ExportCommand {
    static let command = Command(
        name: "export", abstract: "Write a run's judgments and labels as one tidy long table (docs/FORMATS.md, Tidy export).",
        options: [
            Option("judgments", valueName: "file", help: "Judgments or judge-scores files; one rater each.", arity: .upToNextOption),
            Option("labels", valueName: "file", help: "Expert label sheets (.labels.csv).", arity: .upToNextOption),
            Option("rubric", valueName: "file", help: "The rubric: its dimensions and scales (needed for labels alone)."),
            Option("splits", valueName: "file", help: "A splits record (.splits.json) for the split column."),
            Option("format", valueName: "format", help: "The table's format.", choices: ["csv", "jsonl"], defaultValue: "csv"),
            Option("output", short: "o", valueName: "file", help: "Where to write the table.", required: true),
        ], positionals: [Positional("run", help: "The frozen run (.run.jsonl).")],
        run: { arguments, console in
            func files(_ name: String) throws -> [URL] { try arguments.values(name).map { try InputFiles.existing($0, role: name) } }
            let summary = try TidyExport.export(
                run: InputFiles.existing(arguments.positional("run") ?? "", role: "run"), judgments: files("judgments"),
                labels: files("labels"), rubric: files("rubric").first, splits: files("splits").first,
                format: arguments.valueOrDefault("format"), output: arguments.valueOrDefault("output"))
            console.print(summary)
            return .success
        })
}
