import DataFormats
import EvaluationCore
import Foundation
import LanguageModelTesting
import SampleGeneration
import Testing
import _TestSupport

@Suite("Generated samples written and read back: no row lost on the way (the seeds' silent JSONLoader shrink)")
struct GeneratedFileTests {
    @Test("Samples written as JSON Lines read back whole through JSONLoader; a corrupted row stops the load, located")
    func roundTrip() async throws {
        let model = ScriptedModel { request in reply((1...4).map { fresh(request, $0) }) }
        let generator = try SampleGenerator("Book reviews", samples: seeds, targetCount: 11, model: model)
        for try await _ in generator.run() {}
        let samples = await generator.samples
        #expect(samples.count == 8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines = try samples.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let file = try SharedData.temporaryFolder("generated-file").appendingPathComponent("synthetic.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let loaded = try await JSONLoader<ModelSample<BookTags>>(url: file).load()
        #expect(loaded.samples == samples && loaded.skipped.isEmpty)

        // A schema change between writing and reading (tags renamed): an error naming the line, not 7 rows.
        lines[5] = lines[5].replacingOccurrences(of: "\"tags\"", with: "\"labels\"")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        await #expect {
            try await JSONLoader<ModelSample<BookTags>>(url: file).load()
        } throws: { error in
            "\(error)".contains("line 6")
        }
    }
}
