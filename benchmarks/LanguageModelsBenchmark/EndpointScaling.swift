import DataFormats
import Foundation
import LanguageModels
import StatisticsCore
import Synchronization

/// Scale-out over several endpoints of one model: three loopback fake servers with fixed
/// per-request delays (the fault server's `slow<MS>` scenario) and their own limits.
///
/// 1. **Throughput.** Each endpoint alone, at its own limit, then the three together behind one
///    model at a total concurrency of the sum of the limits (64 by default): the combined rate
///    against the sum of the three single rates (target ≥ 0.90).
/// 2. **Kill and restart.** The three together again; the second is killed (SIGKILL) a third of
///    the way through and started again on its port two thirds of the way through: every request
///    answered or counted as failed, each answered with its own reply and none twice, and the
///    restarted server serving again.
enum EndpointScaling {
    /// One endpoint of the benchmark: its delay and its limit.
    struct Replica {
        var delayMilliseconds: Int
        var limit: Int
    }

    static func run(_ options: Options) async throws {
        let seconds = Double(try options.int("seconds", default: 10))
        let replicas = [
            Replica(delayMilliseconds: try options.int("delay-a", default: 200), limit: try options.int("limit-a", default: 32)),
            Replica(delayMilliseconds: try options.int("delay-b", default: 400), limit: try options.int("limit-b", default: 16)),
            Replica(delayMilliseconds: try options.int("delay-c", default: 800), limit: try options.int("limit-c", default: 16)),
        ]
        let servers = try replicas.map { _ in try LocalEndpoint() }
        defer { for server in servers { server.stop() } }
        let tag = "scale\(UInt32.random(in: 0...UInt32.max))"
        func url(_ k: Int, _ port: Int? = nil) -> String {
            "http://127.0.0.1:\(port ?? servers[k].port)/\(tag)/slow\(replicas[k].delayMilliseconds)/v1"
        }
        let total = replicas.map(\.limit).reduce(0, +)
        print("endpoint scaling: \(replicas.count) loopback endpoints, total concurrency \(total), about \(Int(seconds)) s a run")
        print("| endpoint | delay | limit | alone (req/s) |")
        print("|---|---:|---:|---:|")
        var alone: [Double] = []
        for (k, replica) in replicas.enumerated() {
            let model = try model([(url(k), replica.limit)])
            let count = Int(seconds * Double(replica.limit) * 1000 / Double(replica.delayMilliseconds))
            let (rate, _) = await drive(model, prefix: "alone\(k)", count: count, concurrency: replica.limit)
            alone.append(rate)
            print("| \(k + 1) | \(replica.delayMilliseconds) ms | \(replica.limit) | \(rate.fixed(decimals: 1)) |")
        }
        let sum = alone.reduce(0, +)
        let combinedModel = try model(replicas.indices.map { (url($0), replicas[$0].limit) })
        let (combined, _) = await drive(combinedModel, prefix: "together", count: Int(seconds * sum), concurrency: total)
        print("")
        print(
            "together: \(combined.fixed(decimals: 1)) req/s; sum alone \(sum.fixed(decimals: 1)) req/s; "
                + "ratio \((combined / sum).fixed(decimals: 3)) (target ≥ 0.90)")
        table(combinedModel)

        // Kill the second endpoint a third of the way through, start it again at two thirds.
        let kill = try model(replicas.indices.map { (url($0), replicas[$0].limit) }, backoff: 1)
        let count = Int(seconds * sum)
        let victim = servers[1]
        let port = victim.port
        let events = Mutex((killed: false, restarted: false))
        let replacement = Mutex<LocalEndpoint?>(nil)
        let (_, answers) = await drive(kill, prefix: "kill", count: count, concurrency: total) { done in
            let step = events.withLock { e -> Int in
                if !e.killed, done >= count / 3 {
                    e.killed = true
                    return 1
                }
                if e.killed, !e.restarted, done >= 2 * count / 3 {
                    e.restarted = true
                    return 2
                }
                return 0
            }
            if step == 1 { victim.kill() }
            if step == 2 { replacement.withLock { $0 = try? LocalEndpoint(port: port) } }
        }
        defer { replacement.withLock { $0?.stop() } }
        let answered = answers.filter { if case .success(let text) = $0.value { text == "echo: \($0.key)" } else { false } }
        let failed = answers.filter { if case .failure = $0.value { true } else { false } }
        let afterRestart = try requestsSeen(port: port, tag: tag)
        print("")
        print(
            "kill and restart (endpoint 2 killed after \(count / 3) of \(count) requests, restarted on port \(port) after "
                + "\(2 * count / 3)): \(answers.count) requests accounted for, \(answered.count) answered with their own reply, "
                + "\(failed.count) failed, \(count - answers.count) lost; the restarted endpoint served \(afterRestart) requests")
        table(kill)
    }

    /// A model over `endpoints` (base URL, limit) with a short back-off.
    static func model(_ endpoints: [(String, Int)], backoff: Double = 30) throws -> OpenAICompatibleModel {
        try OpenAICompatibleModel(
            configuration: .init(
                baseURL: endpoints[0].0, model: "fault-server-model", connectTimeout: 2, firstByteTimeout: 30, requestTimeout: 30,
                maxConcurrentRequests: endpoints[0].1, structuredOutput: .promptOnly,
                endpoints: endpoints.count > 1 ? endpoints.map { .init(baseURL: $0.0, maxConcurrentRequests: $0.1) } : [],
                endpointBackoff: backoff))
    }

    /// Sends `count` distinct questions, `concurrency` at a time: requests a second, and each question's answer.
    static func drive(
        _ model: OpenAICompatibleModel, prefix: String, count: Int, concurrency: Int,
        afterEach: @escaping @Sendable (Int) -> Void = { _ in }
    ) async -> (rate: Double, answers: [String: Result<String, LanguageModelError>]) {
        var answers: [String: Result<String, LanguageModelError>] = [:]
        let elapsed = await measure {
            await withTaskGroup(of: (String, Result<String, LanguageModelError>).self) { group in
                var next = 0
                func launch() {
                    let text = "\(prefix)-\(next)"
                    next += 1
                    group.addTask {
                        do {
                            let request = ChatRequest(messages: [ChatMessage(.user, text)], maxTokens: 8)
                            return (text, .success(try await model.respond(to: request).choices.first?.text ?? ""))
                        } catch {
                            return (text, .failure(error as? LanguageModelError ?? LanguageModelError(.cancelled, "\(error)")))
                        }
                    }
                }
                while next < min(concurrency, count) { launch() }
                for await (text, answer) in group {
                    precondition(answers.updateValue(answer, forKey: text) == nil, "\(text) answered twice")
                    afterEach(answers.count)
                    if next < count { launch() }
                }
            }
        }
        return (Double(count) / elapsed, answers)
    }

    /// The chat requests the fault server on `port` has seen under `tag` (its `/stats`, read with `curl`).
    static func requestsSeen(port: Int, tag: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", "5", "http://127.0.0.1:\(port)/\(tag)/stats"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let requests = try JSONValue.parse(data)["requests"]?.double else {
            throw UsageError(message: "the restarted endpoint gave no stats")
        }
        return Int(requests)
    }

    /// Each endpoint's counts, as a Markdown table.
    static func table(_ model: OpenAICompatibleModel) {
        print("| endpoint | requests | failed | outages | p50 latency | p90 | p99 |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for (k, e) in model.statistics.endpoints.enumerated() {
            let q = [0.5, 0.9, 0.99].map { Spread.quantile(e.latencies, $0).value.map { "\($0.fixed(decimals: 3)) s" } ?? "–" }
            print("| \(k + 1) | \(e.requests) | \(e.failures) | \(e.outages) | \(q.joined(separator: " | ")) |")
        }
    }
}
