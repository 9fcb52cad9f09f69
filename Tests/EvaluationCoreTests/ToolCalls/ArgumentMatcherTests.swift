import DataFormats
import EvaluationCore
import Synchronization
import Testing

/// A judge that answers from a table, keeping its questions: the natural-language matcher's
/// stand-in where no model is the point of the test (the model judge's own tests are in Judging).
final class TableArgumentJudge: ArgumentJudge {
    let passing: Set<String>
    private let questions = Mutex<[ArgumentQuestion]>([])
    var asked: [ArgumentQuestion] { questions.withLock { $0 } }
    init(passing: Set<String>) { self.passing = passing }
    func answer(_ question: ArgumentQuestion) async throws -> ArgumentMatch {
        questions.withLock { $0.append(question) }
        let value = question.value.string ?? question.value.compactJSON
        return ArgumentMatch(passed: passing.contains(value), reason: "table says \(passing.contains(value))")
    }
}

@Suite("Argument matchers: each of the nine with a value that matches and one that does not")
struct ArgumentMatcherTests {
    static func call(_ arguments: [String: JSONValue]) -> ToolCall {
        ToolCall(id: "c1", name: "searchBooks", arguments: .object(arguments))
    }

    /// (matcher, a matching value, a non-matching value)
    static let cases: [(ArgumentMatcher, JSONValue, JSONValue)] = [
        (.exact(argumentName: "a", value: .string("gothic")), .string("gothic"), .string("Gothic")),
        (.exact(argumentName: "a", value: .number(5)), .number(5.0), .string("5")),
        (.contains(argumentName: "a", value: .string("sci")), .string("science fiction"), .string("fantasy")),
        (.contains(argumentName: "a", value: .string("x")), .array([.string("x"), .string("y")]), .array([.string("xy")])),
        (
            .contains(argumentName: "a", value: .object(["filter": .object(["genre": .string("horror")])])),
            .object(["filter": .object(["genre": .string("horror"), "mood": .string("dark")]), "limit": .number(3)]),
            .object(["filter": .object(["mood": .string("dark")])])
        ),
        (.range(argumentName: "a", 1...10), .number(10), .number(10.5)),
        (.range(argumentName: "a", 4.5...5.5), .number(5.2), .string("5")),
        (.naturalLanguage(argumentName: "a", criteria: "Should refer to science fiction"), .string("sci-fi"), .string("cooking")),
        (.keyOnly(argumentName: "a"), .string(""), .null),
        (.hasPrefix(argumentName: "a", "b-"), .string("b-17"), .string("book-17")),
        (.hasSuffix(argumentName: "a", ".epub"), .string("dracula.epub"), .string("dracula.pdf")),
        (.regex(argumentName: "a", pattern: "b[0-9]+"), .string("b17"), .string("b17x")),
        (.oneOf(argumentName: "a", values: [.string("horror"), .string("mystery")]), .string("mystery"), .string("romance")),
    ]

    @Test("Every kind has a case, and each matches its matching value and not the other", arguments: cases.indices)
    func matchAndMismatch(index: Int) async throws {
        let (matcher, good, bad) = Self.cases[index]
        let judge = TableArgumentJudge(passing: ["sci-fi"])
        let yes = try await matcher.match(Self.call(["a": good]), judge: judge)
        let no = try await matcher.match(Self.call(["a": bad]), judge: judge)
        #expect(yes.passed, "\(matcher) on \(good.compactJSON): \(yes.reason)")
        #expect(!no.passed, "\(matcher) on \(bad.compactJSON): \(no.reason)")
        #expect(no.reason.contains("a"))
    }

    @Test("The cases cover all nine kinds")
    func nineKinds() {
        #expect(Set(Self.cases.map(\.0.kind)) == Set(ArgumentMatcher.kinds))
        #expect(ArgumentMatcher.kinds.count == 9)
    }

    @Test("An absent argument fails every matcher, keyOnly included, and the judge is not asked")
    func absent() async throws {
        let judge = TableArgumentJudge(passing: [])
        for (matcher, _, _) in Self.cases {
            let outcome = try await matcher.match(Self.call(["other": .string("x")]), judge: judge)
            #expect(!outcome.passed)
            #expect(outcome.reason == "searchBooks has no argument a")
        }
        #expect(judge.asked.isEmpty)
    }

    @Test("Arguments that are not a JSON object fail with the text the model wrote")
    func notAnObject() async throws {
        let call = ToolCall(name: "searchBooks", arguments: .string("{tag: gothic"))
        let outcome = try await ArgumentMatcher.keyOnly(argumentName: "tag").match(call, judge: nil)
        #expect(!outcome.passed)
        #expect(outcome.reason.contains("not a JSON object"))
    }

    @Test("A regular expression that does not compile, and a natural-language matcher without a judge, throw")
    func unusable() async throws {
        let call = Self.call(["a": .string("x")])
        await #expect(throws: ArgumentMatcherError.self) {
            _ = try await ArgumentMatcher.regex(argumentName: "a", pattern: "(").match(call, judge: nil)
        }
        await #expect(throws: ArgumentMatcherError.self) {
            _ = try await ArgumentMatcher.naturalLanguage(argumentName: "a", criteria: "c").match(call, judge: nil)
        }
    }

    @Test("Every matcher reads back from its JSON", arguments: cases.indices)
    func jsonRoundTrip(index: Int) throws {
        let matcher = Self.cases[index].0
        #expect(try ArgumentMatcher(json: matcher.json, path: "m") == matcher)
    }

    @Test("A matcher written wrongly names its path and what was expected")
    func badJSON() {
        let unknown = #expect(throws: ToolCallFormatError.self) {
            _ = try ArgumentMatcher(json: .object(["kind": .string("fuzzy"), "argument": .string("a")]), path: "unordered[0].arguments[1]")
        }
        #expect(unknown?.path == "unordered[0].arguments[1].kind")
        #expect(unknown?.message.contains("naturalLanguage") == true)
        let range = #expect(throws: ToolCallFormatError.self) {
            _ = try ArgumentMatcher(
                json: .object(["kind": .string("range"), "argument": .string("a"), "min": .number(3), "max": .number(1)]), path: "m")
        }
        #expect(range?.path == "m.min")
        let extra = #expect(throws: ToolCallFormatError.self) {
            _ = try ArgumentMatcher(json: .object(["kind": .string("keyOnly"), "argument": .string("a"), "value": .number(1)]), path: "m")
        }
        #expect(extra?.path == "m.value")
    }
}
