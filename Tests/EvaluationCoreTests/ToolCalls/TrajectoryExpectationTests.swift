import DataFormats
import EvaluationCore
import Testing

@Suite("Trajectory expectations: order, claims, forbidden tools and additional calls")
struct TrajectoryExpectationTests {
    static func call(_ name: String, _ arguments: [String: JSONValue] = [:]) -> ToolCall {
        ToolCall(name: name, arguments: .object(arguments))
    }
    static let search = call("searchBooks", ["tag": .string("gothic")])
    static let details = call("getBookDetails", ["bookId": .string("b2")])
    static let similar = call("findSimilarBooks", ["bookId": .string("b2")])
    static let searchGothic = ToolExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("gothic"))])
    static let getDetails = ToolExpectation("getBookDetails", arguments: [.keyOnly(argumentName: "bookId")])

    @Test("Ordered: search then details passes; the other order fails the second step only")
    func ordered() async throws {
        let e = TrajectoryExpectation(ordered: [Self.searchGothic, Self.getDetails])
        let right = try await e.check([Self.search, Self.details], judge: nil)
        #expect(right.allPassed)
        #expect(right.fractionPassed == 1)
        let wrong = try await e.check([Self.details, Self.search], judge: nil)
        #expect(!wrong.allPassed)
        #expect(wrong.checks.map(\.passed) == [true, false, false], "\(wrong.summary)")
        #expect(wrong.checks.last?.detail == "call 1 to getBookDetails", "the unclaimed call is an additional one")
    }

    @Test("Unordered: either order passes, and overlapping expectations each claim their own call")
    func unordered() async throws {
        let anySearch = ToolExpectation("searchBooks")
        let e = TrajectoryExpectation(unordered: [anySearch, Self.searchGothic])
        let other = Self.call("searchBooks", ["tag": .string("cozy")])
        // A greedy claim would give the gothic search to anySearch and leave searchGothic nothing.
        #expect(try await e.check([Self.search, other], judge: nil).allPassed)
        #expect(try await e.check([other, Self.search], judge: nil).allPassed)
        let one = try await e.check([Self.search], judge: nil)
        #expect(one.checks.filter(\.passed).count == 2, "one search satisfies one expectation only: \(one.summary)")
        #expect(!one.allPassed)
    }

    @Test("Additional calls fail unless allowed, and a disallowed tool fails whenever it is called")
    func extraAndDisallowed() async throws {
        let calls = [Self.search, Self.similar]
        let strict = try await TrajectoryExpectation("searchBooks").check(calls, judge: nil)
        #expect(!strict.allPassed)
        #expect(strict.fractionPassed == 1, "the share counts required calls only")
        let allowing = TrajectoryExpectation(unordered: [ToolExpectation("searchBooks")], allowsAdditionalToolCalls: true)
        #expect(try await allowing.check(calls, judge: nil).allPassed)
        let forbidding = TrajectoryExpectation(
            unordered: [ToolExpectation("searchBooks")], allowsAdditionalToolCalls: false, disallowed: [ToolExpectation("findSimilarBooks")]
        )
        let report = try await forbidding.check(calls, judge: nil)
        #expect(report.checks.map(\.name) == ["unordered 1: searchBooks", "disallowed 1: findSimilarBooks", "no additional calls"])
        #expect(report.checks.map(\.passed) == [true, false, true], "a forbidden call is not counted again as additional")
    }

    @Test("A disallowed expectation with matchers forbids only the calls it matches")
    func disallowedWithArguments() async throws {
        let e = TrajectoryExpectation(
            unordered: [], allowsAdditionalToolCalls: true,
            disallowed: [ToolExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("horror"))])])
        #expect(try await e.check([Self.search], judge: nil).allPassed)
        #expect(!(try await e.check([Self.call("searchBooks", ["tag": .string("horror")])], judge: nil).allPassed))
    }

    @Test("The four initialisers: additional calls are not allowed unless said")
    func initialisers() {
        #expect(!TrajectoryExpectation(ordered: [Self.searchGothic]).allowsAdditionalToolCalls)
        #expect(!TrajectoryExpectation(unordered: [Self.searchGothic]).allowsAdditionalToolCalls)
        let one = TrajectoryExpectation("searchBooks", arguments: [.keyOnly(argumentName: "tag")])
        #expect(one.unordered == [ToolExpectation("searchBooks", arguments: [.keyOnly(argumentName: "tag")])] && one.ordered.isEmpty)
        let full = TrajectoryExpectation(ordered: [Self.searchGothic], unordered: [Self.getDetails], allowsAdditionalToolCalls: true)
        #expect(full.all == [Self.searchGothic, Self.getDetails])
    }

    @Test("A natural-language matcher asks the judge only after the call's other matchers pass, once per call")
    func judgeAskedLast() async throws {
        let judge = TableArgumentJudge(passing: ["gothic"])
        let e = TrajectoryExpectation(unordered: [
            ToolExpectation(
                "searchBooks",
                arguments: [
                    .naturalLanguage(argumentName: "tag", criteria: "Should refer to gothic fiction"),
                    .exact(argumentName: "limit", value: .number(3)),
                ])
        ])
        let noLimit = try await e.check([Self.search, Self.details], judge: judge)
        #expect(!noLimit.allPassed)
        #expect(judge.asked.isEmpty, "the exact matcher failed first")
        let withLimit = Self.call("searchBooks", ["tag": .string("gothic"), "limit": .number(3)])
        #expect(try await e.check([withLimit], judge: judge).allPassed)
        #expect(judge.asked.count == 1)
    }

    @Test("Expectations read back from their JSON, and a misspelt key is an error with its path")
    func json() throws {
        let e = TrajectoryExpectation(
            ordered: [Self.searchGothic], unordered: [Self.getDetails], allowsAdditionalToolCalls: true,
            disallowed: [ToolExpectation("findSimilarBooks")])
        #expect(try TrajectoryExpectation(json: e.json) == e)
        let misspelt = #expect(throws: ToolCallFormatError.self) {
            _ = try TrajectoryExpectation(json: .object(["disalowed": .array([])]))
        }
        #expect(misspelt?.path == "disalowed")
    }
}
