import DataFormats
import Foundation
import Testing
import _TestSupport

@testable import LanguageModels

/// Calls to the real local judge (SmolLM2-135M-Instruct under llama.cpp's `llama-server`, one slot);
/// each costs about a second, so there are few and their replies are short.
@Suite("OpenAICompatibleModel against the local judge", .tags(.liveJudge), .needs(.localJudge), .serialized)
struct OpenAICompatibleModelLiveTests {
    @Test("A plain completion: text, finish reason, usage, model name and latency")
    func plainCompletion() async throws {
        let model = try LiveJudge.model()
        let request = ChatRequest(
            messages: [ChatMessage(.user, "Name a colour.")], temperature: 0, maxTokens: 12, seed: 1)
        var answer: ChatResponse?
        let elapsed = try await seconds { answer = try await model.respond(to: request) }
        let response = try #require(answer)
        let choice = try #require(response.choices.first)
        #expect(response.choices.count == 1)
        #expect(!choice.text.isEmpty)
        #expect(["stop", "length"].contains(choice.finishReason))
        #expect((response.usage?.promptTokens ?? 0) > 5)
        #expect((1...12).contains(response.usage?.completionTokens ?? 0))
        #expect(response.model == model.modelName)
        #expect(response.latency > 0 && response.latency <= elapsed)
        #expect(choice.tokens == nil, "no log-probabilities unless asked")
    }

    @Test("A schema-constrained reply decodes into a typed value; OpenAI's form is detected")
    func structuredReply() async throws {
        struct Verdict: Decodable {
            var score: Int
        }
        let model = try LiveJudge.model()
        let schema: JSONValue = .object([
            "type": .string("object"),
            "properties": .object(["score": .object(["type": .string("integer"), "enum": .array((1...5).map { .number(Double($0)) })])]),
            "required": .array([.string("score")]),
        ])
        let request = ChatRequest(
            messages: [ChatMessage(.user, "Rate from 1 to 5 how clear this sentence is: The cat sat on the mat.")],
            temperature: 0, maxTokens: 20, seed: 1, schema: schema)
        let response = try await model.respond(to: request)
        let text = try #require(response.choices.first?.text)
        let verdict = try JSONDecoder().decode(Verdict.self, from: Data(text.utf8))
        #expect((1...5).contains(verdict.score))
        #expect(model.statistics.structuredOutput == .openAI, "llama-server takes OpenAI's json_schema form")
        #expect(model.statistics.unconstrainedReplies == 0)
    }

    @Test("logprobs: one record per generated token, log-probabilities ≤ 0, the asked number of alternatives")
    func logprobs() async throws {
        let model = try LiveJudge.model()
        let request = ChatRequest(
            messages: [ChatMessage(.user, "Say yes or no.")], temperature: 0, maxTokens: 4, seed: 1, logprobs: true,
            topLogprobs: 3)
        let response = try await model.respond(to: request)
        let choice = try #require(response.choices.first)
        let tokens = try #require(choice.tokens)
        #expect(tokens.count == response.usage?.completionTokens)
        #expect(tokens.allSatisfy { $0.logprob <= 0 })
        #expect(tokens.allSatisfy { $0.top.count == 3 })
        #expect(tokens.allSatisfy { token in token.top.allSatisfy { $0.logprob <= 0 } })
        let joined = tokens.map(\.token).joined()
        #expect(joined == choice.text)
    }

    @Test("n = 2: two choices, asked one at a time because the server (one slot) refuses n > 1")
    func twoChoices() async throws {
        let model = try LiveJudge.model()
        let request = ChatRequest(
            messages: [ChatMessage(.user, "Write one random word.")], temperature: 1.0, maxTokens: 4, seed: 11,
            choices: 2)
        let response = try await model.respond(to: request)
        #expect(response.choices.count == 2)
        #expect(response.choices.allSatisfy { !$0.text.isEmpty })
        #expect(model.statistics.oneChoicePerRequest)
        #expect(model.statistics.httpRequests == 3, "the refused request, then one for each choice")
    }

    @Test("Through the cache: a miss, then a hit with the same response and no second request")
    func cacheMissThenHit() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let live = try LiveJudge.model()
        let model = CachedModel(live, cache: try ResponseCache(url: url))
        let request = ChatRequest(messages: [ChatMessage(.user, "Count to three.")], temperature: 0, maxTokens: 8, seed: 1)
        let first = try await model.respond(to: request)
        let second = try await model.respond(to: request)
        #expect(first == second)
        #expect(live.statistics.httpRequests == 1)
        #expect(model.cache.statistics == .init(hits: 1, misses: 1, stores: 1, transactions: 1))
    }
}
