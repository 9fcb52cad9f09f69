import DataFormats
import Foundation
import LanguageModelTesting
import Testing
import _TestSupport

@testable import LanguageModels

@Suite("The API key stays out of every file and message", .tags(.liveJudge, .faultServer), .needs(.localJudge), .onOwnThreads)
struct APIKeyLeakTests {
    @Test("A judged request with a key set: no file the toolkit wrote contains it, nor any error message")
    func keyNeverWritten() async throws {
        let key = "sk-judgecal-test-\(UUID().uuidString)"
        let variable = "JUDGECAL_TEST_API_KEY"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-keyleak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        let live = try LiveJudge.model(environment: [variable: key], apiKeyVariable: variable)
        let recording = RecordingModel(live, appendingTo: directory.appendingPathComponent("replies.jsonl"))
        let judged = CachedModel(recording, cache: try ResponseCache(url: directory.appendingPathComponent("cache.sqlite")))
        let response = try await judged.respond(
            to: ChatRequest(messages: [ChatMessage(.user, "Is water wet? Answer briefly.")], temperature: 0, maxTokens: 6, seed: 1))
        #expect(!String(describing: live.configuration).contains(key))

        // A server that echoes the Authorization header in an error body.
        let echoing = try faultModel(
            "echoauth500", tag: FaultServer.tag(), attempts: 1, apiKeyVariable: variable, environment: [variable: key])
        let error = try await #require(throws: LanguageModelError.self) { try await echoing.respond(to: question("k")) }
        #expect(error.message.contains("Bearer [API key removed]"))
        #expect(!error.message.contains(key))
        #expect(!String(describing: error).contains(key))

        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        #expect(files.count >= 2, "the recording and the cache (with its WAL) were written")
        let written = try files.map { try Data(contentsOf: $0) }
        let replyText = try #require(response.choices.first?.text)
        #expect(
            written.contains { $0.range(of: Data(replyText.utf8)) != nil }, "the reply itself was written, so the search is not vacuous")
        for (file, contents) in zip(files, written) {
            #expect(contents.range(of: Data(key.utf8)) == nil, "\(file.lastPathComponent) contains the API key")
        }
    }

    @Test(
        "A server that echoes the key in a reply, on the first request: redacted before it is cached or recorded, escaped or not",
        arguments: ["echoauth", "echoauthescaped"])
    func echoedKeyRedacted(scenario: String) async throws {
        let key = "sk-judgecal/echo-\(UUID().uuidString)"
        let variable = "JUDGECAL_TEST_API_KEY"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-keyecho-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        let echoing = try faultModel(
            scenario, tag: FaultServer.tag(), apiKeyVariable: variable, environment: [variable: key],
            structuredOutput: .detect)
        let recording = RecordingModel(echoing, appendingTo: directory.appendingPathComponent("replies.jsonl"))
        let cache = try ResponseCache(url: directory.appendingPathComponent("cache.sqlite"))
        let judged = CachedModel(recording, cache: cache)
        let request = ChatRequest(
            messages: [ChatMessage(.user, "echo")], maxTokens: 8, schema: .object(["type": .string("object")]))
        let response = try await judged.respond(to: request)
        #expect(response.choices.first?.text == "you sent Bearer [API key removed]")
        let replayed = try #require(try cache.response(to: request, model: echoing.modelName))
        #expect(replayed.choices.first?.text == "you sent Bearer [API key removed]")

        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        let written = try files.map { try Data(contentsOf: $0) }
        #expect(written.contains { $0.range(of: Data("you sent Bearer".utf8)) != nil }, "the echo itself was written")
        for (file, contents) in zip(files, written) {
            #expect(contents.range(of: Data(key.utf8)) == nil, "\(file.lastPathComponent) contains the API key")
            let escaped = key.replacingOccurrences(of: "/", with: "\\/")
            #expect(contents.range(of: Data(escaped.utf8)) == nil, "\(file.lastPathComponent) contains the JSON-escaped key")
        }
    }
}
