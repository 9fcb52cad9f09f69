import DataFormats
import Foundation

extension OpenAICompatibleModel.Configuration {
    /// One server of several that serve the same model (replicas of vLLM, SGLang, llama.cpp or TGI
    /// behind OpenAI-compatible endpoints), as a configuration file's `endpoints` lists them:
    /// `{"baseURL": "http://10.0.0.2:8000/v1", "maxConcurrentRequests": 16, "weight": 2}`.
    ///
    /// Requests go to the endpoint with the lowest load, `(outstanding + 1) / (limit · weight)` —
    /// the share of its limit it would have in use, scaled by its weight — among those with a free
    /// place; ties go to the one listed first. The response cache is keyed on the request, not the
    /// endpoint, so replicas share answers.
    public struct Endpoint: Sendable, Hashable, Codable {
        /// The API's base URL, up to and including `/v1`.
        public var baseURL: String
        /// Requests in flight to this endpoint at once; `nil`: the configuration's
        /// ``OpenAICompatibleModel/Configuration/maxConcurrentRequests``.
        public var maxConcurrentRequests: Int?
        /// How much more than its limit says this endpoint is preferred while there is room
        /// elsewhere (a positive number, default 1).
        public var weight: Double?
        /// The environment variable holding this endpoint's API key; `nil`: the configuration's
        /// ``OpenAICompatibleModel/Configuration/apiKeyVariable``.
        public var apiKeyVariable: String?

        /// The keys an endpoint object of a configuration file may hold, in declaration order.
        public static var fileKeys: [String] { Mirror(reflecting: Self(baseURL: "")).children.compactMap(\.label) }

        /// Creates an endpoint; `nil` settings are the configuration's.
        public init(baseURL: String, maxConcurrentRequests: Int? = nil, weight: Double? = nil, apiKeyVariable: String? = nil) {
            self.baseURL = baseURL
            self.maxConcurrentRequests = maxConcurrentRequests
            self.weight = weight
            self.apiKeyVariable = apiKeyVariable
        }
    }

    /// The endpoints requests go to: ``endpoints``, or ``baseURL`` alone when there are none.
    public var servingEndpoints: [Endpoint] { endpoints.isEmpty ? [Endpoint(baseURL: baseURL)] : endpoints }
}
