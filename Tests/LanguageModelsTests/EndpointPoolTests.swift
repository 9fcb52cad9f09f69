import Foundation
import Synchronization
import Testing
import _TestSupport

@testable import LanguageModels

/// A model over several endpoints, each `(base URL, limit)`, with short waits so the tests stay fast.
func replicatedModel(_ endpoints: [(String, Int)], backoff: Double = 0.5, attempts: Int = 4) throws -> OpenAICompatibleModel {
    try OpenAICompatibleModel(
        configuration: .init(
            baseURL: endpoints[0].0, model: "fault-server-model", connectTimeout: 1, firstByteTimeout: 3,
            requestTimeout: 3, retry: .init(maxAttempts: attempts, initialDelay: 0.05, multiplier: 2, maxDelay: 1, jitter: 0.5),
            structuredOutput: .promptOnly,
            endpoints: endpoints.map { .init(baseURL: $0.0, maxConcurrentRequests: $0.1) }, endpointBackoff: backoff),
        environment: [:])
}

/// Sends `count` distinct questions `prefix-k`, `concurrency` at a time; each answer's text by question.
func askAll(_ model: OpenAICompatibleModel, prefix: String, count: Int, concurrency: Int, afterEach: @Sendable (Int) -> Void = { _ in })
    async -> [String: Result<String, LanguageModelError>]
{
    await withTaskGroup(of: (String, Result<String, LanguageModelError>).self) { group in
        var answers: [String: Result<String, LanguageModelError>] = [:]
        var next = 0
        func launch() {
            let text = "\(prefix)-\(next)"
            next += 1
            group.addTask {
                do {
                    let response = try await model.respond(to: question(text))
                    return (text, .success(response.choices.first?.text ?? ""))
                } catch {
                    return (text, .failure(error as? LanguageModelError ?? LanguageModelError(.cancelled, "\(error)")))
                }
            }
        }
        while next < min(concurrency, count) { launch() }
        for await (text, answer) in group {
            answers[text] = answer
            afterEach(answers.count)
            if next < count { launch() }
        }
        return answers
    }
}

/// A loopback port nothing listens on (bound, then closed).
func closedPort() throws -> Int {
    let probe = try FaultServer(port: nil)
    let port = probe.port
    probe.kill()
    return port
}

@Suite("Several endpoints for one model", .tags(.faultServer), .onOwnThreads)
struct EndpointPoolTests {
    @Test("Requests are shared by load: each endpoint's own limit holds, and both serve")
    func sharedByLoad() async throws {
        let (a, b) = (FaultServer.tag(), FaultServer.tag())
        let model = try replicatedModel([
            (FaultServer.shared.baseURL(tag: a, scenario: "slow100"), 2), (FaultServer.shared.baseURL(tag: b, scenario: "slow100"), 4),
        ])
        let answers = await askAll(model, prefix: "load", count: 30, concurrency: 12)
        #expect(answers.count == 30)
        #expect(answers.allSatisfy { (try? $0.value.get()) == "echo: \($0.key)" })
        let (statsA, statsB) = (try await FaultServer.shared.stats(tag: a), try await FaultServer.shared.stats(tag: b))
        #expect(statsA.maxInFlight <= 2 && statsB.maxInFlight <= 4, "\(statsA.maxInFlight) and \(statsB.maxInFlight)")
        #expect(statsA.requests + statsB.requests == 30)
        // With both full all the time, the one with twice the places serves about twice as many.
        #expect(statsB.requests > statsA.requests, "\(statsA.requests) vs \(statsB.requests)")
        let counted = model.statistics.endpoints
        #expect(counted.map(\.requests) == [statsA.requests, statsB.requests])
        #expect(counted.map(\.failures) == [0, 0])
        #expect(counted.allSatisfy { $0.latencies.count == $0.requests && $0.latencies.allSatisfy { $0 >= 0.1 } })
    }

    @Test("An endpoint that refuses connections is left out, and its requests go to the other")
    func refusedIsLeftOut() async throws {
        let tag = FaultServer.tag()
        let down = "http://127.0.0.1:\(try closedPort())/v1"
        let model = try replicatedModel([(down, 4), (FaultServer.shared.baseURL(tag: tag, scenario: "ok"), 4)], backoff: 30)
        let answers = await askAll(model, prefix: "refused", count: 20, concurrency: 4)
        #expect(answers.values.allSatisfy { (try? $0.get())?.hasPrefix("echo: refused-") == true })
        let counted = model.statistics.endpoints
        #expect(counted[0].outages == 1, "taken out once, and left out for the 30 s back-off")
        #expect(counted[0].failures == counted[0].requests && counted[0].requests <= 4)
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 20)
    }

    @Test("An endpoint answering HTTP 500 three times in a row is left out; the others answer")
    func serverErrorsLeaveOut() async throws {
        let (bad, good) = (FaultServer.tag(), FaultServer.tag())
        let model = try replicatedModel(
            [(FaultServer.shared.baseURL(tag: bad, scenario: "always500"), 2), (FaultServer.shared.baseURL(tag: good, scenario: "ok"), 2)],
            backoff: 30)
        let answers = await askAll(model, prefix: "five", count: 12, concurrency: 2)
        #expect(answers.values.allSatisfy { (try? $0.get())?.hasPrefix("echo: five-") == true })
        #expect(model.statistics.endpoints[0].outages == 1)
        // Three failures in a row take it out; one more may already be on its way (2 places).
        let sentToBad = try await FaultServer.shared.stats(tag: bad).requests
        #expect((EndpointPool.failuresBeforeOutage...EndpointPool.failuresBeforeOutage + 1).contains(sentToBad), "\(sentToBad)")
    }

    @Test("Every endpoint down: the request fails at once, naming each endpoint")
    func everyEndpointDown() async throws {
        let (first, second) = (try closedPort(), try closedPort())
        let model = try replicatedModel([("http://127.0.0.1:\(first)/v1", 2), ("http://127.0.0.1:\(second)/v1", 2)], backoff: 30)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("anyone")) }
        #expect(error.code == .serverUnreachable)
        #expect(error.message.contains("127.0.0.1:\(first)") && error.message.contains("127.0.0.1:\(second)"), "\(error.message)")
        #expect(model.statistics.endpoints.map(\.outages) == [1, 1])
    }

    @Test("A replica killed mid-run: every request answered once; restarted, it is used again")
    func killAndRestart() async throws {
        let replica = try FaultServer(port: nil)
        let (tagA, tagB) = (FaultServer.tag(), FaultServer.tag())
        let urlA = "http://127.0.0.1:\(replica.port)/\(tagA)/slow50/v1"
        let model = try replicatedModel([(urlA, 4), (FaultServer.shared.baseURL(tag: tagB, scenario: "slow50"), 4)], backoff: 0.5)
        let killed = Mutex(false)
        let answers = await askAll(model, prefix: "kill", count: 60, concurrency: 8) { done in
            let first = killed.withLock { k in
                defer { k = k || done >= 15 }
                return !k && done >= 15
            }
            if first { replica.kill() }
        }
        #expect(answers.count == 60, "none lost")
        #expect(answers.allSatisfy { (try? $0.value.get()) == "echo: \($0.key)" }, "each answered with its own reply")
        #expect(model.statistics.endpoints[0].outages >= 1)
        let restarted = try FaultServer(port: replica.port)
        defer { restarted.kill() }
        // Its k-th outage in a row keeps it out 0.5 s · 2^(k−1), at most 16×: on a loaded machine the first phase can
        // outlast several back-offs, each ending in a refused probe, so wait out the longest one taken, and a little more.
        let outages = model.statistics.endpoints[0].outages
        try await Task.sleep(for: .seconds(0.5 * min(EndpointPool.longestBackoffFactor, pow(2, Double(outages - 1))) + 0.5))
        let again = await askAll(model, prefix: "back", count: 24, concurrency: 8)
        #expect(again.values.allSatisfy { (try? $0.get())?.hasPrefix("echo: back-") == true })
        #expect(try await restarted.stats(tag: tagA).requests > 0, "the restarted replica serves again")
    }
}
