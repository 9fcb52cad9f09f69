import Foundation
import Synchronization

/// The model a judge asks on the batch route: it answers from the response cache, then from a
/// batch output file (storing each reply it gives in the cache), and keeps every other request for
/// a batch input file, failing it with ``LanguageModelError/Code/batchPending``.
///
/// Writing requests, there is no output file: every request the cache cannot answer is kept.
/// Reading results, the requests kept are those the file does not answer (``missing``); the
/// file's `custom_id`s that no request asked for are ``foreign``. Nothing is sent over the network.
public final class BatchRouteModel: LanguageModel {
    /// How the requests asked so far were answered.
    public struct Counts: Sendable, Hashable {
        /// Requests asked (each distinct request once).
        public var asked = 0
        /// Answered from the response cache.
        public var cached = 0
        /// Answered by a reply in the batch output file, now stored in the cache.
        public var fromBatch = 0
        /// Failed with the error line the file holds for them.
        public var batchErrors = 0
        /// Kept for a batch input file.
        public var pending = 0
        /// Of those, follow-ups: a conversation continued after a reply this pass answered (the judge
        /// asks again when a reply cannot be used), which no batch file could have held yet.
        public var followUps = 0
    }

    /// A request kept for a batch input file.
    public struct Pending: Sendable {
        /// Its `custom_id`.
        public var id: String
        /// The request.
        public var request: ChatRequest
        /// Whether it continues a conversation whose last reply this pass answered (``Counts/followUps``).
        public var isFollowUp: Bool
    }

    /// The configured model's name, part of every cache key and `custom_id`.
    public var modelName: String { configuration.model }
    /// The model, its structured-output form and its name, as the live path would send them.
    public let configuration: OpenAICompatibleModel.Configuration
    /// The response cache.
    public let cache: ResponseCache
    /// The batch output file read back, when reading results.
    public let results: OpenAIBatchResults?
    private let state = Mutex(State())

    private struct State {
        var counts = Counts()
        var asked: Set<String> = []
        var pending: [Pending] = []
        /// The messages of every request answered in this pass, to tell follow-ups.
        var answered: Set<[ChatMessage]> = []
    }

    /// A route for `configuration`'s model over `cache`, answering from `results` when given.
    public init(configuration: OpenAICompatibleModel.Configuration, cache: ResponseCache, results: OpenAIBatchResults? = nil) {
        self.configuration = configuration
        self.cache = cache
        self.results = results
    }

    /// How the requests asked so far were answered.
    public var counts: Counts { state.withLock { $0.counts } }

    /// The `custom_id` of every request asked so far.
    public var askedIDs: Set<String> { state.withLock { $0.asked } }

    /// The requests kept for a batch input file, in the order first asked.
    public var pending: [Pending] { state.withLock { $0.pending } }

    /// The answer to `request`: cached, or from the batch output file (then stored).
    ///
    /// - Throws: ``LanguageModelError/Code/batchPending`` when neither has one, naming the
    ///   `custom_id` (and the error line, when the file has one for it) and what to do, in the words
    ///   of the configuration's ``OpenAICompatibleModel/Configuration/Advice/pendingBatch``; the cache's error.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        let model = modelName
        let key = ResponseCache.Key(model: model, request: request)
        let id = key.hex
        let first = state.withLock { $0.asked.insert(id).inserted }
        if first { state.withLock { $0.counts.asked += 1 } }
        if let cached = try await cache.lookUp(key) {
            state.withLock { s in
                if first { s.counts.cached += 1 }
                s.answered.insert(request.messages)
            }
            return cached
        }
        switch results?.answers[id] {
        case .reply(let reply, let line)?:
            guard reply.choices.count >= max(1, request.choices) else {
                try fail(
                    id, request, first: first, error: true,
                    "\(results?.file ?? "") line \(line): custom_id \(id) has \(reply.choices.count) of the "
                        + "\(request.choices) choices asked for")
            }
            let response = ChatResponse(
                choices: Array(reply.responseChoices.prefix(max(1, request.choices))), model: reply.model ?? model,
                usage: reply.usage.map { TokenUsage(promptTokens: $0.promptTokens, completionTokens: $0.completionTokens) },
                latency: 0)
            try await cache.commit(response, for: key, model: model)
            state.withLock { s in
                if first { s.counts.fromBatch += 1 }
                s.answered.insert(request.messages)
            }
            return response
        case .error(let message, let line)?:
            try fail(id, request, first: first, error: true, "\(results?.file ?? "") line \(line): \(message)")
        case nil:
            let source =
                isFollowUp(request)
                ? "custom_id \(id) asks again after a reply that could not be used"
                : results.map { "\($0.file) has no line for custom_id \(id)" } ?? "custom_id \(id) is not answered yet"
            try fail(id, request, first: first, error: false, source)
        }
    }

    /// Whether `request` continues a conversation whose last reply this pass answered: its messages
    /// are those of an answered request, then that reply and what was wrong with it.
    private func isFollowUp(_ request: ChatRequest) -> Bool {
        request.messages.count > 2 && state.withLock { $0.answered.contains(Array(request.messages.dropLast(2))) }
    }

    /// Keeps `request` for a batch input file and throws its ``LanguageModelError/Code/batchPending`` error.
    private func fail(_ id: String, _ request: ChatRequest, first: Bool, error: Bool, _ why: String) throws -> Never {
        if first {
            let followUp = !error && isFollowUp(request)
            state.withLock { s in
                s.pending.append(Pending(id: id, request: request, isFollowUp: followUp))
                s.counts.pending += 1
                if error { s.counts.batchErrors += 1 }
                if followUp { s.counts.followUps += 1 }
            }
        }
        throw LanguageModelError(.batchPending, "\(why); \(configuration.advice.pendingBatchWords)")
    }
}
