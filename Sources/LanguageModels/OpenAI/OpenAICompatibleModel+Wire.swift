import DataFormats
import Foundation

/// The body of a `POST /chat/completions`, written by hand in the bytes Foundation's `JSONEncoder`
/// would write with sorted keys (``DataFormats/JSONValue/Spelling/jsonEncoder``).
///
/// **Sorted keys**, so that one request is the same bytes in every process. A JSON object
/// (`JSONValue.object`, a Swift dictionary) is otherwise written in the dictionary's order, which
/// Swift randomises per process. Servers that turn `response_format`'s schema into a grammar
/// (llama.cpp) make the reply's members follow the schema's order, so two runs of one request at
/// temperature 0 with one seed got different replies (measured: 10 of 12 book-tag rows) while the
/// response cache, keyed on the sorted request, treated them as one. Sorted, the reply's members
/// come in name order within a dimension (`rationale`, then `score`, as the prompt asks).
///
/// **By hand**, because it runs once per request and `JSONEncoder` took an eighth of a judge run's
/// time at thousands of requests a second; `ChatCompletionBodyTests` checks the bytes against
/// `JSONEncoder`'s, and recorded exchanges are matched byte for byte.
struct ChatCompletionBody {
    var model: String
    var messages: [ChatMessage]
    var temperature: Double?
    var maxTokens: Int?
    var seed: Int?
    var n: Int?
    var logprobs: Bool?
    var topLogprobs: Int?
    var responseFormat: JSONValue?

    /// The body for `request`, with its schema expressed in `form`.
    init(model: String, request: ChatRequest, form: StructuredOutput) {
        self.model = model
        messages = request.messages
        temperature = request.temperature
        maxTokens = request.maxTokens
        seed = request.seed
        n = request.choices == 1 ? nil : request.choices
        if request.logprobs {
            logprobs = true
            topLogprobs = request.topLogprobs
        }
        switch form {
        case .none:
            if let schema = request.schema {
                let instruction = ChatMessage(
                    .system, "Reply with only a JSON value, no other text, that follows this JSON schema: \(schema)")
                messages.insert(instruction, at: 0)
            }
        case .jsonSchema(let name, let schema):
            responseFormat = .object([
                "type": .string("json_schema"),
                "json_schema": .object(["name": .string(name), "schema": schema, "strict": .bool(true)]),
            ])
        case .jsonObjectWithSchema(let schema):
            responseFormat = .object(["type": .string("json_object"), "schema": schema])
        }
    }

    /// The body's bytes: its members in key order, absent ones left out.
    ///
    /// - Throws: ``LanguageModelError/Code/malformedReply`` for a temperature that is not a finite
    ///   number, which JSON cannot hold (as `JSONEncoder` refuses it).
    func bytes() throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(messages.reduce(256) { $0 + $1.content.utf8.count + 40 })
        var first = true
        func key(_ name: String) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(contentsOf: "\"\(name)\":".utf8)
        }
        if let logprobs {
            key("logprobs")
            out.append(contentsOf: (logprobs ? "true" : "false").utf8)
        }
        if let maxTokens {
            key("max_tokens")
            out.append(contentsOf: String(maxTokens).utf8)
        }
        key("messages")
        out.append(UInt8(ascii: "["))
        for (index, message) in messages.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"content":"#.utf8)
            JSONValue.appendQuoted(message.content, to: &out, spelling: .jsonEncoder)
            out.append(contentsOf: #","role":"#.utf8)
            JSONValue.appendQuoted(message.role.rawValue, to: &out, spelling: .jsonEncoder)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        key("model")
        JSONValue.appendQuoted(model, to: &out, spelling: .jsonEncoder)
        if let n {
            key("n")
            out.append(contentsOf: String(n).utf8)
        }
        if let responseFormat {
            key("response_format")
            responseFormat.appendCompactJSON(to: &out, spelling: .jsonEncoder)
        }
        if let seed {
            key("seed")
            out.append(contentsOf: String(seed).utf8)
        }
        if let temperature {
            guard temperature.isFinite else {
                throw LanguageModelError(.malformedReply, "could not encode the request as JSON: the temperature is \(temperature)")
            }
            key("temperature")
            JSONValue.appendNumber(temperature, to: &out, spelling: .jsonEncoder)
        }
        if let topLogprobs {
            key("top_logprobs")
            out.append(contentsOf: String(topLogprobs).utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

/// A chat completion as OpenAI-compatible servers return it; only the fields
/// the toolkit reads.
struct ChatCompletionReply: Decodable {
    struct Choice: Decodable {
        struct Message: Decodable { var content: String? }
        struct Logprobs: Decodable { var content: [Token]? }
        struct Token: Decodable {
            struct Alternative: Decodable {
                var token: String
                var logprob: Double
            }
            var token: String
            var logprob: Double
            var topLogprobs: [Alternative]?

            enum CodingKeys: String, CodingKey {
                case token, logprob
                case topLogprobs = "top_logprobs"
            }
        }

        var message: Message?
        var finishReason: String?
        var logprobs: Logprobs?

        enum CodingKeys: String, CodingKey {
            case message, logprobs
            case finishReason = "finish_reason"
        }
    }

    struct Usage: Decodable {
        var promptTokens: Int
        var completionTokens: Int

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
        }
    }

    var model: String?
    var choices: [Choice]
    var usage: Usage?

    /// The choices in the toolkit's terms.
    var responseChoices: [ChatResponse.Choice] {
        choices.map { choice in
            ChatResponse.Choice(
                text: choice.message?.content ?? "", finishReason: choice.finishReason,
                tokens: choice.logprobs?.content?.map { token in
                    TokenLogprob(
                        token: token.token, logprob: token.logprob,
                        top: (token.topLogprobs ?? []).map { .init(token: $0.token, logprob: $0.logprob) })
                })
        }
    }
}
