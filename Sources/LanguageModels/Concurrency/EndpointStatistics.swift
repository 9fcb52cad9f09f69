/// How one endpoint's exchanges went (``OpenAICompatibleModel/Statistics/endpoints``).
public struct EndpointStatistics: Sendable, Hashable {
    /// The endpoint's base URL.
    public var baseURL: String
    /// HTTP requests sent to it, retries included.
    public var requests = 0
    /// Of those, the ones that got no chat completion: no reply, a status that is not 2xx, or a
    /// body that is not a completion.
    public var failures = 0
    /// Times it was taken out for a back-off (only when the model has several endpoints).
    public var outages = 0
    /// Seconds of each exchange, in the order they ended, failed ones included, measured on the
    /// thread that ran it.
    public var latencies: [Double] = []

    /// Creates empty counts for the endpoint at `baseURL`.
    public init(baseURL: String) {
        self.baseURL = baseURL
    }
}
