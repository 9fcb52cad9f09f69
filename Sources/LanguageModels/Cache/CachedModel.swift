/// A model that answers from a ``ResponseCache`` when it can, and asks the
/// model it wraps (storing the answer) when it cannot.
///
/// A completed call is committed before ``respond(to:)`` returns, so an
/// interrupted run, started again over the same cache, repeats none of its
/// completed calls. Failures are not cached. Concurrent identical requests
/// that both miss are both sent; the first reply stored is the one kept.
public struct CachedModel: LanguageModel {
    /// The model asked on a miss.
    public let base: any LanguageModel
    /// Where responses are kept.
    public let cache: ResponseCache

    /// Wraps `base` with `cache`.
    public init(_ base: any LanguageModel, cache: ResponseCache) {
        self.base = base
        self.cache = cache
    }

    /// The wrapped model's name, which is part of every cache key.
    public var modelName: String { base.modelName }

    /// The cached response to `request`, or the wrapped model's, stored.
    ///
    /// The lookup runs on a thread of the cache's own, not on the cooperative
    /// pool (``ResponseCache/offPool(_:)``); the store joins the cache's group
    /// commit and returns once committed. The key is computed once for both.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        let model = modelName
        let key = ResponseCache.Key(model: model, request: request)
        if let cached = try await cache.lookUp(key) { return cached }
        let response = try await base.respond(to: request)
        try await cache.commit(response, for: key, model: model)
        return response
    }
}
