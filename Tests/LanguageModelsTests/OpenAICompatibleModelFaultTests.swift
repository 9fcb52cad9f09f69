import DataFormats
import Foundation
import Testing
import _TestSupport

@testable import LanguageModels
@testable import judgecal

@Suite("OpenAICompatibleModel against a misbehaving server", .tags(.faultServer), .onOwnThreads)
struct OpenAICompatibleModelFaultTests {
    @Test("HTTP 429 with Retry-After: waits at least as long as told, then answers")
    func rateLimited() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("429x2", tag: tag)
        var response: ChatResponse?
        let (elapsed, lag) = try await timed { response = try await model.respond(to: question("rate")) }
        #expect(response?.choices.map(\.text) == ["echo: rate"])
        #expect(elapsed >= 2.0, "two Retry-After: 1 waits")
        #expect((response?.latency ?? 9) < elapsed - 1.9, "the latency counts the exchanges, not the waits between them")
        #expect(elapsed < 4.0 + lag, "lag \(lag) s")
        #expect(model.statistics.retries == 2)
        let stats = try await FaultServer.shared.stats(tag: tag)
        #expect(stats.requests == 3)
        // On the server's clock: each retry came at least the second Retry-After asked for after
        // the request it answered (the client counts the wait from the reply's arrival).
        let gaps = zip(stats.arrivals.dropFirst(), stats.arrivals).map { $0 - $1 }
        #expect(gaps.count == 2 && gaps.allSatisfy { $0 >= 1.0 }, "\(gaps)")
    }

    @Test("HTTP 500 twice, then an answer: retried with backoff")
    func serverErrorThenSuccess() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("500x2", tag: tag)
        let response = try await model.respond(to: question("five hundred"))
        #expect(response.choices.first?.text == "echo: five hundred")
        #expect(response.usage == TokenUsage(promptTokens: 3, completionTokens: 2))
        #expect(model.statistics.httpRequests == 3)
    }

    @Test("HTTP 500 every time: a typed error after the attempt limit")
    func retriesExhausted() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("always500", tag: tag, attempts: 3)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("x")) }
        #expect(error.code == .retriesExhausted)
        #expect(error.underlying == .httpStatus)
        #expect(error.statusCode == 500)
        #expect(error.attempts == 3)
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 3)
        #expect(model.statistics.failures == 1)
    }

    @Test("A slow server: the request ends at its timeout, not later")
    func timeout() async throws {
        let model = try faultModel("slow5000", tag: FaultServer.tag(), attempts: 1, timeout: 0.5)
        var thrown: LanguageModelError?
        let (elapsed, lag) = await timed {
            do { _ = try await model.respond(to: question("slow")) } catch { thrown = error as? LanguageModelError }
        }
        #expect(thrown?.code == .timedOut)
        #expect(model.statistics.exchangeSeconds < 2.5, "a 0.5 s timeout, against a server that answers after 5 s")
        #expect(elapsed < 2.5 + lag, "lag \(lag) s")
    }

    @Test("A slow server within the timeout answers")
    func slowButInTime() async throws {
        let model = try faultModel("slow300", tag: FaultServer.tag(), timeout: 3)
        #expect(try await model.respond(to: question("patience")).choices.first?.text == "echo: patience")
    }

    @Test("Truncated JSON: retried, then a typed error naming a malformed reply")
    func truncatedJSON() async throws {
        let model = try faultModel("truncated", tag: FaultServer.tag(), attempts: 2)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("cut")) }
        #expect(error.code == .retriesExhausted)
        #expect(error.underlying == .malformedReply)
        #expect(error.message.contains("not a chat completion"))
    }

    @Test(
        "A 30 MB reply: refused once past maxReplyBytes, never read whole, not retried",
        arguments: ["huge30", "huge30stream"])
    func hugeReply(scenario: String) async throws {
        let tag = FaultServer.tag()
        let model = try faultModel(scenario, tag: tag, timeout: 120)
        #expect(model.configuration.maxReplyBytes == 8 << 20, "the documented default")
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("big")) }
        #expect(error.code == .replyTooLarge)
        #expect(error.attempts == 1, "a reply too large is the server's answer, not retried")
        #expect(error.message.contains("longer than 8388608 bytes") && error.message.contains("maxReplyBytes in --model-config"))
        let stats = try await FaultServer.shared.stats(tag: tag)
        #expect(stats.requests == 1)
        #expect(stats.sentBytes < 30_000_000, "the client hung up before the server could send it all")
    }

    @Test("maxReplyBytes comes from a configuration file, and must be positive")
    func replyLimitConfigured() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("model-config-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"maxReplyBytes": 1024}"#.utf8).write(to: file)
        #expect(try OpenAICompatibleModel.Configuration.resolved(environment: [:], file: file).maxReplyBytes == 1024)
        let error = try #require(throws: LanguageModelError.self) {
            try OpenAICompatibleModel(configuration: .init(maxReplyBytes: 0), environment: [:])
        }
        #expect(error.code == .configuration && error.message.contains("maxReplyBytes"))
    }

    @Test("A body shorter than its Content-Length: a dropped connection")
    func partialBody() async throws {
        let model = try faultModel("partial", tag: FaultServer.tag(), attempts: 1)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("p")) }
        #expect(error.code == .connectionDropped)
    }

    @Test("A dropped connection, then an answer")
    func droppedThenAnswered() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("dropx1", tag: tag)
        #expect(try await model.respond(to: question("again")).choices.first?.text == "echo: again")
        #expect(model.statistics.retries == 1)
    }

    @Test("Nothing listening: the error says how to start the local judge")
    func unreachable() async throws {
        var configuration = OpenAICompatibleModel.Configuration(baseURL: "http://127.0.0.1:9/v1", connectTimeout: 1)
        configuration.advice = ModelMessages.advice  // the advice in judgecal's words, which the message below reads
        let model = try OpenAICompatibleModel(configuration: configuration)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("anyone?")) }
        #expect(error.code == .serverUnreachable)
        #expect(
            error.message
                == "no judge server answers at http://127.0.0.1:9/v1 — start one with `scripts/local-judge start`, or pass --base-url")
        #expect(error.attempts == 1, "an unreachable server is not retried")
    }

    @Test("n = 3 from a server that returns one choice: sampled with further calls")
    func missingChoicesSampled() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("ok", tag: tag)
        var request = question("three")
        request.choices = 3
        let response = try await model.respond(to: request)
        #expect(response.choices.count == 3)
        #expect(response.usage == TokenUsage(promptTokens: 9, completionTokens: 6))
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 3)
    }

    @Test("n = 3 from a server that refuses n > 1 (llama-server's 400): asked again at once, one choice a request from then on")
    func refusedChoicesAskedOneAtATime() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("onechoice", tag: tag)
        var request = question("three")
        request.choices = 3
        let response = try await model.respond(to: request)
        #expect(response.choices.map(\.text) == Array(repeating: "echo: three", count: 3))
        #expect(model.statistics.oneChoicePerRequest)
        #expect(model.statistics.retries == 0, "a refusal is not retried")
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 4, "the refused request, then three of one choice")
        // Learned for the rest of the run: no second refusal.
        _ = try await model.respond(to: request)
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 7)
    }

    @Test(
        "What counts as a refusal of n",
        arguments: [
            (400, #"{"error":{"code":400,"message":"Field 'n': Value must be between 1 <= value <= 1, but got 2"}}"#, true),
            (400, #"{"error": {"message": "Invalid value", "type": "invalid_request_error", "param": "n"}}"#, true),
            (422, #"{"detail": "\"n\" must be 1 with greedy sampling"}"#, true),
            (500, #"{"error": "Field 'n' failed"}"#, false),
            (400, #"{"error": "context length exceeded"}"#, false),
            (429, #"{"error": "rate limited", "param": "n"}"#, false),
        ])
    func choiceRefusals(status: Int, body: String, refuses: Bool) {
        #expect(OpenAICompatibleModel.refusesChoices(status: status, body: Array(body.utf8)) == refuses)
    }

    @Test("At most maxConcurrentRequests in flight: six 300 ms requests at limit 2 run two at a time")
    func boundedConcurrency() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("slow300", tag: tag, timeout: 5, concurrency: 2)
        let elapsed = try await seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for i in 0..<6 { group.addTask { _ = try await model.respond(to: question("c\(i)")) } }
                try await group.waitForAll()
            }
        }
        #expect(elapsed >= 0.9, "three rounds of 300 ms")
        #expect(try await FaultServer.shared.stats(tag: tag).maxInFlight == 2)
    }

    @Test("A mixed burst: every request ends answered or as a counted, typed failure, within its deadline")
    func mixedBurst() async throws {
        let scenarios = ["ok", "429x1", "500x1", "dropx1", "truncated", "partial", "always500", "slow3000"]
        let (elapsed, lag) = try await timed {
            try await withThrowingTaskGroup(of: (answered: Int, failed: Int).self) { group in
                for scenario in scenarios {
                    group.addTask {
                        let model = try faultModel(scenario, tag: FaultServer.tag(), attempts: 2, timeout: 1)
                        var outcome = (answered: 0, failed: 0)
                        for i in 0..<3 {
                            do {
                                _ = try await model.respond(to: question("\(scenario) \(i)"))
                                outcome.answered += 1
                            } catch let error as LanguageModelError {
                                let typed: [LanguageModelError.Code] = [.retriesExhausted, .timedOut, .connectionDropped]
                                #expect(typed.contains(error.code), "\(error)")
                                outcome.failed += 1
                            }
                        }
                        #expect(model.statistics.failures == outcome.failed)
                        return outcome
                    }
                }
                var total = 0
                for try await outcome in group { total += outcome.answered + outcome.failed }
                #expect(total == scenarios.count * 3)
            }
        }
        // slow3000 with a 1 s timeout and 2 attempts is the longest: 3 × (1 + backoff + 1) s.
        #expect(elapsed < 10 + lag, "lag \(lag) s")
    }
}

@Suite("Structured output on a server without response_format", .tags(.faultServer), .onOwnThreads)
struct StructuredOutputFallbackTests {
    @Test("Detection tries both forms once, then asks in the prompt and counts unconstrained and invalid replies")
    func promptOnlyFallback() async throws {
        let tag = FaultServer.tag()
        let model = try OpenAICompatibleModel(
            configuration: .init(
                baseURL: FaultServer.shared.baseURL(tag: tag, scenario: "noformat"), model: "fault-server-model",
                connectTimeout: 1, requestTimeout: 5, structuredOutput: .detect))
        let schema = JSONValue.object(["type": .string("object")])
        let valid = ChatRequest(messages: [ChatMessage(.user, #"{"score": 3}"#)], schema: schema)
        let invalid = ChatRequest(messages: [ChatMessage(.user, "score: 3")], schema: schema)
        #expect(try await model.respond(to: valid).choices.first?.text == #"{"score": 3}"#)
        #expect(try await model.respond(to: invalid).choices.first?.text == "score: 3")
        let statistics = model.statistics
        #expect(statistics.structuredOutput == .promptOnly)
        #expect(statistics.unconstrainedReplies == 2)
        #expect(statistics.invalidUnconstrainedReplies == 1)
        #expect(statistics.retries == 0, "a refused form is not retried")
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 4, "two refused forms, then one request per call")
    }
}

@Suite("Connect, first-byte and total timeouts", .tags(.faultServer), .onOwnThreads)
struct TimeoutPhaseTests {
    @Test("No first byte in time: a timeout that names firstByteTimeout and --first-byte-timeout")
    func firstByte() async throws {
        let model = try faultModel("slow5000", tag: FaultServer.tag(), attempts: 1, timeout: 30, firstByteTimeout: 1)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("wait")) }
        #expect(error.code == .timedOut)
        #expect(model.statistics.exchangeSeconds < 3.5, "a 1 s first-byte timeout, checked about once a second")
        #expect(error.message.contains("firstByteTimeout in --model-config"))
        #expect(error.message.contains("--first-byte-timeout"))
    }

    @Test("The whole exchange too long: a timeout that names requestTimeout and --request-timeout")
    func total() async throws {
        let model = try faultModel("slow5000", tag: FaultServer.tag(), attempts: 1, timeout: 1, firstByteTimeout: 30)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: question("wait")) }
        #expect(error.code == .timedOut)
        #expect(error.message.contains("requestTimeout in --model-config"))
        #expect(error.message.contains("--request-timeout"))
    }

    @Test("A timeout that is not a positive number of seconds is refused")
    func invalid() throws {
        let error = try #require(throws: LanguageModelError.self) {
            try OpenAICompatibleModel(configuration: .init(firstByteTimeout: 0), environment: [:])
        }
        #expect(error.message.contains("firstByteTimeout"))
    }
}
