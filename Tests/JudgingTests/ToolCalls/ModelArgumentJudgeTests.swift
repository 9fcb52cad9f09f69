import DataFormats
import EvaluationCore
import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import Testing

@Suite("The natural-language argument judge goes through the common judge path")
struct ModelArgumentJudgeTests {
    static let question = ArgumentQuestion(
        toolName: "searchBooks", argumentName: "genre", value: .string("space opera"), criteria: "Should refer to science fiction")
    static let pass = #"{"ArgumentMatch": {"rationale": "Space opera is science fiction.", "score": "pass"}}"#
    static let fail = #"{"ArgumentMatch": {"rationale": "Cooking is not science fiction.", "score": "fail"}}"#

    @Test("The built-in rubric parses and lints clean: one pass/fail dimension")
    func rubric() throws {
        let rubric = try Rubric.toolArgument()
        #expect(rubric.dimensions.map(\.name) == ["ArgumentMatch"])
        #expect(rubric.dimensions[0].scale.summary == "pass/fail")
    }

    @Test("The prompt is the rubric's, rendered by JudgePromptRenderer from the question's row")
    func prompt() async throws {
        let model = ScriptedModel(name: "scripted-judge", replies: [Self.pass])
        let judge = try ModelArgumentJudge(model: model)
        let answer = try await judge.answer(Self.question)
        #expect(answer == ArgumentMatch(passed: true, reason: "Space opera is science fiction."))
        let sent = try #require(model.requests.first)
        #expect(sent.messages == (try JudgePromptRenderer.messages(for: Rubric.toolArgument(), row: Self.question.row)))
        #expect(sent.lastUserText.contains("<target>\nspace opera\n</target>"))
        #expect(sent.lastUserText.contains("Should refer to science fiction"))
        #expect(sent.schema != nil, "the reply schema is sent, as for every judge")
    }

    @Test("The rubric's rationale opening is sent as the rationale's pattern; rubrics without one send the schema as before")
    func rationaleOpening() async throws {
        let rubric = try Rubric.toolArgument()
        #expect(rubric.rationaleOpening == "The value")
        #expect(rubric.instructions.contains("Begin the rationale with \"The value\""), "the instructions say so too")
        let model = ScriptedModel(name: "scripted-judge", replies: [Self.pass])
        _ = try await ModelArgumentJudge(model: model).answer(Self.question)
        let rationale = try #require(model.requests.first?.schema?["properties"]?["ArgumentMatch"]?["properties"]?["rationale"])
        let pattern = try #require(rationale["pattern"]?.string)
        #expect(pattern == #"^The value [^<>"\\]{10,200}$"#)
        let regex = try Regex(pattern)
        #expect((try? regex.wholeMatch(in: "The value space opera is a kind of science fiction.")) != nil)
        #expect((try? regex.wholeMatch(in: "<why, in one or two sentences>")) == nil, "the placeholder cannot be written")
        #expect((try? regex.wholeMatch(in: "The value ok")) == nil, "fewer than 10 characters after the opening")
        #expect(JudgePromptRenderer.rationalePattern(opening: "A.b (c)") == #"^A\.b \(c\) [^<>"\\]{10,200}$"#)
        let plain = JudgePromptRenderer.replySchema(for: rubric.dimensions)
        #expect(plain["properties"]?["ArgumentMatch"]?["properties"]?["rationale"] == .object(["type": .string("string")]))
        // The key in Markdown and JSON rubrics, and the JSON form round trip.
        let decoded = try Rubric.decode(json: try rubric.jsonData(), file: "tool-argument.json")
        #expect(decoded.rationaleOpening == "The value")
        #expect(throws: InputError.self) {
            _ = try Rubric.parse(markdown: "---\nname: x\nrationale-openin: y\n---\n", file: "x.md")
        }
    }

    @Test("An unusable reply is retried; when every attempt fails the judge throws and the tally counts it")
    func retriesAndFailures() async throws {
        let retried = ScriptedModel(name: "scripted-judge", replies: ["score: pass", Self.fail])
        let judge = try ModelArgumentJudge(model: retried)
        #expect(try await judge.answer(Self.question).passed == false)
        #expect(retried.requests.count == 2)
        #expect(judge.tally.counts.retries == 1)

        let hopeless = try ModelArgumentJudge(model: ScriptedModel(name: "scripted-judge", replies: ["I cannot say."]))
        await #expect(throws: JudgeFailure.self) { _ = try await hopeless.answer(Self.question) }
        #expect(hopeless.tally.counts.failures == 1)
        #expect(hopeless.tally.counts.judged == 0)
    }

    @Test("Through CachedModel, a question asked again is answered from the response cache")
    func cached() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("argjudge-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = ScriptedModel(name: "scripted-judge", replies: [Self.pass])
        let cache = try ResponseCache(url: folder.appendingPathComponent("cache.sqlite"))
        let judge = try ModelArgumentJudge(model: CachedModel(server, cache: cache))
        _ = try await judge.answer(Self.question)
        let again = try await judge.answer(Self.question)
        #expect(again.passed)
        #expect(server.requests.count == 1, "the second answer came from the cache")
    }

    @Test("A rubric that is not one pass/fail dimension is refused")
    func wrongRubric() throws {
        let twoLevels = try Rubric.parse(
            markdown: "---\nname: x\n---\n\n# Instructions\nI.\n\n# Target\n{{response}}\n\n# Dimension: Q\nD.\n\n- 1: low\n- 2: high\n",
            file: "x.md")
        #expect(throws: JudgeConfigurationError.self) { _ = try ModelArgumentJudge(model: ScriptedModel(name: "scripted-judge", replies: []), rubric: twoLevels) }
    }
}
