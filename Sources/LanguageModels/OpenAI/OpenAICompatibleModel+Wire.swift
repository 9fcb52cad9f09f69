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
///
/// Read from a ``DataFormats/JSONValue`` (``init(json:)``), with the types `JSONDecoder` would
/// demand of these fields: `choices` an array; `model`, a message's `content` and `finish_reason`
/// strings or absent or null; a token's `logprob` a number; `usage`, when present, with whole-number
/// token counts. Members the toolkit does not read are ignored.
struct ChatCompletionReply {
    struct Choice {
        struct Message { var content: String? }
        struct Token {
            struct Alternative {
                var token: String
                var logprob: Double
            }
            var token: String
            var logprob: Double
            var topLogprobs: [Alternative]?
        }

        var message: Message?
        var finishReason: String?
        /// The chosen tokens' log-probabilities (`logprobs.content`), when the server sent them.
        var tokens: [Token]?
    }

    struct Usage {
        var promptTokens: Int
        var completionTokens: Int
    }

    var model: String?
    var choices: [Choice]
    var usage: Usage?

    /// What is wrong with a reply body that is JSON but not a chat completion: the member, and what it should be.
    struct Malformed: Error {
        var message: String
    }

    /// The chat completion in a reply body.
    ///
    /// - Throws: ``InputError`` for a body that is not JSON; ``Malformed`` for JSON that is not a chat completion.
    init(body: [UInt8]) throws {
        let json = try body.withUnsafeBufferPointer { bytes throws(InputError) in try JSONValue.parse(bytes) }
        try self.init(json: json)
    }

    /// The chat completion `json` holds.
    ///
    /// - Throws: ``Malformed`` naming the first member that is missing or of the wrong type.
    init(json: JSONValue) throws(Malformed) {
        guard case .object(let reply) = json else { throw Malformed(message: "expected an object") }
        model = try Self.optionalString(reply["model"], "model")
        guard case .array(let choices) = reply["choices"] else { throw Malformed(message: "expected choices, an array") }
        self.choices = try choices.map { value throws(Malformed) in try Self.choice(value) }
        switch reply["usage"] {
        case nil, .null?: usage = nil
        case .object(let counts)?:
            usage = Usage(
                promptTokens: try Self.count(counts["prompt_tokens"], "usage.prompt_tokens"),
                completionTokens: try Self.count(counts["completion_tokens"], "usage.completion_tokens"))
        default: throw Malformed(message: "expected usage to be an object")
        }
    }

    private static func choice(_ value: JSONValue) throws(Malformed) -> Choice {
        guard case .object(let choice) = value else { throw Malformed(message: "expected each choice to be an object") }
        var read = Choice(finishReason: try optionalString(choice["finish_reason"], "finish_reason"))
        switch choice["message"] {
        case nil, .null?: break
        case .object(let message)?: read.message = Choice.Message(content: try optionalString(message["content"], "message.content"))
        default: throw Malformed(message: "expected message to be an object")
        }
        switch choice["logprobs"] {
        case nil, .null?: break
        case .object(let logprobs)?:
            switch logprobs["content"] {
            case nil, .null?: break
            case .array(let tokens)?: read.tokens = try tokens.map { token throws(Malformed) in try Self.token(token) }
            default: throw Malformed(message: "expected logprobs.content to be an array")
            }
        default: throw Malformed(message: "expected logprobs to be an object")
        }
        return read
    }

    private static func token(_ value: JSONValue) throws(Malformed) -> Choice.Token {
        guard case .object(let token) = value, case .string(let text)? = token["token"], case .number(let logprob)? = token["logprob"]
        else { throw Malformed(message: "expected each log-probability to have a token (a string) and a logprob (a number)") }
        var read = Choice.Token(token: text, logprob: logprob)
        switch token["top_logprobs"] {
        case nil, .null?: break
        case .array(let alternatives)?:
            read.topLogprobs = try alternatives.map { value throws(Malformed) in
                guard case .object(let alternative) = value, case .string(let text)? = alternative["token"],
                    case .number(let logprob)? = alternative["logprob"]
                else { throw Malformed(message: "expected each top_logprobs item to have a token and a logprob") }
                return Choice.Token.Alternative(token: text, logprob: logprob)
            }
        default: throw Malformed(message: "expected top_logprobs to be an array")
        }
        return read
    }

    private static func optionalString(_ value: JSONValue?, _ name: String) throws(Malformed) -> String? {
        switch value {
        case nil, .null?: nil
        case .string(let text)?: text
        default: throw Malformed(message: "expected \(name) to be a string")
        }
    }

    private static func count(_ value: JSONValue?, _ name: String) throws(Malformed) -> Int {
        guard case .number(let number)? = value, number == number.rounded(), abs(number) < 0x1p53 else {
            throw Malformed(message: "expected \(name) to be a whole number")
        }
        return Int(number)
    }

    /// The choices in the toolkit's terms.
    var responseChoices: [ChatResponse.Choice] {
        choices.map { choice in
            ChatResponse.Choice(
                text: choice.message?.content ?? "", finishReason: choice.finishReason,
                tokens: choice.tokens?.map { token in
                    TokenLogprob(
                        token: token.token, logprob: token.logprob,
                        top: (token.topLogprobs ?? []).map { .init(token: $0.token, logprob: $0.logprob) })
                })
        }
    }
}
