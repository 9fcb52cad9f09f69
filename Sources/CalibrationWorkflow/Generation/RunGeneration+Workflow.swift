public import CalibrationData
import DataFormats
public import Foundation
public import LanguageModels
public import SampleGeneration

extension RunGeneration {
    /// What `judgecal generate` is asked: the seeds, the target, the instructions, how rows are
    /// checked, how requests are made and where the generated run goes.
    public struct Settings: Sendable {
        /// The seed run.
        public var seeds: URL
        /// The whole data set's size, seeds included.
        public var targetCount: Int
        /// The file of system instructions.
        public var instructions: URL
        /// One row's JSON schema: sent to servers that constrain replies, and checked on every row.
        public var schema: URL?
        /// A program that accepts or rejects each row (``ValidationCommand``).
        public var validationCommand: String?
        /// Strategy, batch sizes, sampling and the request cap.
        public var options: GenerationSettings
        /// Where the generated run is written.
        public var output: URL

        /// Settings.
        public init(
            seeds: URL, targetCount: Int, instructions: URL, schema: URL? = nil, validationCommand: String? = nil,
            options: GenerationSettings = GenerationSettings(), output: URL
        ) {
            self.seeds = seeds
            self.targetCount = targetCount
            self.instructions = instructions
            self.schema = schema
            self.validationCommand = validationCommand
            self.options = options
            self.output = output
        }
    }

    /// Generates rows from the seed run with `model`, checks each with the schema and then the
    /// command (either, both or neither), writes the generated run (when it has a row) and
    /// reports what was kept and set aside. `progress` is told the summary after each row kept.
    ///
    /// - Throws: ``InputError`` for a seed run, instructions or schema file that does not read, or
    ///   a schema with a keyword that is not checked; ``SampleGenerationError`` for a bad setting; what the model throws; ``OutputError`` when the run cannot be written.
    public static func generate(
        _ settings: Settings, model: any LanguageModel, progress: @Sendable (GenerationSummary) -> Void = { _ in }
    ) async throws -> GenerationReport {
        let seeds = try FrozenRun.load(from: settings.seeds)
        let instructions = String(decoding: try InputFile.read(settings.instructions), as: UTF8.self)
        let schema = try settings.schema.map { url in
            let name = InputFile.displayName(url)
            do {
                return try JSONSchemaCheck(JSONValue.parse(InputFile.read(url), file: name))
            } catch let error as SampleGenerationError {
                throw InputError(file: name, message: error.message)
            }
        }
        let command = settings.validationCommand.map(ValidationCommand.init)
        let generator = try generator(
            seeds: seeds, targetCount: settings.targetCount, model: model, instructions: instructions,
            sampleSchema: schema?.schema, options: settings.options,
            validator: { row in
                if let schema, let problem = schema.violation(of: row.json) { return .invalid("schema: \(problem)") }
                return await command?.validate(row) ?? .valid
            })
        for try await _ in generator.run() { progress(await generator.summary) }
        let run = try await run(of: generator, seeds: seeds)
        if !run.rows.isEmpty { try run.save(to: settings.output) }
        return GenerationReport(
            output: run.rows.isEmpty ? nil : InputFile.displayName(settings.output), rows: run.rows.count,
            summary: await generator.summary, invalid: await generator.invalidSamples.map(GenerationReport.Invalid.init))
    }
}
