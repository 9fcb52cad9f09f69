import DataFormats
import Foundation
import Testing

@testable import LanguageModels

@Suite("The request body: the same bytes for the same request in every process")
struct RequestBodyTests {
    /// A reply schema with enough members that a dictionary's order would
    /// differ from name order.
    static let schema: JSONValue = .object(
        Dictionary(
            uniqueKeysWithValues: ["Usefulness", "Relevance", "Accuracy", "Tone", "Brevity", "Coverage", "Style"].map {
                ($0, JSONValue.object(["score": .object(["type": .string("integer")]), "rationale": .object(["type": .string("string")])]))
            }))

    @Test("Every JSON object in the body has its keys in name order, so a schema's member order cannot vary")
    func sortedMembers() throws {
        let request = ChatRequest(messages: [ChatMessage(.user, "judge this")], temperature: 0, seed: 42, schema: Self.schema)
        for form in [StructuredOutput.jsonSchema(name: "reply", schema: Self.schema), .jsonObjectWithSchema(Self.schema)] {
            let body = try ChatCompletionBody(model: "m", request: request, form: form).bytes()
            let text = String(decoding: body, as: UTF8.self)
            let dimensions = ["Accuracy", "Brevity", "Coverage", "Relevance", "Style", "Tone", "Usefulness"]
            let positions = try dimensions.map { try #require(text.range(of: "\"\($0)\"")?.lowerBound) }
            #expect(positions == positions.sorted(), "dimensions out of name order in \(text)")
            let rationale = try #require(text.range(of: "\"rationale\"")?.lowerBound)
            let score = try #require(text.range(of: "\"score\"")?.lowerBound)
            #expect(rationale < score)
            #expect(body == (try ChatCompletionBody(model: "m", request: request, form: form).bytes()))
        }
    }

    /// What `JSONEncoder` writes for a body with the same members, under the wire names.
    private struct EncoderMirror: Encodable {
        var model: String
        var messages: [ChatMessage]
        var temperature: Double?
        var max_tokens: Int?
        var seed: Int?
        var n: Int?
        var logprobs: Bool?
        var top_logprobs: Int?
        var response_format: JSONValue?

        init(_ body: ChatCompletionBody) {
            (model, messages, temperature, max_tokens, seed) = (body.model, body.messages, body.temperature, body.maxTokens, body.seed)
            (n, logprobs, top_logprobs, response_format) = (body.n, body.logprobs, body.topLogprobs, body.responseFormat)
        }
    }

    @Test(
        "The hand-written body is byte for byte what JSONEncoder writes with sorted keys",
        arguments: [
            "plain text", "a/b and </target>", "quote \" backslash \\ slash /", "\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
            "é, 😀, \u{2028}, 日本語", "",
        ])
    func sameBytesAsJSONEncoder(text: String) throws {
        let numbers: [Double] = [0, 1, -0.0, 0.7, 0.1, 1e-7, 3e-5, 2.5e20, 1e15, 1e16, 123_456_789_012_345_678, 1.0 / 3.0]
        let schema = JSONValue.object([
            "enum": .array(numbers.map(JSONValue.number)), "description": .string(text), "nested": .object(["z/y": .bool(true), "a": .null]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let requests = [
            ChatRequest(messages: [ChatMessage(.system, text), ChatMessage(.user, "row: " + text)], temperature: 0, seed: 7, schema: schema),
            ChatRequest(
                messages: [ChatMessage(.user, text)], temperature: 0.7, maxTokens: 300, choices: 3, logprobs: true, topLogprobs: 5),
            ChatRequest(messages: [ChatMessage(.assistant, text)], temperature: 1e-7, seed: -3),
            ChatRequest(messages: [ChatMessage(.user, text)], schema: schema),
        ]
        for request in requests {
            for form in [StructuredOutput.none, .jsonSchema(name: "reply", schema: schema), .jsonObjectWithSchema(schema)] {
                let body = ChatCompletionBody(model: "judge/" + text, request: request, form: form)
                #expect(try body.bytes() == Array(try encoder.encode(EncoderMirror(body))))
            }
        }
    }

    @Test("A temperature that is not a number is refused, as JSONEncoder refuses it, not sent")
    func nonFiniteTemperature() throws {
        let body = ChatCompletionBody(model: "m", request: ChatRequest(messages: [ChatMessage(.user, "x")], temperature: .nan), form: .none)
        #expect(throws: LanguageModelError.self) { try body.bytes() }
    }
}

@Suite("The reply: a chat completion read with the types JSONDecoder demanded")
struct ChatCompletionReplyTests {
    @Test("A full reply: model, choices with content, finish reason and log-probabilities, usage")
    func fullReply() throws {
        let body = #"""
            {"id": "x", "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": "{\"a\": 1}"},
             "finish_reason": "stop", "logprobs": {"content": [{"token": "4", "logprob": -0.25, "bytes": [52],
             "top_logprobs": [{"token": "4", "logprob": -0.25}, {"token": "3", "logprob": -2}]}]}},
             {"message": {"content": null}, "finish_reason": null, "logprobs": null}],
             "usage": {"prompt_tokens": 120, "completion_tokens": 7, "total_tokens": 127}}
            """#
        let reply = try ChatCompletionReply(body: Array(body.utf8))
        #expect(reply.model == "m")
        #expect(reply.usage?.promptTokens == 120 && reply.usage?.completionTokens == 7)
        let choices = reply.responseChoices
        #expect(choices.map(\.text) == [#"{"a": 1}"#, ""])
        #expect(choices.map(\.finishReason) == ["stop", nil])
        #expect(choices[0].tokens?.first?.top.map(\.logprob) == [-0.25, -2])
        #expect(choices[1].tokens == nil)
    }

    @Test(
        "JSON that is not a chat completion is refused, naming the member",
        arguments: [
            (#"[]"#, "an object"), (#"{"model": "m"}"#, "choices"), (#"{"choices": {}}"#, "choices"),
            (#"{"choices": [3]}"#, "choice"), (#"{"choices": [{"message": {"content": 4}}]}"#, "message.content"),
            (#"{"choices": [{"finish_reason": 1}]}"#, "finish_reason"), (#"{"model": 2, "choices": []}"#, "model"),
            (#"{"choices": [], "usage": {"prompt_tokens": 1.5, "completion_tokens": 1}}"#, "usage.prompt_tokens"),
            (#"{"choices": [], "usage": {"prompt_tokens": 1}}"#, "usage.completion_tokens"),
            (#"{"choices": [{"logprobs": {"content": [{"token": "a"}]}}]}"#, "logprob"),
        ])
    func malformed(body: String, names: String) {
        #expect {
            try ChatCompletionReply(body: Array(body.utf8))
        } throws: { error in
            (error as? ChatCompletionReply.Malformed)?.message.contains(names) == true
        }
    }

    @Test("A body that is not JSON is an input error")
    func notJSON() {
        #expect(throws: InputError.self) { try ChatCompletionReply(body: Array("<html>busy</html>".utf8)) }
    }
}
