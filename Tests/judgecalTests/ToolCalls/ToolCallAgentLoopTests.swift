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
    /// A criterion no argument of these conversations meets.
    static let unrelated = "Should refer to cooking or recipes"

    static func model(_ baseURL: String) throws -> OpenAICompatibleModel {
        try OpenAICompatibleModel(
            configuration: .init(baseURL: baseURL, model: "SmolLM2-135M-Instruct", structuredOutput: .llamaCpp))
    }

    /// Each conversation's transcript, and the judge's answers to the two criteria on the first
    /// string argument of its first call: the exchanges the recording holds.
    static func play(_ baseURL: String, example: Bool) async throws -> [(transcript: [TranscriptEntry], judged: [(ArgumentQuestion, ArgumentMatch)])] {
        let model = try model(baseURL)
        let judge = try ModelArgumentJudge(model: model)
        return try await withThrowingTaskGroup(of: (Int, [TranscriptEntry], [(ArgumentQuestion, ArgumentMatch)]).self) { group in
            for (i, conversation) in conversations.enumerated() {
                group.addTask {
                    let (_, transcript) = try await JSONToolAgent(model: model, example: example).run(prompt: conversation.prompt)
                    var judged: [(ArgumentQuestion, ArgumentMatch)] = []
                    if let call = ModelSubject<String>.toolCalls(in: transcript).first, case .object(let arguments) = call.arguments,
                        let name = arguments.keys.sorted().first(where: { arguments[$0]?.string != nil })
                    {
                        for criteria in [conversation.fitting, unrelated] {
                            let question = ArgumentQuestion(
                                toolName: call.name, argumentName: name, value: arguments[name] ?? .null, criteria: criteria)
                            judged.append((question, try await judge.answer(question)))
                        }
                    }
                    return (i, transcript, judged)
                }
            }
            var out = [([TranscriptEntry], [(ArgumentQuestion, ArgumentMatch)])?](repeating: nil, count: conversations.count)
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
            for (q, a) in p.judged { print("  \(q.argumentName)=\(q.value.compactJSON) \(q.criteria): \(a.passed) \(a.reason)") }
        }
        #expect(played.count == Self.conversations.count)
    }

    static func replayServer() throws -> LoopbackServer {
        let files = ["loop.requests.jsonl", "loop.output.jsonl"].map { recordings.appendingPathComponent($0).path }
        return try LoopbackServer(arguments: ["--replay", files.joined(separator: ",")])
    }

    /// For each matcher kind, one matcher built to pass on the value `value` of argument `name`
    /// and one built to fail on it.
    static func matchers(name: String, value: JSONValue, fitting: String) -> [(kind: String, pass: ArgumentMatcher, fail: ArgumentMatcher)] {
        let text = value.string ?? value.compactJSON
        let head = String(text.prefix(3))
        let tail = String(text.suffix(3))
        return [
            ("exact", .exact(argumentName: name, value: value), .exact(argumentName: name, value: .string(text + "!"))),
            ("contains", .contains(argumentName: name, value: .string(head)), .contains(argumentName: name, value: .string("zzz"))),
            ("range", .range(argumentName: name, 0...0), .range(argumentName: name, 0...0)),
            ("naturalLanguage", .naturalLanguage(argumentName: name, criteria: fitting), .naturalLanguage(argumentName: name, criteria: unrelated)),
            ("keyOnly", .keyOnly(argumentName: name), .keyOnly(argumentName: name + "Missing")),
            ("hasPrefix", .hasPrefix(argumentName: name, head), .hasPrefix(argumentName: name, "zz" + head)),
            ("hasSuffix", .hasSuffix(argumentName: name, tail), .hasSuffix(argumentName: name, tail + "zz")),
            ("regex", .regex(argumentName: name, pattern: ".+"), .regex(argumentName: name, pattern: "[0-9]+")),
            ("oneOf", .oneOf(argumentName: name, values: [.string("zzz"), value]), .oneOf(argumentName: name, values: [.string("zzz")])),
        ]
    }
}
