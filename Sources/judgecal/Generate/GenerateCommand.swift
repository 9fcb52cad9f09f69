import CalibrationData
import CalibrationWorkflow
import CommandLineParsing
import Foundation
import SampleGeneration

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
            Option(
                "strategy", valueName: "name", help: "Which seeds a request shows.",
                choices: SeedSampling.allCases.map(\.rawValue), defaultValue: SeedSampling.random.rawValue),
            Option("seed", valueName: "n", help: "Seeds the random strategy and the sampling.", defaultValue: "0"),
            Option("samples-per-request", valueName: "n", help: "Rows per request.", defaultValue: "4", range: 1...),
            Option("max-requests", valueName: "n", help: "Request cap (default 3 × the target's need).", range: 1...),
        ], flags: [Flag("json", help: "Print the report as JSON.")],
        positionals: [Positional("seeds", help: "The seed run (.run.jsonl).")],
        run: { arguments, console in
            let settings = RunGeneration.Settings(
                seeds: try InputFiles.existing(arguments.positional("seeds") ?? "", role: "seed run"),
                targetCount: try arguments.valueOrDefault("target", as: Int.self),
                instructions: try InputFiles.existing(arguments.valueOrDefault("instructions"), role: "instructions"),
                schema: try arguments.value("schema").map { try InputFiles.existing($0, role: "schema") },
                validationCommand: arguments.value("validate"),
                options: GenerationOptions(
                    strategy: try arguments.valueOrDefault("strategy", as: SeedSampling.self),
                    samplesPerRequest: try arguments.valueOrDefault("samples-per-request", as: Int.self),
                    seed: try arguments.valueOrDefault("seed", as: UInt64.self),
                    maxRequests: try arguments.value("max-requests", as: Int.self)),
                output: URL(fileURLWithPath: arguments.valueOrDefault("output")))
            let judge = try JudgeModelOptions.judge(arguments)
            let report = try await RunGeneration.generate(settings, model: judge.model) {
                console.printNote("kept so far: \($0.renderLine())")
            }
            console.print(arguments.flag("json") ? try report.renderJSON() : report.renderText())
            console.printNote(judge.summary)
            return .success
        })
}
