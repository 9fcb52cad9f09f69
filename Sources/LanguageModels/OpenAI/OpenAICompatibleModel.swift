import DataFormats
public import Foundation
import Synchronization

/// A chat model behind an OpenAI-compatible `/chat/completions` endpoint
/// (llama.cpp's server, vLLM, Ollama, LM Studio, hosted services), spoken to
/// through libcurl.
///
/// Requests run off Swift's cooperative thread pool (see `CurlClient`), at
/// most ``Configuration/maxConcurrentRequests`` at a time for this model; the
/// rest wait their turn without holding a thread. Failures that may pass
/// (HTTP 429 and 5xx, timeouts, dropped connections, truncated replies) are
/// retried with exponential backoff and jitter, honouring `Retry-After`, up to
/// ``RetryPolicy/maxAttempts``; then the call throws a ``LanguageModelError``
/// with code ``LanguageModelError/Code/retriesExhausted``.
///
/// `n` > 1: servers that ignore `n` (llama-cpp-python does) return one choice;
/// the model then samples the missing choices with further calls (with
/// `seed + k` for the *k*-th further call when a seed is set), so a response
/// always has as many choices as were asked for.
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
    }

    /// Where the server is and how to talk to it.
    public let configuration: Configuration
    /// The model's name: ``Configuration/model``.
    public var modelName: String { configuration.model }

    let apiKey: String?
    let client = CurlClient()
    let permits: AsyncSemaphore
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
        guard configuration.baseURL.hasPrefix("http://") || configuration.baseURL.hasPrefix("https://") else {
            throw LanguageModelError(.configuration, configuration.notHTTPMessage)
        }
        let timeouts = [
            ("connectTimeout", configuration.connectTimeout), ("firstByteTimeout", configuration.firstByteTimeout),
            ("requestTimeout", configuration.requestTimeout),
        ]
        for (name, seconds) in timeouts where !(seconds > 0 && seconds.isFinite) {
            throw LanguageModelError(.configuration, "\(name) is \(seconds) s; a timeout is a positive number of seconds")
        }
        guard configuration.maxConcurrentRequests >= 1 else {
            throw LanguageModelError(
                .configuration, "maxConcurrentRequests is \(configuration.maxConcurrentRequests); at least 1 request must be allowed")
        }
        guard configuration.maxReplyBytes >= 1 else {
            throw LanguageModelError(
                .configuration, "maxReplyBytes is \(configuration.maxReplyBytes); a reply needs at least 1 byte")
        }
        if let variable = configuration.apiKeyVariable {
            guard let key = environment[variable], !key.isEmpty else {
                throw LanguageModelError(
                    .configuration,
                    "the API key variable \(variable) named in the configuration is not set; export it, or remove apiKeyVariable for servers that need no key"
                )
            }
            apiKey = key
        } else {
            apiKey = nil
        }
        self.configuration = configuration
        permits = AsyncSemaphore(limit: configuration.maxConcurrentRequests)
        var statistics = Statistics()
        if configuration.structuredOutput != .detect { statistics.structuredOutput = configuration.structuredOutput }
        state = Mutex(statistics)
    }

    /// How the model's calls went so far.
    public var statistics: Statistics { state.withLock { $0 } }

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
            part.choices = max(1, request.choices) - choices.count
            if call > 0, let seed = request.seed { part.seed = seed + call }
            let (reply, seconds) = try await completeValidated(part)
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
        case .openAI: return try await complete(request, form: .jsonSchema(name: "reply", schema: schema))
        case .llamaCpp: return try await complete(request, form: .jsonObjectWithSchema(schema))
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
        let forms: [(StructuredOutputSupport, StructuredOutput)] = [
            (.openAI, .jsonSchema(name: "reply", schema: schema)), (.llamaCpp, .jsonObjectWithSchema(schema)),
        ]
        for (support, form) in forms {
            do {
                let answer = try await complete(request, form: form, detectingForm: true)
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

    /// `…/chat/completions` under the base URL.
    var endpoint: String {
        (configuration.baseURL.hasSuffix("/") ? String(configuration.baseURL.dropLast()) : configuration.baseURL)
            + "/chat/completions"
    }
}
