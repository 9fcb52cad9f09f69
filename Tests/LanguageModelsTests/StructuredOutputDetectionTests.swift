import DataFormats
import Foundation
import Testing
import _TestSupport

@testable import LanguageModels

@Suite("The first request, which also detects structured output, is retried like any other", .tags(.faultServer), .onOwnThreads)
struct StructuredOutputDetectionTests {
    static let schema = JSONValue.object(["type": .string("object")])

    /// A request with a schema, so that it is the structured-output probe.
    static func probe(_ text: String) -> ChatRequest {
        ChatRequest(messages: [ChatMessage(.user, text)], maxTokens: 8, schema: schema)
    }

    @Test(
        "A passing failure on the first request: retried, and the form is still OpenAI's",
        arguments: ["429x1", "503x1", "500x1", "dropx1"])
    func passingFailureOnProbe(scenario: String) async throws {
        let tag = FaultServer.tag()
        let model = try faultModel(scenario, tag: tag, structuredOutput: .detect)
        let first = try await model.respond(to: Self.probe("first"))
        #expect(first.choices.first?.text == "echo: first")
        #expect(model.statistics.structuredOutput == .openAI, "a \(scenario) says nothing about response_format")
        #expect(model.statistics.retries == 1)
        _ = try await model.respond(to: Self.probe("second"))
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 3, "one failure, one answer, then one request")
    }

    @Test("A first-byte timeout on the first request: retried, not fatal")
    func timeoutOnProbe() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("stallx1", tag: tag, timeout: 30, firstByteTimeout: 1, structuredOutput: .detect)
        let first = try await model.respond(to: Self.probe("slow start"))
        #expect(first.choices.first?.text == "echo: slow start")
        #expect(model.statistics.structuredOutput == .openAI)
        #expect(model.statistics.retries == 1)
    }

    @Test("HTTP 500 every time on the first request: the run's error, not \"structured output unsupported\"")
    func serverErrorIsNotRefusal() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("always500", tag: tag, attempts: 3, structuredOutput: .detect)
        let error = try await #require(throws: LanguageModelError.self) { try await model.respond(to: Self.probe("x")) }
        #expect(error.code == .retriesExhausted)
        #expect(error.statusCode == 500)
        #expect(model.statistics.structuredOutput == nil, "still undecided")
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 3, "one form, three attempts")
    }

    @Test("llama-cpp-python's HTTP 500 naming response_format: a refusal, and the json_object form is used")
    func llamaCppRefusal() async throws {
        let tag = FaultServer.tag()
        let model = try faultModel("llamaform", tag: tag, structuredOutput: .detect)
        #expect(try await model.respond(to: Self.probe("a")).choices.first?.text == "a")
        #expect(try await model.respond(to: Self.probe("b")).choices.first?.text == "b")
        #expect(model.statistics.structuredOutput == .llamaCpp)
        #expect(model.statistics.retries == 0, "a refusal is not retried")
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 3)
    }

    @Test(
        "What counts as a refusal of the form",
        arguments: [
            (
                400,
                #"{"error": {"message": "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."}}"#,
                true
            ),
            (500, #"{"error": {"message": "('body', 'response_format', 'type') Input should be 'text' or 'json_object'"}}"#, true),
            (422, #"{"detail": "json_schema: unknown field"}"#, true),
            (500, #"{"error": "internal error"}"#, false),
            (503, #"{"error": "response_format queue full"}"#, false),
            (429, #"{"error": "rate limited"}"#, false),
            (400, #"{"error": "context length exceeded"}"#, false),
        ])
    func refusals(status: Int, body: String, refuses: Bool) {
        #expect(OpenAICompatibleModel.refusesForm(status: status, body: Array(body.utf8)) == refuses)
    }
}
