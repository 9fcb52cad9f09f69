import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import LanguageModels
import SampleGeneration
import Testing
import _TestSupport

/// Book Tracker's synthetic-data step on Linux, replayed.
///
/// The first 13 rows of the book-tags sample grown toward 40 rows by the embedded local model
/// (SmolLM2-135M), with Book Tracker's validator (3–8 lowercase tags, a review of 100 characters or
/// more) and with one rule more. The model's replies were recorded once from the local judge
/// (`Tests/Recordings/generate-book-tags`, whose README gives their provenance) and are replayed
/// here through the real client, over HTTP, by the fault server, which answers only request
/// bodies identical byte for byte to the recorded ones.
@Suite("Book Tracker on Linux: 13 curated book-tag rows grown with the local model, replayed", .serialized)
struct BookTrackerGenerationTests {
    static let recordings = SharedData.projectURL("Tests/Recordings/generate-book-tags")
    static let targetCount = 40
    /// The defaults, as `judgecal generate` uses them: 3 seeds shown and 4 rows asked for per request, seed 0.
    static let options = GenerationSettings()

    static func recorded(_ name: String) -> URL { recordings.appendingPathComponent(name) }

    /// What the recorded replies come to with Book Tracker's validator (the README says what the model wrote).
    static let recordedOutcome =
        "2 of 27 wanted (target 40 with 13 seeds); set aside 1 rejected, 9 duplicate, 1 unreadable; 4 of 4 requests; "
        + "stopped: request cap reached before the target"
    /// What they come to with the stricter one.
    static let recordedStricterOutcome =
        "0 of 27 wanted (target 40 with 13 seeds); set aside 12 rejected, 0 duplicate, 1 unreadable; 4 of 4 requests; "
        + "stopped: request cap reached before the target"
    /// Rows the stricter validator rejects for an empty tag.
    static let recordedEmptyTagRows = 12
    /// What they come to with `--schema` and `--validate validate-tags.py`, and the rows set aside.
    static let recordedCommandOutcome =
        "2 of 4 wanted (target 17 with 13 seeds); set aside 0 rejected, 6 duplicate, 1 unreadable; 3 of 3 requests; "
        + "stopped: request cap reached before the target"
    static let recordedCommandSetAside = 7

    /// The curated suite: the book-tags sample's first 13 rows.
    static func curated() throws -> FrozenRun {
        let sample = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        return try FrozenRun(info: sample.info, rows: Array(sample.rows.prefix(13)))
    }

    /// Book Tracker's validator: a review of at least 100 characters, 3–8 tags, every tag lowercase.
    static let validator: SampleGenerator<GeneratedRow>.Validator = { row in
        let review = row.input["review"]?.string ?? ""
        guard review.count >= 100 else { return .invalid("review of \(review.count) characters; expected at least 100") }
        guard let tags = row.response?["tags"]?.array?.compactMap(\.string) else { return .invalid("no tags") }
        guard (3...8).contains(tags.count) else { return .invalid("\(tags.count) tags; expected 3–8") }
        if let upper = tags.first(where: { $0 != $0.lowercased() }) { return .invalid("tag \"\(upper)\" is not lowercase") }
        return .valid
    }

    /// Book Tracker's rules and one more, since the local model writes them: no empty tag.
    static let stricterValidator: SampleGenerator<GeneratedRow>.Validator = { row in
        if let tags = row.response?["tags"]?.array, tags.contains(where: { ($0.string ?? "").allSatisfy(\.isWhitespace) }) {
            return .invalid("an empty tag")
        }
        return await validator(row)
    }

    /// The model settings of the recording, pointed at `baseURL`.
    static func configuration(baseURL: String) throws -> OpenAICompatibleModel.Configuration {
        var overrides = OpenAICompatibleModel.Configuration.Overrides()
        overrides.setBaseURLs([baseURL])
        return try .resolved(overrides: overrides, file: recorded("model.json"))
    }

    /// The requests the local judge answered in the time there was (the README says why not all 21).
    static func answered() throws -> Int {
        try Data(contentsOf: recorded("output.jsonl")).split(separator: UInt8(ascii: "\n")).count
    }

    static func generator(
        model: any LanguageModel, options: GenerationSettings = options,
        validator: @escaping SampleGenerator<GeneratedRow>.Validator = validator
    ) throws -> SampleGenerator<GeneratedRow> {
        try RunGeneration.generator(
            seeds: curated(), targetCount: targetCount, model: model,
            instructions: String(contentsOf: recorded("instructions.txt"), encoding: .utf8),
            sampleSchema: JSONValue.parse(Data(contentsOf: recorded("row.schema.json"))), options: options,
            validator: validator)
    }

    @Test("The generator's requests are the recorded ones, byte for byte, in order")
    func requestsAsRecorded() async throws {
        let configuration = try Self.configuration(baseURL: OpenAICompatibleModel.Configuration.defaultBaseURL)
        let generator = try Self.generator(model: OpenAICompatibleModel(configuration: configuration))
        let cap = await generator.summary.requestCap
        #expect(cap == 21, "3 × the 7 requests 27 new rows need at 4 a request")
        let lines = try (0..<cap).map { try OpenAIBatch.inputLine(for: generator.request(number: $0), configuration: configuration) }
        let written = try SharedData.temporaryFolder("generate-requests").appendingPathComponent("requests.jsonl")
        try Data(lines.flatMap { Array($0) + [UInt8(ascii: "\n")] }).write(to: written)
        let recorded = try Data(contentsOf: Self.recorded("requests.jsonl")).split(separator: UInt8(ascii: "\n")).map { Data($0) }
        #expect(recorded == lines, "the requests as written now are in \(written.path)")
    }

    /// The recording's files as the fault server's `--replay` list.
    static var replayFiles: String { ["requests.jsonl", "output.jsonl"].map { recorded($0).path }.joined(separator: ",") }

    /// A generator over the recorded replies, through the real client and the fault server, capped at the answered requests.
    static func replayed(
        validator: @escaping SampleGenerator<GeneratedRow>.Validator, on server: LoopbackServer
    ) throws -> SampleGenerator<GeneratedRow> {
        let configuration = try configuration(baseURL: server.baseURL(tag: "generate", scenario: "replay"))
        var capped = options
        capped.maxRequests = try answered()
        return try generator(model: OpenAICompatibleModel(configuration: configuration), options: capped, validator: validator)
    }

    @Test("One rule more than Book Tracker's (no empty tag) over the same replies: every row it let through is rejected")
    func stricter() async throws {
        let server = try LoopbackServer(arguments: ["--replay", Self.replayFiles])
        defer { server.stop() }
        let generator = try Self.replayed(validator: Self.stricterValidator, on: server)
        for try await _ in generator.run() {}
        let line = await generator.summary.renderLine()
        #expect(line == Self.recordedStricterOutcome, "\(line)")
        let reasons = await generator.invalidSamples.map(\.reason)
        #expect(reasons.filter { $0.hasPrefix("an empty tag") }.count == Self.recordedEmptyTagRows, "\(reasons)")
    }

    @Test("Replayed through the client over HTTP: the recorded generation's outcome, invalid rows listed with reasons")
    func replayed() async throws {
        let server = try LoopbackServer(arguments: ["--replay", Self.replayFiles])
        defer { server.stop() }
        let generator = try Self.replayed(validator: Self.validator, on: server)
        var streamed = 0
        for try await _ in generator.run() { streamed += 1 }
        let summary = await generator.summary
        #expect(summary.renderLine() == Self.recordedOutcome, "\(summary.renderLine())")
        #expect(streamed == summary.accepted)
        let invalid = await generator.invalidSamples
        #expect(invalid.count == summary.rejected + summary.duplicates + summary.unreadable)
        #expect(invalid.allSatisfy { !$0.reason.isEmpty && ($0.sample != nil || $0.text != nil) })

        // The generated run: every row with its provenance, read back whole (no row dropped on the way).
        let curated = try Self.curated()
        let run = try await RunGeneration.run(of: generator, seeds: curated)
        #expect(run.rows.count == summary.accepted)
        guard !run.rows.isEmpty else { return }
        let file = try SharedData.temporaryFolder("generate-run").appendingPathComponent("synthetic.run.jsonl")
        try run.save(to: file)
        let read = try FrozenRun.load(from: file)
        #expect(read.rows == run.rows)
        #expect(read.info.info["Model"] == "SmolLM2-135M-Instruct")
        #expect(read.info.info["InstructionsSHA256"]?.count == 64)
        let seedIDs = Set(curated.rows.map(\.id))
        for row in read.rows {
            #expect(row.metadata["origin"] == .string("synthetic"))
            let from = row.metadata["generatedFrom"]?.array?.compactMap(\.string) ?? []
            #expect(from.count == 3 && from.allSatisfy(seedIDs.contains), "\(row.id)")
            #expect(await Self.validator(GeneratedRow(row)) == .valid, "\(row.id) passed the validator")
            // What Book Tracker's rules let through from this model: every kept row has an empty tag.
            #expect(row.response["tags"]?.array?.contains(.string("")) == true, "\(row.id)")
        }
    }

    @Test("judgecal generate over the same recording: the run written, every row set aside printed with its reason")
    func command() throws {
        let server = try LoopbackServer(arguments: ["--replay", Self.replayFiles])
        defer { server.stop() }
        let folder = try SharedData.temporaryFolder("generate-command")
        let seeds = folder.appendingPathComponent("curated.run.jsonl")
        try Self.curated().save(to: seeds)
        let output = folder.appendingPathComponent("synthetic.run.jsonl")
        // The command has no request cap option: a target whose default cap (3 × ⌈(target − 13) / 4⌉) stays
        // within the answered requests.
        let target = 13 + 4 * (try Self.answered() / 3)
        let generated = try JudgeCalProcess.run([
            "generate", seeds.path, "--target", String(target), "--instructions", Self.recorded("instructions.txt").path,
            "--schema", Self.recorded("row.schema.json").path,
            "--validate", "python3 \(Self.recorded("validate-tags.py").path)",
            "--model-config", Self.recorded("model.json").path, "--base-url", server.baseURL(tag: "cli", scenario: "replay"),
            "--cache", folder.appendingPathComponent("cache.sqlite").path, "--output", output.path,
        ])
        #expect(generated.status == 0, "\(generated.error)")
        let lines = generated.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "generated: \(Self.recordedCommandOutcome)", "\(generated.output)")
        #expect(lines.filter { $0.hasPrefix("set aside (request ") }.count == Self.recordedCommandSetAside)
        guard FileManager.default.fileExists(atPath: output.path) else {
            #expect(lines.contains("no row kept; no file written"))
            return
        }
        let run = try FrozenRun.load(from: output)
        #expect(lines.contains("wrote \(run.rows.count) rows to \(output.path)"))

        // The generated run goes into the labelling loop like an imported one: a blank sheet with a line a row.
        let sheet = folder.appendingPathComponent("synthetic.labels.csv")
        let extracted = try JudgeCalProcess.run([
            "extract", output.path, "--rubric", "rubrics/book-tags.md", "--output", sheet.path,
        ])
        #expect(extracted.status == 0, "\(extracted.error)")
        let sheetLines = try String(contentsOf: sheet, encoding: .utf8).split(separator: "\n")
        #expect(sheetLines.count == run.rows.count + 1, "a header and one line per generated row")
    }
}
