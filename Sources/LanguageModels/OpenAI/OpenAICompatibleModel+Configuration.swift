import DataFormats
public import Foundation

extension OpenAICompatibleModel {
    /// Where the server is, which model to ask, and how patiently.
    ///
    /// The API key itself is never part of a configuration: only the *name* of
    /// the environment variable that holds it, so a configuration can be
    /// printed, logged and stored. ``resolved(overrides:environment:file:)``
    /// merges command-line flags, environment variables and a JSON
    /// configuration file, in that order of precedence, over the defaults,
    /// which point at the embedded local judge (`scripts/local-judge start`).
    public struct Configuration: Sendable, Hashable, Codable {
        /// The local judge's address: `http://127.0.0.1:8080/v1`.
        public static let defaultBaseURL = "http://127.0.0.1:8080/v1"
        /// The local judge's model: `SmolLM2-135M-Instruct`.
        public static let defaultModel = "SmolLM2-135M-Instruct"
        /// The default ``maxReplyBytes``: 8 MiB.
        public static let defaultMaxReplyBytes = 8 << 20

        /// The API's base URL, up to and including `/v1` (no trailing slash needed).
        public var baseURL: String
        /// The model to ask for, as the server names it.
        public var model: String
        /// The name of the environment variable holding the API key (such as
        /// `OPENAI_API_KEY`), or `nil` for servers that need none.
        public var apiKeyVariable: String?
        /// Seconds allowed for connecting (default 10): a server that accepts no
        /// connection in that time is down or unreachable, not busy.
        public var connectTimeout: Double
        /// The longest timeout accepted, a week in seconds: libcurl counts in milliseconds in a C
        /// long, and a longer wait is a typo, not a plan (1e16 s once trapped before any request).
        public static let maximumTimeout: Double = 7 * 24 * 3600
        /// Seconds allowed from sending a request to the first byte of its reply
        /// (default 600).
        ///
        /// A server that handles one request at a time (llama.cpp's, the local
        /// judge) queues the rest, and a non-streamed reply's first byte comes
        /// only once it is whole, so this is the wait in the queue plus the
        /// generation: generous by default, so a busy server is not taken for a
        /// dead one.
        public var firstByteTimeout: Double
        /// Seconds allowed for one whole HTTP exchange (default 900); the longest
        /// any one attempt may take.
        public var requestTimeout: Double
        /// The most requests this model has in flight at once.
        public var maxConcurrentRequests: Int
        /// The most bytes of one reply's body (default 8 MiB, 8,388,608).
        ///
        /// A judge's reply is a few kilobytes; a longer one (a generation that
        /// ran away, a proxy's error page) ends the transfer as soon as the
        /// limit is passed, with ``LanguageModelError/Code/replyTooLarge``, so it
        /// is never held in memory whole nor parsed. It is not retried: at
        /// temperature 0 with a fixed seed the same request gets the same reply.
        public var maxReplyBytes: Int
        /// When and how often to try again.
        public var retry: RetryPolicy
        /// Which form of structured output the server accepts.
        public var structuredOutput: StructuredOutputSupport
        /// Where ``baseURL`` was set, when ``resolved(overrides:environment:file:)`` made this
        /// configuration (`nil` otherwise); errors about reaching the server name it.
        public var baseURLSource: Source?
        /// Where ``maxConcurrentRequests`` was set, when ``resolved(overrides:environment:file:)``
        /// made this configuration (``Source/defaults`` when nothing did; `nil` for a configuration
        /// built directly), so that a caller raising it to its own concurrency can leave a limit
        /// someone chose alone. Not part of a configuration's encoding.
        public var maxConcurrentRequestsSource: Source?
        /// Several servers of one model, shared out by load (``Endpoint``); empty: ``baseURL`` alone.
        public var endpoints: [Endpoint]
        /// Seconds an endpoint that fails is left out before it is tried again (default 30), when
        /// there are several; doubled for each outage in a row, up to 16 times as long.
        public var endpointBackoff: Double
        /// How the tool that made this configuration words the advice its errors end with
        /// (``Advice``); the client's own words by default. Not a setting of a configuration file,
        /// nor part of a configuration's encoding.
        public var advice = Advice()

        private enum CodingKeys: String, CodingKey {
            case baseURL, model, apiKeyVariable, connectTimeout, firstByteTimeout, requestTimeout, maxConcurrentRequests
            case maxReplyBytes, retry, structuredOutput, baseURLSource, endpoints, endpointBackoff
        }

        /// Creates a configuration; every parameter has the local judge's default.
        public init(
            baseURL: String = defaultBaseURL, model: String = defaultModel, apiKeyVariable: String? = nil,
            connectTimeout: Double = 10, firstByteTimeout: Double = 600, requestTimeout: Double = 900,
            maxConcurrentRequests: Int = 4, maxReplyBytes: Int = defaultMaxReplyBytes, retry: RetryPolicy = RetryPolicy(),
            structuredOutput: StructuredOutputSupport = .detect, endpoints: [Endpoint] = [], endpointBackoff: Double = 30
        ) {
            self.endpoints = endpoints
            self.endpointBackoff = endpointBackoff
            self.baseURL = baseURL
            self.model = model
            self.apiKeyVariable = apiKeyVariable
            self.connectTimeout = connectTimeout
            self.firstByteTimeout = firstByteTimeout
            self.requestTimeout = requestTimeout
            self.maxConcurrentRequests = maxConcurrentRequests
            self.maxReplyBytes = maxReplyBytes
            self.retry = retry
            self.structuredOutput = structuredOutput
        }

        /// Settings that replace the defaults; `nil` leaves a setting alone.
        ///
        /// The shape of a configuration file and of the command-line flags.
        public struct Overrides: Sendable, Hashable, Codable {
            /// Replaces ``Configuration/baseURL``.
            public var baseURL: String?
            /// Replaces ``Configuration/model``.
            public var model: String?
            /// Replaces ``Configuration/apiKeyVariable``.
            public var apiKeyVariable: String?
            /// Replaces ``Configuration/connectTimeout``.
            public var connectTimeout: Double?
            /// Replaces ``Configuration/firstByteTimeout``.
            public var firstByteTimeout: Double?
            /// Replaces ``Configuration/requestTimeout``.
            public var requestTimeout: Double?
            /// Replaces ``Configuration/maxConcurrentRequests``.
            public var maxConcurrentRequests: Int?
            /// Replaces ``Configuration/maxReplyBytes``.
            public var maxReplyBytes: Int?
            /// Replaces ``Configuration/structuredOutput``.
            public var structuredOutput: StructuredOutputSupport?
            /// Replaces ``Configuration/endpoints`` (and ``Configuration/baseURL`` with the first's).
            public var endpoints: [Endpoint]?
            /// Replaces ``Configuration/endpointBackoff``.
            public var endpointBackoff: Double?

            /// Creates overrides.
            public init(
                baseURL: String? = nil, model: String? = nil, apiKeyVariable: String? = nil,
                connectTimeout: Double? = nil, firstByteTimeout: Double? = nil,
                requestTimeout: Double? = nil, maxConcurrentRequests: Int? = nil, maxReplyBytes: Int? = nil,
                structuredOutput: StructuredOutputSupport? = nil, endpoints: [Endpoint]? = nil,
                endpointBackoff: Double? = nil
            ) {
                self.endpoints = endpoints
                self.endpointBackoff = endpointBackoff
                self.baseURL = baseURL
                self.model = model
                self.apiKeyVariable = apiKeyVariable
                self.connectTimeout = connectTimeout
                self.firstByteTimeout = firstByteTimeout
                self.requestTimeout = requestTimeout
                self.maxConcurrentRequests = maxConcurrentRequests
                self.maxReplyBytes = maxReplyBytes
                self.structuredOutput = structuredOutput
            }

            /// The overrides the environment sets: `JUDGECAL_BASE_URL`,
            /// `JUDGECAL_MODEL` and `JUDGECAL_API_KEY_VARIABLE`.
            public init(environment: [String: String]) {
                self.init(
                    baseURL: environment["JUDGECAL_BASE_URL"], model: environment["JUDGECAL_MODEL"],
                    apiKeyVariable: environment["JUDGECAL_API_KEY_VARIABLE"])
            }

            /// Sets the address from `urls`, as a user repeats them: one is
            /// ``baseURL``, several are ``endpoints`` with the configuration's limit and key; none
            /// leaves both alone.
            public mutating func setBaseURLs(_ urls: [String]) {
                baseURL = urls.count == 1 ? urls[0] : nil
                endpoints = urls.count > 1 ? urls.map { Endpoint(baseURL: $0) } : nil
            }

            fileprivate func apply(to configuration: inout Configuration) {
                if let baseURL {
                    configuration.baseURL = baseURL
                    configuration.endpoints = []  // one address given over a list replaces it
                }
                if let endpoints {
                    configuration.endpoints = endpoints
                    if let first = endpoints.first { configuration.baseURL = first.baseURL }
                }
                if let endpointBackoff { configuration.endpointBackoff = endpointBackoff }
                if let model { configuration.model = model }
                if let apiKeyVariable { configuration.apiKeyVariable = apiKeyVariable }
                if let connectTimeout { configuration.connectTimeout = connectTimeout }
                if let firstByteTimeout { configuration.firstByteTimeout = firstByteTimeout }
                if let requestTimeout { configuration.requestTimeout = requestTimeout }
                if let maxConcurrentRequests { configuration.maxConcurrentRequests = maxConcurrentRequests }
                if let maxReplyBytes { configuration.maxReplyBytes = maxReplyBytes }
                if let structuredOutput { configuration.structuredOutput = structuredOutput }
            }
        }

        /// The configuration that flags, environment and a configuration file give.
        ///
        /// - Parameters:
        ///   - overrides: Settings from command-line flags; they win.
        ///   - environment: The process environment (`JUDGECAL_BASE_URL`, `JUDGECAL_MODEL`, `JUDGECAL_API_KEY_VARIABLE`).
        ///   - file: A JSON file shaped like ``Overrides`` (`{"baseURL": …, "model": …}`); it loses to both.
        /// - Throws: ``InputError`` naming the file, and the line, when it cannot be read, is not JSON, holds
        ///   a key that is not a setting or a value of the wrong kind (``Overrides/init(contentsOf:)``).
        public static func resolved(
            overrides: Overrides = Overrides(), environment: [String: String] = ProcessInfo.processInfo.environment,
            file: URL? = nil
        ) throws -> Configuration {
            var configuration = Configuration()
            configuration.baseURLSource = .defaults
            configuration.maxConcurrentRequestsSource = .defaults
            let layers: [(Overrides, Source)] =
                try (file.map { [(try Overrides(contentsOf: $0), .file(InputFile.displayName($0)))] } ?? [])
                + [(Overrides(environment: environment), .environment), (overrides, .overrides)]
            for (layer, source) in layers {
                layer.apply(to: &configuration)
                if layer.baseURL != nil || layer.endpoints != nil { configuration.baseURLSource = source }
                if layer.maxConcurrentRequests != nil { configuration.maxConcurrentRequestsSource = source }
            }
            return configuration
        }
    }

    /// When to try a request again, and how long to wait first.
    ///
    /// Retried: HTTP 429 and 5xx, timeouts, dropped connections and truncated
    /// replies. The wait before attempt *k + 1* is
    /// `min(maxDelay, initialDelay · multiplierᵏ⁻¹)`, reduced by a random
    /// fraction of up to `jitter` so that concurrent clients spread out, and
    /// never shorter than the server's `Retry-After` (capped at `maxDelay`).
    public struct RetryPolicy: Sendable, Hashable, Codable {
        /// The most attempts per request, the first included.
        public var maxAttempts: Int
        /// Seconds before the first retry.
        public var initialDelay: Double
        /// The growth factor of the wait.
        public var multiplier: Double
        /// The longest wait, in seconds, whatever `Retry-After` says.
        public var maxDelay: Double
        /// The largest fraction (0–1) taken off each wait at random.
        public var jitter: Double

        /// Creates a policy.
        public init(
            maxAttempts: Int = 5, initialDelay: Double = 0.5, multiplier: Double = 2, maxDelay: Double = 30,
            jitter: Double = 0.5
        ) {
            self.maxAttempts = maxAttempts
            self.initialDelay = initialDelay
            self.multiplier = multiplier
            self.maxDelay = maxDelay
            self.jitter = jitter
        }
    }

    /// Which `response_format` a server accepts for JSON-schema-constrained replies.
    public enum StructuredOutputSupport: String, Sendable, Hashable, Codable, CaseIterable {
        /// OpenAI's `{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}`.
        case openAI
        /// llama.cpp's `{"type": "json_object", "schema": {…}}` (llama-cpp-python 0.3.36 answers
        /// HTTP 500 to OpenAI's form but honours this one).
        case llamaCpp
        /// Neither: the schema goes into the prompt and replies are validated as JSON and counted
        /// in ``OpenAICompatibleModel/Statistics/unconstrainedReplies``.
        case promptOnly
        /// Try OpenAI's form, then llama.cpp's, then the prompt, on the first request with a schema,
        /// and keep what worked.
        case detect
    }
}
