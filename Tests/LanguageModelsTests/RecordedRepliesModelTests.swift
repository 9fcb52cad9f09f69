import DataFormats
import Foundation
import LanguageModelTesting
import Testing
import _TestSupport

@testable import LanguageModels

/// Replies recorded from the local judge (SmolLM2-135M-Instruct) by
/// `LanguageModelsBenchmark record`, replayed where calling the judge for each
/// request would make the test slow.
///
/// The live path has its own tests.
@Suite("Recorded replies")
struct RecordedRepliesModelTests {
    static let file = SharedData.projectURL("Tests/LanguageModelsTests/Resources/smollm2-replies.jsonl")

    static func exchanges() throws -> [RecordedExchange] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(RecordedExchange.self, from: Data($0.utf8))
        }
    }

    @Test("Every recorded request gets its recorded reply, log-probabilities included")
    func replays() async throws {
        let model = try RecordedRepliesModel(contentsOf: Self.file)
        let exchanges = try Self.exchanges()
        #expect(model.modelName == "SmolLM2-135M-Instruct")
        #expect(model.count == exchanges.count && exchanges.count == 6)
        for exchange in exchanges {
            let reply = try await model.respond(to: exchange.request)
            #expect(reply == exchange.response)
            #expect((reply.choices.first?.tokens != nil) == exchange.request.logprobs)
        }
    }

    @Test("Recorded replies through the cache from 12 concurrent tasks: one miss per distinct request")
    func cachedUnderConcurrency() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let recorded = try RecordedRepliesModel(contentsOf: Self.file)
        let model = CachedModel(recorded, cache: try ResponseCache(url: url))
        let exchanges = try Self.exchanges()
        for exchange in exchanges { _ = try await model.respond(to: exchange.request) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<12 {
                let exchange = exchanges[task % exchanges.count]
                group.addTask { try await model.respond(to: exchange.request) == exchange.response }
            }
            for try await same in group { #expect(same) }
        }
        #expect(model.cache.statistics == .init(hits: 12, misses: 6, stores: 6, transactions: 6), "six stores one after the other")
    }

    @Test("A request that was never recorded is an error, not an invented reply")
    func notRecorded() async throws {
        let model = try RecordedRepliesModel(contentsOf: Self.file)
        var request = try #require(try Self.exchanges().first).request
        request.sampleIndex = 1
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: request) }
        #expect(error.code == .notRecorded)
    }

    @Test("A line that is not a recorded exchange: an error naming file and line")
    func badLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-recorded-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let good = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n")[0]
        try Data("\(good)\n\n{\"model\": \"SmolLM2-135M-Instruct\"}\n".utf8).write(to: file)
        let error = try #require(throws: InputError.self) { try RecordedRepliesModel(contentsOf: file) }
        #expect(error.file == file.path)
        #expect(error.line == 3)
    }
}
