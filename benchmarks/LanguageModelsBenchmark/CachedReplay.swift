import Foundation
import LanguageModels

/// Replaying calls that are all in the cache: the cost of a judge run that
/// was already done (target: at least 50,000 calls per second).
enum CachedReplay {
    /// A model that must not be asked: every call in this benchmark is cached.
    private struct Unreachable: LanguageModel {
        let modelName = "benchmark-model"
        func respond(to request: ChatRequest) async throws -> ChatResponse {
            throw LanguageModelError(.notRecorded, "a cached replay asked the model")
        }
    }

    static func run(_ options: Options) async throws {
        let calls = try options.int("calls", default: 100_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-bench-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ResponseCache(url: directory.appendingPathComponent("responses.sqlite"))
        let requests = (0..<calls).map { index in
            ChatRequest(
                messages: [ChatMessage(.system, "You are a strict judge."), ChatMessage(.user, "Rate answer \(index) from 1 to 5.")],
                temperature: 0, maxTokens: 16, seed: 1)
        }
        let response = ChatResponse(
            choices: [.init(text: #"{"score": 4}"#, finishReason: "stop")], model: "benchmark-model",
            usage: TokenUsage(promptTokens: 40, completionTokens: 6), latency: 1.9)
        let filling = try await measure {
            for request in requests { try cache.store(response, for: request, model: "benchmark-model") }
        }
        let model = CachedModel(Unreachable(), cache: cache)
        let replay = try await measure {
            for request in requests { _ = try await model.respond(to: request) }
        }
        print("cached path: \(calls) calls")
        print(String(format: "  storing  %8.3f s  %9.0f calls/s (one commit each)", filling, Double(calls) / filling))
        print(String(format: "  replaying %7.3f s  %9.0f calls/s (target ≥ 50,000)", replay, Double(calls) / replay))
        print("  cache statistics: \(cache.statistics.hits) hits, \(cache.statistics.misses) misses")
    }
}
