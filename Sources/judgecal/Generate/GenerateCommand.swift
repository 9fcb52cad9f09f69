import Calibration
import CommandLineParsing
import Foundation

/// `judgecal generate SEEDS --target N --instructions FILE [--validate CMD] [--schema FILE]`: synthetic rows.
enum GenerateCommand {
    static let command = Command(
        name: "generate", abstract: "Grow a run's rows into a run of generated, checked, deduplicated rows (README).",
        options: JudgeModelOptions.options + [
            Option("target", valueName: "n", help: "Rows in all, the seeds' included.", required: true, range: 1...),
            Option("instructions", valueName: "file", help: "The system instructions, self-contained.", required: true),
            Option("validate", valueName: "command", help: "Run per row, its JSON on stdin; exit 0 keeps it."),
            Option("schema", valueName: "file", help: "One row's JSON schema, sent and checked on each row."),
            Option("output", valueName: "file", help: "The generated run (.run.jsonl).", required: true),
        ], flags: [Flag("json", help: "Print the report as JSON.")],
        positionals: [Positional("seeds", help: "The seed run (.run.jsonl).")],
        run: { arguments, console in
            let settings = RunGeneration.Settings(
                seeds: try InputFiles.existing(arguments.positional("seeds") ?? "", role: "seed run"),
                targetCount: try arguments.valueOrDefault("target", as: Int.self),
                instructions: try InputFiles.existing(arguments.valueOrDefault("instructions"), role: "instructions"),
                schema: try arguments.value("schema").map { try InputFiles.existing($0, role: "schema") },
                validationCommand: arguments.value("validate"),
                output: URL(fileURLWithPath: arguments.valueOrDefault("output")))
            let report = try await RunGeneration.generate(settings, model: JudgeModelOptions.judge(arguments).model)
            console.print(arguments.flag("json") ? try report.renderJSON() : report.renderText())
            return .success
        })
}
