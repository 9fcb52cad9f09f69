public import DataFormats

/// A chat model that answers requests: the seam between the judge and a model
/// server.
///
/// Implementations: the OpenAI-compatible HTTP client, the response cache
/// wrapping any model, and recorded replies for tests.
public protocol LanguageModel: Sendable {
    /// The model's name, recorded in reports and cache keys (such as
    /// `SmolLM2-135M-Instruct` or `gpt-4o-mini`).
    var modelName: String { get }

    /// Answers one chat request.
    ///
    /// - Throws: ``LanguageModelError`` when the server cannot be reached, keeps
    ///   failing after retries, or answers with something that is not a chat
    ///   completion.
    func respond(to request: ChatRequest) async throws -> ChatResponse
}

/// One message of a conversation.
public struct ChatMessage: Sendable, Hashable, Codable {
    /// Who speaks.
    public enum Role: String, Sendable, Hashable, Codable {
        case system, user, assistant
    }

    /// Who speaks.
    public var role: Role
    /// What is said.
    public var content: String

    /// Creates a message.
    public init(_ role: Role, _ content: String) {
        self.role = role
        self.content = content
    }
}

/// How to constrain a reply to JSON.
public enum StructuredOutput: Sendable, Hashable, Codable {
    /// No constraint: ask for JSON in the prompt and validate the reply.
    case none
    /// OpenAI's `response_format: {"type": "json_schema", "json_schema": {"name", "schema", "strict"}}`.
    case jsonSchema(name: String, schema: JSONValue)
    /// llama.cpp's `response_format: {"type": "json_object", "schema": {…}}`.
    case jsonObjectWithSchema(JSONValue)
}

/// A chat-completions request.
public struct ChatRequest: Sendable, Hashable, Codable {
    /// The conversation so far.
    public var messages: [ChatMessage]
    /// Sampling temperature; `nil` leaves the server's default.
    public var temperature: Double?
    /// The most tokens to generate.
    public var maxTokens: Int?
    /// A sampling seed, for servers that honour one.
    public var seed: Int?
    /// How many replies to sample in one call (`n`).
    public var choices: Int
    /// The JSON schema the reply must follow, when the server can enforce it.
    public var schema: JSONValue?
    /// Whether to return per-token log-probabilities.
    public var logprobs: Bool
    /// How many alternatives per token to return with their log-probabilities.
    public var topLogprobs: Int?
    /// Distinguishes repeated samples of the same request (sample 0, 1, 2…) so
    /// that a cache keeps them apart; not sent to the server.
    public var sampleIndex: Int

    /// Creates a request.
    public init(
        messages: [ChatMessage], temperature: Double? = nil, maxTokens: Int? = nil, seed: Int? = nil,
        choices: Int = 1, schema: JSONValue? = nil, logprobs: Bool = false, topLogprobs: Int? = nil,
        sampleIndex: Int = 0
    ) {
        self.messages = messages
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.seed = seed
        self.choices = choices
        self.schema = schema
        self.logprobs = logprobs
        self.topLogprobs = topLogprobs
        self.sampleIndex = sampleIndex
    }
}

/// A chat-completions response.
public struct ChatResponse: Sendable, Hashable, Codable {
    /// One sampled reply.
    public struct Choice: Sendable, Hashable, Codable {
        /// The reply's text.
        public var text: String
        /// Why generation stopped (`stop`, `length`, …), when the server said.
        public var finishReason: String?
        /// Per-token log-probabilities, when requested and given.
        public var tokens: [TokenLogprob]?

        /// Creates a choice.
        public init(text: String, finishReason: String? = nil, tokens: [TokenLogprob]? = nil) {
            self.text = text
            self.finishReason = finishReason
            self.tokens = tokens
        }
    }

    /// The replies, one per requested choice.
    public var choices: [Choice]
    /// The model that answered, as the server named it.
    public var model: String
    /// Token counts, when the server reported them.
    public var usage: TokenUsage?
    /// Seconds from sending the request to receiving the whole reply.
    public var latency: Double

    /// Creates a response.
    public init(choices: [Choice], model: String, usage: TokenUsage? = nil, latency: Double) {
        self.choices = choices
        self.model = model
        self.usage = usage
        self.latency = latency
    }
}

/// A generated token with its log-probability and the most likely alternatives.
public struct TokenLogprob: Sendable, Hashable, Codable {
    /// An alternative token at the same position.
    public struct Alternative: Sendable, Hashable, Codable {
        /// The token text.
        public var token: String
        /// Its natural-log probability.
        public var logprob: Double

        /// Creates an alternative.
        public init(token: String, logprob: Double) {
            self.token = token
            self.logprob = logprob
        }
    }

    /// The token text.
    public var token: String
    /// Its natural-log probability.
    public var logprob: Double
    /// The most likely tokens at this position, most likely first.
    public var top: [Alternative]

    /// Creates a token record.
    public init(token: String, logprob: Double, top: [Alternative] = []) {
        self.token = token
        self.logprob = logprob
        self.top = top
    }
}

/// Token counts of one call.
public struct TokenUsage: Sendable, Hashable, Codable {
    /// Tokens in the prompt.
    public var promptTokens: Int
    /// Tokens generated.
    public var completionTokens: Int

    /// Creates a usage record.
    public init(promptTokens: Int, completionTokens: Int) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
    }
}
