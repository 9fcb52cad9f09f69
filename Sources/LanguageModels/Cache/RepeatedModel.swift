/// A model that asks every request afresh as repetition `repetition` of itself: the request's
/// ``ChatRequest/sampleIndex`` is moved on by `repetition` × ``stride`` before it reaches the model
/// it wraps.
///
/// The sample index is part of a cache key and is not sent to the server, so over a
/// ``CachedModel`` a repeated request misses the reply cached for the original and the server is
/// asked again, with the same messages, temperature and seed ("sampling as configured"); its
/// reply is cached under the repetition's own key, so a run that was stopped resumes without
/// asking twice. This is how a bias probe's placebo re-judges unchanged rows to measure the
/// judge's run-to-run noise. A server that is deterministic for a fixed seed (temperature 0, say)
/// gives the same reply again, and that is worth knowing too.
public struct RepeatedModel: LanguageModel {
    /// Sample indices a judge may use for one request (far more than any sampled mode asks for).
    public static let stride = 1 << 20

    /// The model asked.
    public let base: any LanguageModel
    /// Which repetition (1 for the first repetition; 0 would be the original request).
    public let repetition: Int

    /// `base`, asked as repetition `repetition`.
    public init(_ base: any LanguageModel, repetition: Int) {
        self.base = base
        self.repetition = repetition
    }

    public var modelName: String { base.modelName }

    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        var repeated = request
        repeated.sampleIndex += repetition * Self.stride
        return try await base.respond(to: repeated)
    }
}
