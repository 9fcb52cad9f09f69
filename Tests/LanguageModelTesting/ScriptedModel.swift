public import LanguageModels
import Synchronization

/// A language model that answers from a script instead of a server: the test
/// double for what a real model cannot be made to do on demand (an off-scale,
/// truncated, prose-wrapped or refused reply; a judge that always prefers the
/// first position; log-probabilities present or absent; invalid, duplicate or
/// unreadable generated samples).
///
/// The script receives each request and the 0-based number of the call and
/// returns the reply; every request is kept, in order, for inspection.
///
/// ```swift
/// let judge = ScriptedModel(name: "scripted-judge", replies: [#"{"Relevance": {"score": 4}}"#])
/// let response = try await judge.respond(to: ChatRequest(messages: [ChatMessage(.user, "Rate this.")]))
/// ```
public final class ScriptedModel: LanguageModel {
    /// One scripted reply: its text, finish reason and tokens.
    public struct Reply: Sendable {
        /// The reply's text.
        public var text: String
        /// Why generation stopped (`stop`, `length`, …), or `nil`.
        public var finishReason: String?
        /// The tokens with their log-probabilities, when the script gives them.
        public var tokens: [TokenLogprob]?

        /// A reply with `text`, finished by `finishReason`, with `tokens`.
        public init(text: String, finishReason: String? = "stop", tokens: [TokenLogprob]? = nil) {
            self.text = text
            self.finishReason = finishReason
            self.tokens = tokens
        }
    }

    /// The name the model answers under.
    public let modelName: String
    private let script: @Sendable (ChatRequest, Int) -> Reply
    private let log = Mutex<[ChatRequest]>([])

    /// A model named `name` answering request number `call` with `script(request, call)`.
    public init(name: String, script: @escaping @Sendable (ChatRequest, Int) -> Reply) {
        self.modelName = name
        self.script = script
    }

    /// A model named `name` giving `replies` in turn; a call past the end
    /// repeats the last, and with no replies every call gets empty text.
    public convenience init(name: String, replies: [String]) {
        self.init(name: name) { _, call in Reply(text: replies.isEmpty ? "" : replies[min(call, replies.count - 1)]) }
    }

    /// A model named `scripted` answering each request with `reply(n)`, where
    /// n is the request's ``ChatRequest/sampleIndex`` (0 when it has none): a
    /// generator's request number.
    public convenience init(_ reply: @escaping @Sendable (Int) -> String) {
        self.init(name: "scripted") { request, _ in Reply(text: reply(request.sampleIndex)) }
    }

    /// The requests received, in order.
    public var requests: [ChatRequest] { log.withLock { $0 } }

    /// The script's reply to `request`.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        let call = log.withLock { log in
            log.append(request)
            return log.count - 1
        }
        let reply = script(request, call)
        return ChatResponse(
            choices: [ChatResponse.Choice(text: reply.text, finishReason: reply.finishReason, tokens: reply.tokens)],
            model: modelName, latency: 0)
    }
}

extension ChatRequest {
    /// The text of the last user message.
    public var lastUserText: String { messages.last { $0.role == .user }?.content ?? "" }
}
