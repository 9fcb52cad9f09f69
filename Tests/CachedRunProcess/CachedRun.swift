import Foundation
import LanguageModels
import Synchronization

/// Sends `--count` distinct requests ("item 0", "item 1", …) through a response
/// cache to `--base-url`, `--concurrency` at a time.
///
/// The SIGKILL test kills it part-way and runs it again: nothing completed may
/// be asked twice. With `--hold-after N` it sends no new request once N calls
/// have completed (and are committed to the cache) and prints `held after N`,
/// so the test kills it at that event rather than after a guessed time.
enum CachedRun {
    /// The request for item `index`; the tests build the same ones.
    static func request(_ index: Int) -> ChatRequest {
        ChatRequest(messages: [ChatMessage(.user, "item \(index)")], maxTokens: 8)
    }

    /// Runs with the command line's `--name value` pairs.
    static func run(_ options: [String: String]) async throws {
        func number(_ name: String, default fallback: Int) throws -> Int {
            guard let text = options[name] else { return fallback }
            guard let value = Int(text) else { throw UsageError(message: "--\(name) \(text) is not a whole number") }
            return value
        }
        func text(_ name: String) throws -> String {
            guard let value = options[name] else { throw UsageError(message: "missing --\(name)") }
            return value
        }
        let count = try number("count", default: 40)
        let concurrency = try number("concurrency", default: 4)
        let live = try OpenAICompatibleModel(
            configuration: .init(
                baseURL: try text("base-url"), model: "fault-server-model",
                maxConcurrentRequests: concurrency, structuredOutput: .promptOnly))
        let model = CachedModel(live, cache: try ResponseCache(url: URL(fileURLWithPath: try text("cache"))))
        let holdAfter = try number("hold-after", default: Int.max)
        let completed = CompletedCalls()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    while completed.count.withLock({ $0 }) >= holdAfter { try await Task.sleep(for: .seconds(3600)) }
                    _ = try await model.respond(to: request(index))
                    let done = completed.count.withLock { count in
                        count += 1
                        return count
                    }
                    if done == holdAfter {
                        FileHandle.standardOutput.write(Data("held after \(done)\n".utf8))
                    }
                }
            }
            try await group.waitForAll()
        }
        let statistics = model.cache.statistics
        print("CachedRunProcess: \(count) calls, \(statistics.hits) from the cache, \(statistics.misses) sent")
    }
}

/// A command line that does not say what to do.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Calls completed so far, shared by the run's tasks.
private final class CompletedCalls: Sendable {
    let count = Mutex(0)
}
