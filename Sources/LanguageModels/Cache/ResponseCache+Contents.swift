import Foundation

extension ResponseCache {
    /// One stored exchange: the model name the request was keyed with, the request and its response.
    public struct StoredExchange: Sendable, Hashable {
        /// The model name as configured when the request was made (the key's `model`).
        public var model: String
        /// The request as stored (its canonical JSON decoded).
        public var request: ChatRequest
        /// The response, with its token usage when the server reported it.
        public var response: ChatResponse
    }

    /// Every exchange the file holds (from every process that wrote to it), in key order.
    ///
    /// For reading what calls were made, such as the token counts of a judge's rows; it reads the whole
    /// table, so it is for reports, not for the judging path.
    ///
    /// - Throws: ``LanguageModelError`` (``LanguageModelError/Code/cache``) for a stored request or
    ///   response that is not in this version's format.
    public func storedExchanges() throws -> [StoredExchange] {
        struct Content: Decodable {
            var model: String
            var request: ChatRequest
        }
        var exchanges: [StoredExchange] = []
        let file = url.path
        try withConnection { connection in
            try connection.forEachRow("SELECT key, request, response FROM responses ORDER BY key") { row in
                let key = row.text(0)
                guard let content = try? JSONDecoder().decode(Content.self, from: Data(row.text(1).utf8)),
                    let response = row.withBlob(2, { ResponseCodec.decode($0) })
                else {
                    throw LanguageModelError(
                        .cache,
                        "\(file): the stored exchange for key \(key) is not in this version's format; delete the file to start afresh")
                }
                exchanges.append(StoredExchange(model: content.model, request: content.request, response: response))
            }
        }
        return exchanges
    }
}
