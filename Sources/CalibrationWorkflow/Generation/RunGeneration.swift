public import CalibrationData
public import DataFormats
internal import Foundation
public import LanguageModels
public import SampleGeneration

/// Grows a frozen run's rows into a run of generated rows with their provenance: what
/// `judgecal generate` does, for Swift callers too.
///
/// The seeds are the run's rows (input, expected when present, response); the generator asks
/// for rows of the same form. The generated run is a frozen run like any other, so extract, judge
/// and align take it as they take an imported one. Every row it holds carries, in `metadata`,
/// `origin: "synthetic"`, `generatedFrom` (the seed ids shown in the request that made it) and
/// `generationRequest`; the header's `info` records the model, the SHA-256 of the instructions, the
/// seeds, the target, the strategy and how the generation ended. The generated run is a file of
/// its own, as Book Tracker keeps its synthetic suite beside the curated one.
public enum RunGeneration {
    /// The metadata field and value that mark a generated row.
    public static let originField = "origin"
    /// The value of ``originField`` on every generated row.
    public static let syntheticOrigin = "synthetic"

    /// The task sent for `seeds`: the run's name and data set and the feature's prompt from its header.
    public static func prompt(for seeds: FrozenRun) -> String {
        var text = """
            Write new rows for the evaluation data set of the run "\(seeds.info.name)". Each row holds what \
            an app's feature was given (input) and what it produced (response), in the form of the examples.
            """
        if let featurePrompt = seeds.info.info["Prompt"] { text += "\nThe feature's prompt: \(featurePrompt)" }
        return text
    }

    /// A generator over `seeds`' rows, asking with ``prompt(for:)``.
    ///
    /// - Throws: what ``SampleGenerator`` throws.
    public static func generator(
        seeds: FrozenRun, targetCount: Int, model: (any LanguageModel)?, instructions: String, sampleSchema: JSONValue?,
        options: GenerationSettings, validator: @escaping SampleGenerator<GeneratedRow>.Validator
    ) throws -> SampleGenerator<GeneratedRow> {
        try SampleGenerator(
            prompt(for: seeds), samples: seeds.rows.map(GeneratedRow.init), targetCount: targetCount, model: model,
            instructions: instructions, sampleSchema: sampleSchema, options: options, validator: validator)
    }

    /// The generator's accepted rows as a frozen run, ids `<seed run>-gen-001`, … with their provenance.
    ///
    /// - Throws: ``InputError`` should two generated ids collide (they cannot, being numbered).
    public static func run(of generator: SampleGenerator<GeneratedRow>, seeds: FrozenRun) async throws -> FrozenRun {
        let generated = await generator.generated
        let summary = await generator.summary
        let seedIDs = seeds.rows.map(\.id)
        let width = max(3, String(generated.count).count)
        let rows = generated.enumerated().map { number, item in
            FrozenRow(
                id: "\(seeds.info.name)-gen-\(String(repeating: "0", count: width - String(number + 1).count))\(number + 1)",
                input: item.sample.input, expected: item.sample.expected, response: item.sample.response ?? .null,
                metadata: [
                    originField: .string(syntheticOrigin),
                    "generatedFrom": .array(item.seedIndices.map { .string(seedIDs[$0]) }),
                    "generationRequest": .number(Double(item.request)),
                ])
        }
        let info: [String: String] = [
            "Model": generator.model.modelName,
            "InstructionsSHA256": SHA256.hexDigest(of: Array(generator.instructions.utf8)),
            "Seeds": "\(seeds.info.name) (\(seeds.rows.count) rows)",
            "TargetCount": String(generator.targetCount),
            "Strategy": "\(generator.options.strategy.rawValue), seed \(generator.options.seed)",
            "Generation": summary.renderLine(),
        ]
        return try FrozenRun(
            info: RunInfo(name: "\(seeds.info.name)-synthetic", source: "generated from \(seeds.info.name)", info: info),
            rows: rows)
    }
}
