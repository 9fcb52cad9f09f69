import Foundation
import LanguageModels

/// Sends `--count` distinct requests ("item 0", "item 1", …) through a response
/// cache to `--base-url`, `--concurrency` at a time.
///
/// The SIGKILL test kills it part-way and runs it again: nothing completed may
/// be asked twice.
enum CachedRun {
    /// The request for item `index`; the tests build the same ones.
    static func request(_ index: Int) -> ChatRequest {
        ChatRequest(messages: [ChatMessage(.user, "item \(index)")], maxTokens: 8)
    }

    static func run(_ options: Options) async throws {
        let count = try options.int("count", default: 40)
        let concurrency = try options.int("concurrency", default: 4)
        let live = try OpenAICompatibleModel(
            configuration: .init(
                baseURL: try options.string("base-url"), model: "fault-server-model",
                maxConcurrentRequests: concurrency, structuredOutput: .promptOnly))
        let model = CachedModel(live, cache: try ResponseCache(url: URL(fileURLWithPath: try options.string("cache"))))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask { _ = try await model.respond(to: request(index)) }
            }
            try await group.waitForAll()
        }
        let statistics = model.cache.statistics
        print("cached-run: \(count) calls, \(statistics.hits) from the cache, \(statistics.misses) sent")
    }
}
