import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import Testing

@Suite("The judge: retries and scoring modes")
struct ModelJudgeTests {
    let dimensions: [ScoreDimension]
    let messages: [ChatMessage]

    init() throws {
        let rubric = try Fixtures.rubric("book-tags.md")
        dimensions = rubric.dimensions
        messages = try JudgePromptRenderer.messages(for: rubric, row: Fixtures.bookRows()[0])
    }

    static func reply(_ relevance: Int, _ usefulness: Int) -> String {
        #"{"Relevance": {"rationale": "relevance reason", "score": \#(relevance)}, "Usefulness": {"rationale": "usefulness reason", "score": \#(usefulness)}}"#
    }

    @Test("A bad reply is retried with what was wrong, and the retry's scores are used")
    func retry() async throws {
        let model = ScriptedModel(name: "scripted-judge", replies: [Self.reply(5, 3), Self.reply(4, 3)])
        let judge = try ModelJudge(model: model, dimensions: dimensions)
        let judgment = try await judge.judgment(of: messages)
        #expect(judgment.scores.map(\.score) == [4, 3])
        #expect(judgment.retries == 1)
        #expect(judgment.rawReplies == [Self.reply(5, 3), Self.reply(4, 3)])
        let second = try #require(model.requests.last)
        #expect(second.messages.count == 4)
        #expect(second.messages[2] == ChatMessage(.assistant, Self.reply(5, 3)))
        #expect(second.lastUserText.contains("Relevance: 5 is not on the scale 1–4"))
        #expect(model.requests[0].schema == JudgePromptRenderer.replySchema(for: dimensions))
    }

    @Test("After the last attempt the row is a judge failure with every raw reply, not a score")
    func exhausted() async throws {
        let refusal = try Fixtures.text("replies/refusal.txt")
        let model = ScriptedModel(name: "scripted-judge", replies: [refusal])
        let judge = try ModelJudge(model: model, dimensions: dimensions, options: JudgeSettings(maxAttempts: 2))
        let judgment = try await judge.judgment(of: messages, id: "book-001")
        let failure = try #require(judgment.failure)
        #expect(failure.attempts.count == 2 && failure.attempts.allSatisfy { $0.reply == refusal })
        #expect(failure.code == "no-json" && failure.description.contains("I'm sorry"))
        #expect(judgment.scores.isEmpty)
        #expect(judgment.id == "book-001")
        #expect(judgment.rawReplies == [refusal, refusal])
        #expect(judgment.retries == 1)
        #expect(judgment.promptHash == Judgment.promptHash(of: messages))
        #expect(model.requests.count == 2)
    }

    /// SmolLM2-135M's reply with the prompt's placeholder as its Relevance
    /// rationale (captured, see the replies folder's README): repaired when
    /// the judge then gives a reason, a counted failure with every raw reply
    /// when it never does.
    @Test("A rationale copied from the prompt's placeholder is repaired like any bad reply, else a counted failure")
    func placeholderRationale() async throws {
        let placeholder = try Fixtures.text("replies/placeholder-rationale.txt")
        let repaired = ScriptedModel(name: "scripted-judge", replies: [placeholder, Self.reply(1, 2)])
        let judgment = try await ModelJudge(model: repaired, dimensions: dimensions).judgment(of: messages)
        #expect(judgment.failure == nil && judgment.retries == 1)
        #expect(judgment.scores.map(\.rationale) == ["relevance reason", "usefulness reason"])
        #expect(repaired.requests.last?.lastUserText.contains("the rationale is the prompt's placeholder") == true)

        let stubborn = ScriptedModel(name: "scripted-judge", replies: [placeholder])
        let failed = try await ModelJudge(model: stubborn, dimensions: dimensions, options: JudgeSettings(maxAttempts: 2))
            .judgment(of: messages, id: "book-001")
        #expect(failed.failure?.code == "placeholder-rationale")
        #expect(failed.rawReplies == [placeholder, placeholder])
        #expect(failed.scores.isEmpty)
    }


    @Test("Probability-weighted: the expected score over the levels among the score token's alternatives")
    func probabilityWeighted() async throws {
        let text = Self.reply(3, 2)
        // 0.5 on "3", 0.3 on " 4" and 0.1 on "4" (the same level), 0.1 on a token that is no level.
        let alternatives = [
            TokenLogprob.Alternative(token: "3", logprob: log(0.5)),
            TokenLogprob.Alternative(token: " 4", logprob: log(0.3)),
            TokenLogprob.Alternative(token: "4", logprob: log(0.1)),
            TokenLogprob.Alternative(token: "three", logprob: log(0.1)),
        ]
        let usefulness = [TokenLogprob.Alternative(token: "2", logprob: log(0.9)), TokenLogprob.Alternative(token: "}", logprob: log(0.1))]
        let model = ScriptedModel(name: "scripted-judge") { _, _ in
            ScriptedModel.Reply(scored: text, alternatives: [alternatives, usefulness])
        }
        let judge = try ModelJudge(model: model, dimensions: dimensions, options: JudgeSettings(mode: .probabilityWeighted(topLogprobs: 5)))
        let judgment = try await judge.judgment(of: messages)
        let relevance = try #require(judgment.score("Relevance"))
        // (0.5·3 + 0.4·4) / 0.9 = 3.4444…
        #expect(abs(relevance.score - 31.0 / 9.0) < 1e-12)
        #expect(abs((relevance.probabilities?["4"] ?? 0) - 4.0 / 9.0) < 1e-12)
        #expect(relevance.probabilities?["1"] == 0)
        #expect(model.requests[0].logprobs && model.requests[0].topLogprobs == 5)
        // Usefulness: the only level among the alternatives is 2, so all the renormalised mass is on it.
        #expect(judgment.score("Usefulness")?.score == 2)
        #expect(judgment.score("Usefulness")?.fellBack == false)
        // The confidence is the most probable level's probability: 5/9 on 3, and all of it on Usefulness's 2.
        #expect(relevance.confidence?.method == .levelProbability && relevance.confidence?.level == 3)
        #expect(abs((relevance.confidence?.value ?? 0) - 5.0 / 9.0) < 1e-12)
        #expect(judgment.score("Usefulness")?.confidence == JudgeConfidence(method: .levelProbability, level: 2, value: 1))
    }

    @Test("Without log-probabilities, probability-weighted scoring fails the row unless a counted fallback is asked for")
    func noLogprobs() async throws {
        let model = ScriptedModel(name: "scripted-judge", replies: [Self.reply(3, 2)])
        let strict = try ModelJudge(model: model, dimensions: dimensions, options: JudgeSettings(mode: .probabilityWeighted()))
        #expect(try await strict.judgment(of: messages).failure?.code == "no-logprobs")
        let lenient = try ModelJudge(
            model: model, dimensions: dimensions,
            options: JudgeSettings(mode: .probabilityWeighted(whenUnavailable: .discrete)))
        let judgment = try await lenient.judgment(of: messages)
        #expect(judgment.scores.map(\.score) == [3, 2])
        #expect(judgment.scores.map(\.fellBack) == [true, true])
        #expect(judgment.scores.allSatisfy { $0.confidence == nil })
    }

    @Test("Sampled: n replies, their mean, sample standard deviation and pairwise self-agreement")
    func sampled() async throws {
        let model = ScriptedModel(name: "scripted-judge") { request, _ in
            ScriptedModel.Reply(text: [Self.reply(3, 2), Self.reply(3, 2), Self.reply(4, 2)][request.sampleIndex])
        }
        let judge = try ModelJudge(model: model, dimensions: dimensions, options: JudgeSettings(mode: .sampled(count: 3), seed: 7))
        let judgment = try await judge.judgment(of: messages)
        let relevance = try #require(judgment.score("Relevance")?.sampling)
        #expect(relevance.values == [3, 3, 4])
        #expect(abs(relevance.mean - 10.0 / 3.0) < 1e-12)
        #expect(abs((relevance.standardDeviation ?? 0) - (1.0 / 3.0).squareRoot()) < 1e-12)
        // One agreeing pair out of three.
        #expect(relevance.selfAgreement == 1.0 / 3.0)
        #expect(judgment.score("Usefulness")?.sampling?.selfAgreement == 1)
        // Two of three replies chose 3: the confidence is 2/3 on 3; all three chose 2 on Usefulness.
        #expect(judgment.score("Relevance")?.confidence == JudgeConfidence(method: .sampleAgreement, level: 3, value: 2.0 / 3.0))
        #expect(judgment.score("Usefulness")?.confidence == JudgeConfidence(method: .sampleAgreement, level: 2, value: 1))
        #expect(model.requests.map(\.sampleIndex) == [0, 1, 2])
        #expect(model.requests.map(\.seed) == [7, 8, 9])
        #expect(model.requests.allSatisfy { $0.temperature == 0.7 })
    }

    @Test("A judge with duplicate dimension names or a one-level scale is refused")
    func configuration() {
        let one = ScoreDimension("Q", description: "", scale: .numeric([1: "only"]))
        #expect(throws: JudgeConfigurationError.self) {
            try ModelJudge(model: ScriptedModel(name: "scripted-judge", replies: ["{}"]), dimensions: [one])
        }
        #expect(throws: JudgeConfigurationError.self) {
            try ModelJudge(model: ScriptedModel(name: "scripted-judge", replies: ["{}"]), dimensions: dimensions + [dimensions[0]])
        }
    }
}
