import CalibrationData
import CalibrationWorkflow
import CommandLineParsing
import Foundation
import SampleGeneration

/// `judgecal generate SEEDS --target N --instructions FILE [--validate CMD] [--schema FILE]`: synthetic rows.
enum GenerateCommand {
    static let target = OptionKey<Int>(required: "target", valueName: "n", help: "Rows in all, the seeds' included.", range: 1...CountLimits.rows)
    static let instructions = OptionKey<String>(
        required: "instructions", valueName: "file", help: "The system instructions, self-contained.")
    static let validate = OptionKey<String?>("validate", valueName: "command", help: "Run per row, its JSON on stdin; exit 0 keeps it.")
    static let schema = OptionKey<String?>("schema", valueName: "file", help: "One row's JSON schema, sent and checked on each row.")
    static let output = OptionKey<String>(required: "output", valueName: "file", help: "The generated run (.run.jsonl).")
    static let strategy = OptionKey<SeedSampling>(
        "strategy", valueName: "name", help: "Which seeds a request shows.", choices: SeedSampling.allCases.map(\.rawValue),
        defaultValue: .random)
    static let seed = OptionKey<UInt64>("seed", valueName: "n", help: "Seeds the random strategy and the sampling.", defaultValue: 0)
    static let samplesPerRequest = OptionKey<Int>(
        "samples-per-request", valueName: "n", help: "Rows per request.", defaultValue: 4, range: 1...CountLimits.perRequest)
    static let maxRequests = OptionKey<Int?>(
        "max-requests", valueName: "n", help: "Request cap (default 3 × the target's need).", range: 1...CountLimits.requests)
    static let json = Flag("json", help: "Print the report as JSON.")
    static let seeds = PositionalKey<String>("seeds", help: "The seed run (.run.jsonl).")

    static let command = Command(
        name: "generate",
        abstract: "Grow a run's rows into a run of generated, checked, deduplicated rows (docs/GENERATION.md).",
        options: JudgeModelOptions.options + [
            target, instructions, validate, schema, output, strategy, seed, samplesPerRequest, maxRequests,
        ], flags: [json],
        positionals: [seeds],
        run: { arguments, console in
            let settings = RunGeneration.Settings(
                seeds: try InputFiles.existing(arguments[seeds], role: "seed run"),
                targetCount: try arguments[target],
                instructions: try InputFiles.existing(arguments[instructions], role: "instructions"),
                schema: try arguments[schema].map { try InputFiles.existing($0, role: "schema") },
                validationCommand: try arguments[validate],
                options: GenerationSettings(
                    strategy: try arguments[strategy],
                    samplesPerRequest: try arguments[samplesPerRequest],
                    seed: try arguments[seed],
                    maxRequests: try arguments[maxRequests]),
                output: URL(fileURLWithPath: try arguments[output]))
            let judge = try JudgeModelOptions.judge(arguments)
            let report = try await RunGeneration.generate(settings, model: judge.model) {
                console.printNote("kept so far: \($0.renderLine())")
            }
            console.print(arguments[json] ? try report.renderJSON() : report.renderText())
            console.printNote(judge.summary)
            return .success
        })
}
