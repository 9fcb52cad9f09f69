import Calibration
import CalibrationData
import CalibrationWorkflow
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

/// Four judged rows and a response cache holding what was asked for them, with the traps a sum could fall into.
enum TokenFixture {
    static let model = "judge-model"

    static func messages(_ row: String) -> [ChatMessage] {
        [ChatMessage(.system, "Score the row."), ChatMessage(.user, "Row \(row): the text to score.")]
    }

    static func judgment(_ row: String) -> Judgment {
        Judgment(
            id: row, scores: [DimensionJudgment(dimension: "quality", score: 2, label: "2", rationale: "fine")], rawReplies: [],
            retries: 0, model: model, promptHash: Judgment.promptHash(of: messages(row)))
    }

    static func response(_ usage: TokenUsage?, model: String = model) -> ChatResponse {
        ChatResponse(choices: [.init(text: "{}")], model: model, usage: usage, latency: 0.1)
    }

    /// r1: one call (100 + 20) and the same prompt to another model (not counted); r2: a first attempt (100 + 30)
    /// and a retry that continues the conversation (130 + 10); r3: no call in the cache; r4: a call whose
    /// server reported no usage.
    static func cache(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("responses.sqlite")
        let cache = try ResponseCache(url: url)
        try cache.store(
            response(TokenUsage(promptTokens: 100, completionTokens: 20)), for: ChatRequest(messages: messages("r1")), model: model)
        try cache.store(
            response(TokenUsage(promptTokens: 999, completionTokens: 999), model: "other"), for: ChatRequest(messages: messages("r1")),
            model: "other")
        try cache.store(
            response(TokenUsage(promptTokens: 100, completionTokens: 30)), for: ChatRequest(messages: messages("r2")), model: model)
        let retry = messages("r2") + [ChatMessage(.assistant, "not json"), ChatMessage(.user, "That reply could not be used.")]
        try cache.store(response(TokenUsage(promptTokens: 130, completionTokens: 10)), for: ChatRequest(messages: retry), model: model)
        try cache.store(response(nil), for: ChatRequest(messages: messages("r4")), model: model)
        return url
    }
}

@Suite("A judge's tokens per row, from its judgments file and the response cache")
struct JudgeTokensTests {
    @Test("each row's calls summed (a retry's included, another model's not); rows without a call or usage left out and said")
    func counted() throws {
        let folder = try SharedData.temporaryFolder("tokens")
        let exchanges = try ResponseCache(url: try TokenFixture.cache(in: folder)).storedExchanges()
        #expect(exchanges.count == 5)
        let set = JudgmentSet(
            run: "run", rubric: "r", rubricVersion: nil, model: TokenFixture.model,
            judgments: ["r1", "r2", "r3", "r4"].map(TokenFixture.judgment))
        let tokens = JudgeTokens(judgments: set, exchanges: exchanges)
        #expect(tokens.rows == 4 && tokens.rowsCounted == 2)
        #expect(tokens.promptTokensPerRow == 165, "(100 + 100 + 130) / 2")
        #expect(tokens.completionTokensPerRow == 30, "(20 + 30 + 10) / 2")
        #expect(tokens.tokensPerRow == 195)
        #expect(
            tokens.unknownReason == "1 row(s) have no reply in the response cache; the server reported no token usage for 1 row(s) (of 4)")
    }

    @Test("no row found: the figures are unknown, never 0")
    func unknown() throws {
        let set = JudgmentSet(
            run: "run", rubric: "r", rubricVersion: nil, model: TokenFixture.model, judgments: [TokenFixture.judgment("r3")])
        let tokens = JudgeTokens(judgments: set, exchanges: [])
        #expect(tokens.rowsCounted == 0 && tokens.tokensPerRow == nil && tokens.promptTokensPerRow == nil)
        #expect(tokens.unknownReason == "1 row(s) have no reply in the response cache (of 1)")
    }
}
