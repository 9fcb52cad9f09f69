import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import Testing

@Suite("Simulated annotators: one prompt per annotator, each leaving out a different worked example")
struct SimulatedAnnotatorsTests {
    static let examples = (1...4).map { JudgeExample("Example \($0)", target: "target-\($0)", scores: ["Relevance": 3], reason: "r") }

    @Test("Annotator k leaves out example k and starts after it")
    func arrangement() {
        #expect(SimulatedAnnotators.examples(Self.examples, annotator: 0).compactMap(\.title) == ["Example 2", "Example 3", "Example 4"])
        #expect(SimulatedAnnotators.examples(Self.examples, annotator: 2).compactMap(\.title) == ["Example 4", "Example 1", "Example 2"])
    }

    @Test("Fewer than two annotators, fewer than two examples, or more annotators than examples are refused")
    func refused() {
        #expect(throws: JudgeConfigurationError.self) { try SimulatedAnnotators.check(count: 1, examples: 4) }
        #expect(throws: JudgeConfigurationError.self) { try SimulatedAnnotators.check(count: 2, examples: 1) }
        #expect(throws: JudgeConfigurationError.self) { try SimulatedAnnotators.check(count: 5, examples: 4) }
        #expect(throws: Never.self) { try SimulatedAnnotators.check(count: 4, examples: 4) }
    }

    @Test("Each annotator is asked its own prompt at temperature 0; the confidence is the share on the most chosen level")
    func judged() async throws {
        let rubric = try Fixtures.rubric("book-tags.md")
        var content = try rubric.content(for: Fixtures.bookRows()[0])
        content.examples = Self.examples
        // An annotator not shown the first example (only annotator 0) says 2; the others say 3.
        let model = ScriptedModel(name: "annotators") { request, _ in
            let shown = request.messages.map(\.content).joined()
            let relevance = shown.contains("target-1") ? 3 : 2
            return ScriptedModel.Reply(text: ModelJudgeTests.reply(relevance, 4))
        }
        let judge = try ModelJudge(model: model, dimensions: rubric.dimensions, options: JudgeSettings(mode: .simulatedAnnotators(count: 4)))
        #expect(judge.prompts(for: content).count == 4)
        let judgment = try await judge.judgment(ofContent: content, id: "row")
        let relevance = try #require(judgment.score("Relevance"))
        #expect(relevance.sampling?.values == [2, 3, 3, 3])
        #expect(relevance.confidence == JudgeConfidence(method: .annotatorAgreement, level: 3, value: 0.75))
        #expect(model.requests.count == 4 && model.requests.allSatisfy { $0.temperature == 0 })
        #expect(Set(model.requests.map { $0.messages[1].content }).count == 4, "four distinct prompts")
        // Rendered messages cannot be varied: refused.
        await #expect(throws: JudgeConfigurationError.self) { try await judge.judgment(of: judge.prompts(for: content)[0]) }
        // More annotators than examples: refused before any request.
        let many = try ModelJudge(model: model, dimensions: rubric.dimensions, options: JudgeSettings(mode: .simulatedAnnotators(count: 5)))
        await #expect(throws: JudgeConfigurationError.self) { try await many.judgment(ofContent: content) }
    }
}
