import DataFormats
import Foundation
import LanguageModels
import Synchronization

/// Judgments per second against the local judge (`scripts/local-judge start`)
/// at concurrency 1, 2 and 4, with short structured replies; the mean latency
/// is the client's (time in HTTP exchanges, queueing in the server included).
enum JudgeThroughput {
    static func run(_ options: Options) async throws {
        let requests = try options.int("requests", default: 8)
        for concurrency in [1, 2, 4] {
            var configuration = try OpenAICompatibleModel.Configuration.resolved()
            configuration.maxConcurrentRequests = concurrency
            configuration.structuredOutput = .llamaCpp
            let model = try OpenAICompatibleModel(configuration: configuration)
            let schema = JSONValue.object([
                "type": .string("object"),
                "properties": .object(["score": .object(["type": .string("integer"), "enum": .array((1...5).map { .number(Double($0)) })])]
                ),
                "required": .array([.string("score")]),
            ])
            let latencies = Latencies()
            let elapsed = try await measure {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<requests {
                        group.addTask {
                            let request = ChatRequest(
                                messages: [
                                    ChatMessage(
                                        .user,
                                        "Rate from 1 to 5 how polite this is: 'Thanks, parcel \(index) of batch \(concurrency) arrived.'")
                                ],
                                temperature: 0, maxTokens: 16, seed: concurrency, schema: schema)
                            latencies.add(try await model.respond(to: request).latency)
                        }
                    }
                    try await group.waitForAll()
                }
            }
            print(
                String(
                    format: "judge, concurrency %d: %d requests in %.2f s, %.2f req/s, mean latency %.2f s",
                    concurrency, requests, elapsed, Double(requests) / elapsed, latencies.mean))
        }
    }
}

/// Latencies collected from concurrent tasks.
final class Latencies: Sendable {
    private let values = Mutex<[Double]>([])
    func add(_ value: Double) { values.withLock { $0.append(value) } }
    var mean: Double { values.withLock { $0.isEmpty ? 0 : $0.reduce(0, +) / Double($0.count) } }
}
