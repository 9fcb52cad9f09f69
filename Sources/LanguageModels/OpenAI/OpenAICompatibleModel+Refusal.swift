extension OpenAICompatibleModel {
    /// Whether an HTTP reply definitively refuses the request's `response_format`, rather than saying
    /// the server is busy, down or broken.
    ///
    /// Conservative: a client error (400, 422), "not implemented" (501), or llama-cpp-python's 500,
    /// and only when the body names the form (`response_format`, `json_schema` or `json_object`).
    /// What servers answer to a form they do not take:
    /// - OpenAI: 400 `Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.`
    /// - vLLM: 400 (a `BadRequestError` naming `response_format` or the guided-decoding backend's `json_schema`).
    /// - llama-cpp-python 0.3.36 (the local judge): 500 with a validation error at
    ///   `('body', 'response_format', 'type')`: `Input should be 'text' or 'json_object'`.
    ///
    /// A bare 500 or 503, a 429, a timeout or a dropped connection is retried like any request and
    /// says nothing about the form.
    static func refusesForm(status: Int, body: [UInt8]) -> Bool {
        guard [400, 422, 500, 501].contains(status) else { return false }
        let text = String(decoding: body.prefix(4096), as: UTF8.self).lowercased()
        return ["response_format", "json_schema", "json_object"].contains { text.contains($0) }
    }
}
