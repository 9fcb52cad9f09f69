import DataFormats
import Foundation
import Judging
import LanguageModelTesting
import LanguageModels
import StatisticsCore
import Testing
import _TestSupport

@Suite("Pairwise judging with the order swapped")
struct PairwiseJudgeTests {
    static let pairs: [(String, String)] = [
        ("fantasy, quest, dragons", "good read, loved it"),
        ("gothic, horror", "scary"),
        ("romance, satire", "romance"),
        ("classic, sea, obsession", "slow, overrated"),
    ]

    static func reply(_ winner: String, _ why: String = "by content") -> String {
        #"{"winner": {"rationale": "\#(why)", "score": "\#(winner)"}}"#
    }

    func report(_ model: ScriptedModel) async throws -> PairwiseReport {
        let judge = PairwiseJudge(model: model, rubric: try Fixtures.rubric("book-tags.md"))
        var comparisons: [PairwiseComparison] = []
        for (first, second) in Self.pairs {
            comparisons.append(try await judge.compare(input: "a review", first: first, second: second))
        }
        return PairwiseReport(comparisons)
    }

    @Test("A judge that always prefers the first position has position consistency 0")
    func firstPosition() async throws {
        let model = ScriptedModel(name: "scripted-judge", replies: [try Fixtures.text("replies/pairwise-first-position.txt")])
        let report = try await report(model)
        #expect(report.positionConsistency.value == 0)
        #expect(report.positionConsistency.n == 4)
        #expect(report.positionConsistency.interval?.method == .wilson)
        #expect(report.inconsistent == 4)
        #expect(report.firstPositionBoth == 4)
        #expect(report.firstWins == 0 && report.secondWins == 0 && report.ties == 0)
        #expect(report.firstWinRate.value == nil)
        // The second call of each pair shows the responses the other way round.
        let swapped = model.requests[1].lastUserText
        let a = try #require(swapped.range(of: "<response-a>\ngood read, loved it\n</response-a>"))
        let b = try #require(swapped.range(of: "<response-b>\nfantasy, quest, dragons\n</response-b>"))
        #expect(a.lowerBound < b.lowerBound)
        // The reply shape is every score prompt's, on the one dimension winner.
        #expect(swapped.contains(#""winner": {"rationale": "<why, in one or two sentences>", "score": "<A, tie or B>"}"#))
    }

    @Test("A judge that follows content, not position, is consistent; ties count as ties")
    func contentFollowing() async throws {
        let model = ScriptedModel(name: "scripted-judge") { request, _ in
            let user = request.lastUserText
            let winner: String
            if user.contains("<response-a>\nromance") {
                winner = "tie"
            } else if let a = user.range(of: "<response-a>\n"),
                user[a.upperBound...].hasPrefix("fantasy") || user[a.upperBound...].hasPrefix("gothic")
                    || user[a.upperBound...].hasPrefix("classic")
            {
                winner = "A"
            } else {
                winner = "B"
            }
            return ScriptedModel.Reply(text: Self.reply(winner))
        }
        let report = try await report(model)
        #expect(report.positionConsistency.value == 1)
        #expect(report.firstWins == 3)
        #expect(report.ties == 1)
        #expect(report.firstWinRate.value == 1)
    }

    @Test("A row's judgment records both orders and the combined outcome; orders that disagree are a tie, said so")
    func combinedOutcome() async throws {
        let judge = PairwiseJudge(
            model: ScriptedModel(name: "scripted-judge", replies: [try Fixtures.text("replies/pairwise-first-position.txt")]),
            rubric: try Fixtures.rubric("book-tags.md"))
        let judgment = try await judge.judgment(of: PairwiseContent(input: "q", a: "x", b: "y"), id: "p1")
        #expect(judgment.scores.map(\.dimension) == ["preference", "a-first", "b-first"])
        #expect(judgment.scores.map(\.label) == ["tie", "a", "b"])
        #expect(judgment.scores.map(\.score) == [1, 0, 2])
        #expect(judgment.score("preference")?.rationale.contains("the orders disagree") == true)
        #expect(judgment.rawReplies.count == 2)
        let given = judge.messages(PairwiseContent(input: "q", a: "x", b: "y"))
        let swapped = judge.messages(PairwiseContent(input: "q", a: "x", b: "y"), swapped: true)
        #expect(judgment.promptHash == Judgment.promptHash(of: given + swapped))
        let rubric = try Fixtures.rubric("book-tags.md")
        #expect(rubric.recordedDimensions(pairwise: true) == ["preference", "a-first", "b-first"])
        #expect(rubric.recordedDimensions(pairwise: false) == ["Relevance", "Usefulness"])
    }

    @Test("A reply naming neither response is retried, then the row's failure with every reply kept")
    func badWinner() async throws {
        let model = ScriptedModel(name: "scripted-judge", replies: [Self.reply("C", "both")])
        let judge = PairwiseJudge(model: model, rubric: try Fixtures.rubric("book-tags.md"), options: JudgeSettings(maxAttempts: 2))
        let judgment = try await judge.judgment(of: PairwiseContent(input: nil, a: "x", b: "y"))
        #expect(judgment.failure?.code == "off-scale")
        #expect(judgment.scores.isEmpty)
        await #expect {
            _ = try await judge.compare(input: nil, first: "x", second: "y")
        } throws: { error in
            (error as? JudgeFailure)?.code == "off-scale"
        }
    }

    @Test("A pairwise row needs response.a and response.b; a missing one is named")
    func missingResponse() throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/llmbar-pairwise.md"))
        let row: JSONValue = .object(["id": .string("p9"), "input": .string("q"), "response": .object(["a": .string("x")])])
        let error = try #require(throws: InputError.self) { try PairwiseContent(row: row, rubric: rubric, file: "run pairs") }
        #expect(error.column == "response.b" && error.message.contains("row p9 has no response.b"), "\(error)")
        let object: JSONValue = .object([
            "id": .string("p1"), "input": .object([:]), "response": .object(["a": .string("x"), "b": .array([.string("y")])]),
        ])
        let content = try PairwiseContent(row: object, rubric: rubric, file: "run pairs")
        #expect(content.input == nil && content.b == #"["y"]"#)
    }
}
