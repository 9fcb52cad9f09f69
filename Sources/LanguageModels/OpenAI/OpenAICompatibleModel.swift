import DataFormats
public import Foundation
import Synchronization

/// A chat model behind an OpenAI-compatible `/chat/completions` endpoint
/// (llama.cpp's server, vLLM, Ollama, LM Studio, hosted services), spoken to
/// through libcurl.
///
/// Requests run off Swift's cooperative thread pool (see `CurlClient`), at
/// most ``Configuration/maxConcurrentRequests`` at a time for this model; the
/// rest wait their turn without holding a thread. With several
/// ``Configuration/endpoints`` each has its own limit, requests go to the least
/// loaded, and one that fails is left out for a back-off while its requests go
/// to the others (`EndpointPool`); ``Statistics/endpoints`` counts each. Failures that may pass
/// (HTTP 429 and 5xx, timeouts, dropped connections, truncated replies) are
/// retried with exponential backoff and jitter, honouring `Retry-After`, up to
/// ``RetryPolicy/maxAttempts``; then the call throws a ``LanguageModelError``
/// with code ``LanguageModelError/Code/retriesExhausted``.
///
/// `n` > 1: servers that ignore `n` (llama-cpp-python does) return one choice;
/// the model then samples the missing choices with further calls (with
/// `seed + k` for the *k*-th further call when a seed is set), so a response
/// always has as many choices as were asked for. A server that refuses `n` > 1
/// (``refusesChoices(status:body:)``; llama.cpp's `llama-server` with one slot
/// does) is asked again at once for one choice, and from then on every choice
/// is asked one request at a time (``Statistics/oneChoicePerRequest``).
///
/// The first request with a schema also finds out which structured-output
/// form the server takes; it is retried like any other, and only a definitive
/// refusal of a form (``refusesForm(status:body:)``) rules that form out.
///
/// Three timeouts bound each attempt: ``Configuration/connectTimeout``,
/// ``Configuration/firstByteTimeout`` (time in a busy server's queue counts)
/// and ``Configuration/requestTimeout``; a timeout's message names the key to
/// raise.
///
/// The API key is read once, from the environment variable the configuration
/// names, and is sent only in the `Authorization` header: it is not stored in
/// the configuration, and is cut out of every reply (body and headers) as it
/// arrives, so a server that echoes it cannot get it into a cache, a
/// recording, a judgments file or an error message.
public final class OpenAICompatibleModel: LanguageModel {
    /// How the model's calls went so far.
    public struct Statistics: Sendable, Hashable {
        /// Calls to ``OpenAICompatibleModel/respond(to:)``.
        public var calls = 0
        /// HTTP requests sent, retries and further samples included.
        public var httpRequests = 0
        /// Requests sent again after a failure that may pass.
        public var retries = 0
        /// Calls that ended in a thrown error.
        public var failures = 0
        /// Choices generated without server-side schema enforcement (the schema was only in the prompt).
        public var unconstrainedReplies = 0
        /// Of those, the ones whose text is not JSON.
        public var invalidUnconstrainedReplies = 0
        /// Seconds spent in HTTP exchanges, every attempt's, measured on the threads that ran
        /// them: the client's own clock, which a busy cooperative thread pool does not stretch.
        public var exchangeSeconds = 0.0
        /// The structured-output form in use, once known.
        public var structuredOutput: StructuredOutputSupport?
        /// Whether the server refused a request for several choices, so that each choice is now
        /// asked in a request of its own.
        public var oneChoicePerRequest = false
        /// Each endpoint's requests, failures, outages and latencies, in the order listed (one
        /// entry for a model with one server).
        public var endpoints: [EndpointStatistics] = []
    }

    /// Where the server is and how to talk to it.
    public let configuration: Configuration
    /// The model's name: ``Configuration/model``.
    public var modelName: String { configuration.model }

    /// Every endpoint's API key, each cut out of whatever a server echoes.
    let apiKeys: [String]
    let client = CurlClient()
    /// The endpoints and the requests in flight to each.
    let pool: EndpointPool
    let state: Mutex<Statistics>

    /// Creates a model for a configuration.
    ///
    /// - Parameters:
    ///   - configuration: The server, model, timeouts and limits.
    ///   - environment: Where to look up ``Configuration/apiKeyVariable``.
    /// - Throws: ``LanguageModelError`` (``LanguageModelError/Code/configuration``) when the
    ///   configuration names an API key variable that is not set, or the base URL is not http(s).
    public init(
        configuration: Configuration = Configuration(), environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let timeouts = [
            ("connectTimeout", configuration.connectTimeout), ("firstByteTimeout", configuration.firstByteTimeout),
            ("requestTimeout", configuration.requestTimeout),
        ]
        for (name, seconds) in timeouts where !(seconds > 0 && seconds <= Configuration.maximumTimeout) {
            throw LanguageModelError(
                .configuration,
                "\(name) is \(seconds) s; a timeout is a positive number of seconds, at most \(Int(Configuration.maximumTimeout)) (a week)")
        }
        guard configuration.maxConcurrentRequests >= 1 else {
            throw LanguageModelError(
                .configuration, "maxConcurrentRequests is \(configuration.maxConcurrentRequests); at least 1 request must be allowed")
        }
        guard configuration.maxReplyBytes >= 1 else {
            throw LanguageModelError(
                .configuration, "maxReplyBytes is \(configuration.maxReplyBytes); a reply needs at least 1 byte")
        }
        guard configuration.endpointBackoff > 0, configuration.endpointBackoff.isFinite else {
            throw LanguageModelError(
                .configuration, "endpointBackoff is \(configuration.endpointBackoff) s; a back-off is a positive number of seconds")
        }
        let members = try configuration.servingEndpoints.enumerated().map { index, endpoint in
            try Self.member(endpoint, number: index + 1, of: configuration, environment: environment)
        }
        self.configuration = configuration
        pool = EndpointPool(members: members, backoff: configuration.endpointBackoff)
        apiKeys = Array(Set(members.compactMap(\.apiKey))).sorted()
        var statistics = Statistics()
        if configuration.structuredOutput != .detect { statistics.structuredOutput = configuration.structuredOutput }
        state = Mutex(statistics)
    }

    /// One endpoint as the pool sends to it, its settings checked and its key read.
    private static func member(
        _ endpoint: Configuration.Endpoint, number: Int, of configuration: Configuration, environment: [String: String]
    ) throws -> EndpointPool.Member {
        let several = configuration.servingEndpoints.count > 1
        let which = several ? "endpoint \(number) (\(endpoint.baseURL)): " : ""
        guard endpoint.baseURL.hasPrefix("http://") || endpoint.baseURL.hasPrefix("https://") else {
            var single = configuration
            single.baseURL = endpoint.baseURL
            throw LanguageModelError(.configuration, which + single.notHTTPMessage)
        }
        let limit = endpoint.maxConcurrentRequests ?? configuration.maxConcurrentRequests
        guard limit >= 1 else {
            throw LanguageModelError(.configuration, which + "maxConcurrentRequests is \(limit); at least 1 request must be allowed")
        }
        let weight = endpoint.weight ?? 1
        guard weight > 0, weight.isFinite else {
            throw LanguageModelError(.configuration, which + "weight is \(weight); a weight is a positive number")
        }
        var key: String?
        if let variable = endpoint.apiKeyVariable ?? configuration.apiKeyVariable {
            guard let value = environment[variable], !value.isEmpty else {
                throw LanguageModelError(
                    .configuration,
                    which + "the API key variable \(variable) named in the configuration is not set; export it, or remove "
                        + "apiKeyVariable for servers that need no key")
            }
            key = value
        }
        let base = endpoint.baseURL.hasSuffix("/") ? String(endpoint.baseURL.dropLast()) : endpoint.baseURL
        return EndpointPool.Member(
            baseURL: endpoint.baseURL, chatURL: base + "/chat/completions", apiKey: key, limit: limit, weight: weight)
    }

    /// How the model's calls went so far.
    public var statistics: Statistics {
        var statistics = state.withLock { $0 }
        statistics.endpoints = pool.statistics
        return statistics
    }

    /// Answers a chat request; see the type's discussion for retries and `n`.
    ///
    /// The response's ``ChatResponse/latency`` is the time spent in HTTP
    /// exchanges for it (every attempt and every further sample), not the
    /// time spent waiting for a turn under ``Configuration/maxConcurrentRequests``
    /// or between retries.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        state.withLock { $0.calls += 1 }
        do {
            return try await sample(request)
        } catch {
            state.withLock { $0.failures += 1 }
            throw error
        }
    }

    private func sample(_ request: ChatRequest) async throws -> ChatResponse {
        var latency = 0.0
        var choices: [ChatResponse.Choice] = []
        var usage: TokenUsage?
        var servedModel = configuration.model
        var call = 0
        while choices.count < max(1, request.choices) {
            var part = request
            part.choices = state.withLock { $0.oneChoicePerRequest } ? 1 : max(1, request.choices) - choices.count
            if call > 0, let seed = request.seed { part.seed = seed + call }
            let reply: ChatCompletionReply, seconds: Double
            do {
                (reply, seconds) = try await completeValidated(part)
            } catch is ChoicesRefused {
                state.withLock { $0.oneChoicePerRequest = true }
                continue
            }
            latency += seconds
            guard !reply.choices.isEmpty else {
                throw LanguageModelError(.malformedReply, "\(endpoint) answered with no choices")
            }
            choices += reply.responseChoices.prefix(part.choices)
            if let used = reply.usage {
                usage = TokenUsage(
                    promptTokens: (usage?.promptTokens ?? 0) + used.promptTokens,
                    completionTokens: (usage?.completionTokens ?? 0) + used.completionTokens)
            }
            servedModel = reply.model ?? servedModel
            call += 1
        }
        return ChatResponse(choices: choices, model: servedModel, usage: usage, latency: latency)
    }

    /// One completion call in the structured-output form that applies, validating prompt-only JSON.
    private func completeValidated(_ request: ChatRequest) async throws -> (reply: ChatCompletionReply, seconds: Double) {
        guard let schema = request.schema else { return try await complete(request, form: .none) }
        let support = state.withLock { $0.structuredOutput } ?? .detect
        switch support {
        case .openAI, .llamaCpp: return try await complete(request, form: support.form(for: schema))
        case .promptOnly: return try await completeInPrompt(request)
        case .detect: return try await detectStructuredOutput(request, schema: schema)
        }
    }

    /// The first request with a schema, sent in OpenAI's form, then llama.cpp's, then in the prompt.
    ///
    /// Each form is retried like any request (429, 5xx, timeouts and dropped connections are not a
    /// verdict on the form); only a definitive refusal (``refusesForm(status:body:)``) moves on to the
    /// next form, and only an answer or a refusal is remembered for the rest of the run.
    private func detectStructuredOutput(_ request: ChatRequest, schema: JSONValue) async throws
        -> (reply: ChatCompletionReply, seconds: Double)
    {
        for support in [StructuredOutputSupport.openAI, .llamaCpp] {
            do {
                let answer = try await complete(request, form: support.form(for: schema), detectingForm: true)
                state.withLock { $0.structuredOutput = support }
                return answer
            } catch is FormRefused {
                continue
            }
        }
        state.withLock { $0.structuredOutput = .promptOnly }
        return try await completeInPrompt(request)
    }

    private func completeInPrompt(_ request: ChatRequest) async throws -> (reply: ChatCompletionReply, seconds: Double) {
        let (reply, seconds) = try await complete(request, form: .none)
        let invalid = reply.choices.count { choice in
            (try? JSONDecoder().decode(JSONValue.self, from: Data((choice.message?.content ?? "").utf8))) == nil
        }
        state.withLock {
            $0.unconstrainedReplies += reply.choices.count
            $0.invalidUnconstrainedReplies += invalid
        }
        return (reply, seconds)
    }

    /// The chat-completions URL, for messages about the model as a whole: the endpoint's, or the
    /// first of several and how many there are.
    var endpoint: String {
        let first = pool.members[0].chatURL
        return pool.members.count == 1 ? first : "\(first) (and \(pool.members.count - 1) more endpoints)"
    }
}
