extension OpenAICompatibleModel {
    /// Whether an HTTP reply definitively refuses the request's `response_format`, rather than saying
    /// the server is busy, down or broken.
    ///
    /// Conservative: a client error (400, 422), "not implemented" (501), or llama-cpp-python's 500,
    /// and only when the body names the form (`response_format`, `json_schema` or `json_object`).
    /// What servers answer to a form they do not take:
    /// - OpenAI: 400 `Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.`
    /// - vLLM: 400 (a `BadRequestError` naming `response_format` or the guided-decoding backend's `json_schema`).
    /// - llama-cpp-python 0.3.36 (the local judge before llama-server): 500 with a validation error at
    ///   `('body', 'response_format', 'type')`: `Input should be 'text' or 'json_object'`.
    ///
    /// A bare 500 or 503, a 429, a timeout or a dropped connection is retried like any request and
    /// says nothing about the form.
    static func refusesForm(status: Int, body: [UInt8]) -> Bool {
        guard [400, 422, 500, 501].contains(status) else { return false }
        let text = String(decoding: body.prefix(4096), as: UTF8.self).lowercased()
        return ["response_format", "json_schema", "json_object"].contains { text.contains($0) }
    }

    /// Whether an HTTP reply definitively refuses a request's `n` (several choices in one request),
    /// rather than saying the server is busy, down or broken.
    ///
    /// Conservative: a client error (400 or 422) whose body names the field `n` in quotes (`'n'`,
    /// `"n"`, escaped `\"n\"` inside a JSON string, or `` `n` ``). llama.cpp's `llama-server` (the
    /// local judge, one slot) answers 400 `Field 'n': Value must be between 1 <= value <= 1, but got 2`.
    static func refusesChoices(status: Int, body: [UInt8]) -> Bool {
        guard [400, 422].contains(status) else { return false }
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        return ["'n'", "\"n\"", "\\\"n\\\"", "`n`"].contains { text.contains($0) }
    }
}
