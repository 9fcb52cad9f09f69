import EvaluationCore
import Foundation
import LanguageModels
import Synchronization

/// A test-only `LanguageModel` that answers from a script instead of a
/// server, for the faults a real judge cannot be made to produce on demand:
/// off-scale, truncated, prose-wrapped and refused replies, a judge that
/// always prefers the first position, log-probabilities present or absent.
///
/// The script receives each request and the 0-based number of the call, and
/// returns the reply's text, finish reason and tokens. Every request is kept
/// for inspection.
final class ScriptedJudge: LanguageModel {
    struct Reply: Sendable {
        var text: String
        var finishReason: String? = "stop"
        var tokens: [TokenLogprob]? = nil
    }

    let modelName = "scripted-judge"
    private let script: @Sendable (ChatRequest, Int) -> Reply
    private let log = Mutex<[ChatRequest]>([])

    init(_ script: @escaping @Sendable (ChatRequest, Int) -> Reply) {
        self.script = script
    }

    /// A judge giving `replies` in turn; a call past the end repeats the last.
    convenience init(replies: [String]) {
        self.init { _, call in Reply(text: replies[min(call, replies.count - 1)]) }
    }

    /// The requests received, in order.
    var requests: [ChatRequest] { log.withLock { $0 } }

    func respond(to request: ChatRequest) async throws -> ChatResponse {
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
    var lastUserText: String { messages.last { $0.role == .user }?.content ?? "" }
}
