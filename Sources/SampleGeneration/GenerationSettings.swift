/// How a ``SampleGenerator`` asks for samples: how many per request, which seeds it shows, the
/// sampling settings, the near-duplicate threshold and the cap on requests.
public struct GenerationSettings: Sendable, Hashable, Codable {
    /// Which seeds each request shows.
    public var strategy: SeedSampling
    /// Seeds shown in one request (all of them when there are fewer).
    public var seedsPerRequest: Int
    /// New samples asked for in one request.
    public var samplesPerRequest: Int
    /// Seeds the random strategy and the requests' sampling seeds (request *r* is sent with
    /// seed + *r*, so every request samples afresh even where two prompts coincide).
    public var seed: UInt64
    /// The sampling temperature sent with every request.
    public var temperature: Double
    /// The most tokens one reply may have.
    public var maxTokens: Int
    /// Word-set similarity (``NearDuplicateIndex``) at and above which a sample is a near-duplicate of a seed or of
    /// a sample already accepted (``NearDuplicateIndex``).
    public var duplicateThreshold: Double
    /// The most requests one generation makes, whatever they yield.
    ///
    /// `nil` is three times the requests the target needs if every sample were valid. Reaching it ends the generation with
    /// ``GenerationSummary/StopReason/requestCapReached``.
    public var maxRequests: Int?

    /// Options with the defaults: random seeds, 3 shown and 4 asked for per request, temperature
    /// 0.8, 1,024 tokens, duplicates at similarity 0.8, three times the needed requests at most.
    public init(
        strategy: SeedSampling = .random,
        seedsPerRequest: Int = 3,
        samplesPerRequest: Int = 4,
        seed: UInt64 = 0,
        temperature: Double = 0.8,
        maxTokens: Int = 1024,
        duplicateThreshold: Double = 0.8,
        maxRequests: Int? = nil
    ) {
        self.strategy = strategy
        self.seedsPerRequest = seedsPerRequest
        self.samplesPerRequest = samplesPerRequest
        self.seed = seed
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.duplicateThreshold = duplicateThreshold
        self.maxRequests = maxRequests
    }

    /// The request cap for `newSamples` samples still to make.
    func requestCap(newSamples: Int) -> Int {
        maxRequests ?? 3 * ((newSamples + samplesPerRequest - 1) / samplesPerRequest)
    }

    /// Throws ``SampleGenerationError`` for an option out of its range.
    func validated() throws -> Self {
        let checks: [(Bool, String)] = [
            (seedsPerRequest >= 1, "seedsPerRequest is \(seedsPerRequest); a request shows at least 1 seed"),
            (samplesPerRequest >= 1, "samplesPerRequest is \(samplesPerRequest); a request asks for at least 1 sample"),
            (maxTokens >= 1, "maxTokens is \(maxTokens); a reply needs at least 1 token"),
            (temperature >= 0 && temperature.isFinite, "temperature is \(temperature); expected a number ≥ 0"),
            (
                duplicateThreshold > 0 && duplicateThreshold <= 1,
                "duplicateThreshold is \(duplicateThreshold); expected a similarity in (0, 1]"
            ),
            ((maxRequests ?? 1) >= 1, "maxRequests is \(maxRequests ?? 0); at least 1 request must be allowed"),
        ]
        if let failed = checks.first(where: { !$0.0 }) { throw SampleGenerationError(failed.1) }
        return self
    }
}

/// Why a generation cannot start: an option out of range, no seeds, or a second concurrent run.
public struct SampleGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to do about it.
    public let message: String

    /// An error with its message.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
