import AgreementStatistics
import Foundation
import Judging
import LanguageModels
import Testing

@Suite("Pairwise judging with the order swapped")
struct PairwiseJudgeTests {
    static let pairs: [(String, String)] = [
        ("fantasy, quest, dragons", "good read, loved it"),
        ("gothic, horror", "scary"),
        ("romance, satire", "romance"),
        ("classic, sea, obsession", "slow, overrated"),
    ]

    func report(_ model: ScriptedJudge) async throws -> PairwiseReport {
        let judge = PairwiseJudge(model: model, rubric: try Fixtures.rubric("book-tags.md"))
        var comparisons: [PairwiseComparison] = []
        for (first, second) in Self.pairs {
            comparisons.append(try await judge.compare(input: "a review", first: first, second: second))
        }
        return PairwiseReport(comparisons)
    }

    @Test("A judge that always prefers the first position has position consistency 0")
    func firstPosition() async throws {
        let model = ScriptedJudge(replies: [try Fixtures.text("replies/pairwise-first-position.txt")])
        let report = try await report(model)
        #expect(report.positionConsistency.value == 0)
        #expect(report.positionConsistency.n == 4)
        #expect(report.inconsistent == 4)
        #expect(report.firstPositionBoth == 4)
        #expect(report.firstWins == 0 && report.secondWins == 0 && report.ties == 0)
        #expect(report.firstWinRate.value == nil)
        // The second call of each pair shows the responses the other way round.
        let swapped = model.requests[1].lastUserText
        let a = try #require(swapped.range(of: "<response-a>\ngood read, loved it\n</response-a>"))
        let b = try #require(swapped.range(of: "<response-b>\nfantasy, quest, dragons\n</response-b>"))
        #expect(a.lowerBound < b.lowerBound)
    }

    @Test("A judge that follows content, not position, is consistent; ties count as ties")
    func contentFollowing() async throws {
        let model = ScriptedJudge { request, _ in
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
            return ScriptedJudge.Reply(text: #"{"rationale": "by content", "winner": "\#(winner)"}"#)
        }
        let report = try await report(model)
        #expect(report.positionConsistency.value == 1)
        #expect(report.firstWins == 3)
        #expect(report.ties == 1)
        #expect(report.firstWinRate.value == 1)
    }

    @Test("A reply naming neither response is retried, then a failure")
    func badWinner() async throws {
        let model = ScriptedJudge(replies: [#"{"rationale": "both", "winner": "C"}"#])
        let judge = PairwiseJudge(model: model, rubric: try Fixtures.rubric("book-tags.md"), options: JudgeOptions(maxAttempts: 2))
        await #expect {
            _ = try await judge.compare(input: nil, first: "x", second: "y")
        } throws: { error in
            (error as? JudgeFailure)?.code == "off-scale"
        }
    }
}
