import DataFormats
import EvaluationCore
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

/// Tool-call evaluation on a real agent loop: ``JSONToolAgent`` and the natural-language argument
/// judge asked the local judge once (`Tests/Recordings/tool-agent-loop`, README there), and every
/// test here replays those exchanges through `OpenAICompatibleModel` against the loopback server,
/// which answers only requests identical byte for byte to the recorded ones.
@Suite("Tool calls on a recorded agent loop")
struct ToolCallAgentLoopTests {
    static let recordings = SharedData.projectURL("Tests/Recordings/tool-agent-loop")

    /// The conversations, each with the criterion its first call's arguments should meet.
    static let conversations: [(prompt: String, fitting: String)] = [
        ("Find the books tagged gothic in my library.", "Should refer to gothic fiction"),
        ("I want something uplifting to read, maybe science fiction.", "Should relate to uplifting, hopeful or positive feelings"),
        ("Show me the details of book b3.", "Should identify the book b3"),
    ]
    /// What the judge made of the fitting and of the unrelated criterion on `tag = "science fiction"`
    /// in the recording (tool-argument rubric version 2, whose rationale opening the schema sends):
    /// a valid reply both times, `pass` both times, the rationale "The value meets the criteria."
    /// (With version 1, SmolLM2-135M copied the rationale placeholder back: a judge failure.)
    static let recordedJudgeOutcomes = (fitting: "pass", unrelated: "pass")

    /// A criterion no argument of these conversations meets.
    static let unrelated = "Should refer to cooking or recipes"

    /// The argument judge's settings in the recording: the defaults, but one attempt a question.
    static let argumentJudgeOptions = JudgeSettings(maxAttempts: 1)

    static func model(_ baseURL: String) throws -> OpenAICompatibleModel {
        try OpenAICompatibleModel(
            configuration: .init(baseURL: baseURL, model: "SmolLM2-135M-Instruct", structuredOutput: .llamaCpp))
    }

    /// Each conversation's transcript and, for the first two, the judge's outcome on the fitting
    /// and the unrelated criterion for the first string argument of the first call (`pass`, `fail`,
    /// or the judge failure's code), asked once (`maxAttempts: 1`): the exchanges the recording holds.
    static func play(_ baseURL: String, example: Bool) async throws -> [(
        transcript: [TranscriptEntry], judged: [(ArgumentQuestion, String)]
    )] {
        let model = try model(baseURL)
        let judge = try ModelArgumentJudge(model: model, options: argumentJudgeOptions)
        return try await withThrowingTaskGroup(of: (Int, [TranscriptEntry], [(ArgumentQuestion, String)]).self) { group in
            for (i, conversation) in conversations.enumerated() {
                group.addTask {
                    let (_, transcript) = try await JSONToolAgent(model: model, example: example).run(prompt: conversation.prompt)
                    var judged: [(ArgumentQuestion, String)] = []
                    if i < 2, let call = ModelSubject<String>.toolCalls(in: transcript).first, case .object(let arguments) = call.arguments,
                        let name = arguments.keys.sorted().first(where: { arguments[$0]?.string != nil })
                    {
                        for criteria in [conversation.fitting, unrelated] {
                            let question = ArgumentQuestion(
                                toolName: call.name, argumentName: name, value: arguments[name] ?? .null, criteria: criteria)
                            do {
                                judged.append((question, try await judge.answer(question).passed ? "pass" : "fail"))
                            } catch let failure as JudgeFailure {
                                judged.append((question, failure.code))
                            }
                        }
                    }
                    return (i, transcript, judged)
                }
            }
            var out = [([TranscriptEntry], [(ArgumentQuestion, String)])?](repeating: nil, count: conversations.count)
            for try await (i, transcript, judged) in group { out[i] = (transcript, judged) }
            return out.compactMap { $0.map { (transcript: $0.0, judged: $0.1) } }
        }
    }

    @Test(
        "Record the agent loop from the local judge (JUDGECAL_RECORD_TOOL_LOOP=zero-shot or example only)",
        .enabled(if: ProcessInfo.processInfo.environment["JUDGECAL_RECORD_TOOL_LOOP"] != nil))
    func record() async throws {
        try? FileManager.default.createDirectory(at: Self.recordings, withIntermediateDirectories: true)
        let prefix = Self.recordings.appendingPathComponent("loop").path
        let server = try LoopbackServer(arguments: ["--record", prefix, "--upstream", "http://127.0.0.1:8080/v1", "--lifetime", "7200"])
        defer { server.stop() }
        let example = ProcessInfo.processInfo.environment["JUDGECAL_RECORD_TOOL_LOOP"] == "example"
        let played = try await Self.play(server.baseURL(tag: "record", scenario: "record"), example: example)
        for (i, p) in played.enumerated() {
            print("conversation \(i + 1): \(JSONValue.array(p.transcript.map { .string("\($0.role): \($0.content)") }).compactJSON)")
            for (q, a) in p.judged { print("  \(q.argumentName)=\(q.value.compactJSON) \(q.criteria): \(a)") }
        }
        #expect(played.count == Self.conversations.count)
    }

    static func replayServer() throws -> LoopbackServer {
        let files = ["loop.requests.jsonl", "loop.output.jsonl"].map { recordings.appendingPathComponent($0).path }
        return try LoopbackServer(arguments: ["--replay", files.joined(separator: ",")])
    }

    /// For each matcher kind, one matcher built to pass on the value `value` of argument `name`
    /// and one built to fail on it.
    static func matchers(name: String, value: JSONValue, fitting: String) -> [(kind: String, pass: ArgumentMatcher, fail: ArgumentMatcher)]
    {
        let text = value.string ?? value.compactJSON
        let head = String(text.prefix(3))
        let tail = String(text.suffix(3))
        return [
            ("exact", .exact(argumentName: name, value: value), .exact(argumentName: name, value: .string(text + "!"))),
            ("contains", .contains(argumentName: name, value: .string(head)), .contains(argumentName: name, value: .string("zzz"))),
            ("range", .range(argumentName: name, 0...100), .range(argumentName: name, 0...0)),
            (
                "naturalLanguage", .naturalLanguage(argumentName: name, criteria: fitting),
                .naturalLanguage(argumentName: name, criteria: unrelated)
            ),
            ("keyOnly", .keyOnly(argumentName: name), .keyOnly(argumentName: name + "Missing")),
            ("hasPrefix", .hasPrefix(argumentName: name, head), .hasPrefix(argumentName: name, "zz" + head)),
            ("hasSuffix", .hasSuffix(argumentName: name, tail), .hasSuffix(argumentName: name, tail + "zz")),
            ("regex", .regex(argumentName: name, pattern: ".+"), .regex(argumentName: name, pattern: "[0-9]+")),
            ("oneOf", .oneOf(argumentName: name, values: [.string("zzz"), value]), .oneOf(argumentName: name, values: [.string("zzz")])),
        ]
    }

    @Test("Without a worked example the model calls no tool at all, and an invented answer fails its trajectory")
    func zeroShot() async throws {
        let server = try Self.replayServer()
        defer { server.stop() }
        let played = try await Self.play(server.baseURL(tag: "zero", scenario: "replay"), example: false)
        #expect(played.allSatisfy { ModelSubject<String>.toolCalls(in: $0.transcript).isEmpty })
        // Conversation 3 answers with a title, author and price for b3 it never looked up.
        let invented = try #require(played[2].transcript.last)
        #expect(invented.content.contains("Title:"))
        let lookUp = TrajectoryExpectation("getBookDetails", arguments: [.exact(argumentName: "bookId", value: .string("b3"))])
        let report = try await lookUp.check(ModelSubject<String>.toolCalls(in: played[2].transcript), judge: nil)
        #expect(!report.allPassed)
        #expect(report.fractionPassed == 0)
        #expect(report.checks[0].detail == "getBookDetails was never called")
    }

    @Test("With a worked example the calls come as JSON, are parsed, run, and checked by ToolCallEvaluator")
    func withExample() async throws {
        let server = try Self.replayServer()
        defer { server.stop() }
        let played = try await Self.play(server.baseURL(tag: "example", scenario: "replay"), example: true)
        let calls = played.map { ModelSubject<String>.toolCalls(in: $0.transcript) }
        #expect(
            calls.map { $0.map(\.name) } == [
                ["getBookDetails", "getBookDetails"], ["searchBooks", "searchBooks"], ["searchBooks", "searchBooks"],
            ])
        #expect(calls[1][0].arguments == .object(["tag": .string("science fiction")]))
        #expect(calls[1][0].result == "[]", "the tool ran on the parsed call: no book is tagged science fiction")
        #expect(calls[0][0].arguments == .object(["genre": .string("gothic"), "moodsToAdd": .string("fantasy")]))

        let expectations = [
            // Asked for gothic books, it fetched "details" with a genre: the wrong tool.
            TrajectoryExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("gothic"))]),
            TrajectoryExpectation(
                ordered: [ToolExpectation("searchBooks", arguments: [.contains(argumentName: "tag", value: .string("science"))])],
                allowsAdditionalToolCalls: true, disallowed: [ToolExpectation("findSimilarBooks")]),
            TrajectoryExpectation(ordered: [
                ToolExpectation("getBookDetails", arguments: [.exact(argumentName: "bookId", value: .string("b3"))])
            ]),
        ]
        var reports: [TrajectoryReport] = []
        for (e, c) in zip(expectations, calls) { reports.append(try await e.check(c, judge: nil)) }
        #expect(reports.map(\.allPassed) == [false, true, false])
        #expect(reports.map(\.fractionPassed) == [0, 1, 0])
    }

    @Test("Every matcher kind on the recorded call searchBooks(tag: \"science fiction\"): one built to pass, one to fail")
    func matcherKinds() async throws {
        let server = try Self.replayServer()
        defer { server.stop() }
        let baseURL = server.baseURL(tag: "kinds", scenario: "replay")
        let played = try await Self.play(baseURL, example: true)
        let call = try #require(ModelSubject<String>.toolCalls(in: played[1].transcript).first)
        let judge = try ModelArgumentJudge(model: Self.model(baseURL), options: Self.argumentJudgeOptions)
        var outcomes: [String: (pass: String, fail: String)] = [:]
        for m in Self.matchers(name: "tag", value: .string("science fiction"), fitting: Self.conversations[1].fitting) {
            func outcome(_ matcher: ArgumentMatcher) async -> String {
                do { return try await matcher.match(call, judge: judge).passed ? "pass" : "fail" } catch let f as JudgeFailure {
                    return f.code
                } catch { return "error: \(error)" }
            }
            outcomes[m.kind] = (await outcome(m.pass), await outcome(m.fail))
        }
        #expect(Set(outcomes.keys) == Set(ArgumentMatcher.kinds))
        for kind in ArgumentMatcher.kinds where kind != "naturalLanguage" && kind != "range" {
            #expect(outcomes[kind]?.pass == "pass", "\(kind)")
            #expect(outcomes[kind]?.fail == "fail", "\(kind)")
        }
        // The model wrote no number, so range has nothing to pass on: a numeric string is not a number.
        #expect(outcomes["range"]?.pass == "fail" && outcomes["range"]?.fail == "fail")
        // The judge answers both questions validly, and passes the unrelated criterion too: the matcher
        // built to fail passes, which is what calibrating the argument judge is for.
        #expect(outcomes["naturalLanguage"]?.pass == Self.recordedJudgeOutcomes.fitting)
        #expect(outcomes["naturalLanguage"]?.fail == Self.recordedJudgeOutcomes.unrelated)
    }
}
