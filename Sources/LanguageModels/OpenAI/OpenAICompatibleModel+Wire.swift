import DataFormats
import Foundation

/// The body of a `POST /chat/completions`.
struct ChatCompletionBody: Encodable {
    /// The encoder for every body: keys sorted, so that one request is the
    /// same bytes in every process.
    ///
    /// A JSON object (`JSONValue.object`, a Swift dictionary) is otherwise
    /// encoded in the dictionary's order, which Swift randomises per process.
    /// Servers that turn `response_format`'s schema into a grammar (llama.cpp)
    /// make the reply's members follow the schema's order, so two runs of one
    /// request at temperature 0 with one seed got different replies (measured:
    /// 10 of 12 book-tag rows) while the response cache, keyed on the sorted
    /// request, treated them as one. Sorted, the reply's members come in name
    /// order within a dimension (`rationale`, then `score`, as the prompt asks).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    var model: String
    var messages: [ChatMessage]
    var temperature: Double?
    var maxTokens: Int?
    var seed: Int?
    var n: Int?
    var logprobs: Bool?
    var topLogprobs: Int?
    var responseFormat: JSONValue?

    enum CodingKeys: String, CodingKey {
        case model, messages, temperature, seed, n, logprobs
        case maxTokens = "max_tokens"
        case topLogprobs = "top_logprobs"
        case responseFormat = "response_format"
    }

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
