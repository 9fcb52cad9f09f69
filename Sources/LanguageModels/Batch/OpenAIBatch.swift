import DataFormats
public import Foundation

/// OpenAI's batch file formats (the Batch API's, and vLLM's `run_batch`): an input file of
/// requests and an output file of their replies, one JSON object a line, matched by `custom_id`.
///
/// An input line is `{"body": {…}, "custom_id": "…", "method": "POST", "url": "/v1/chat/completions"}`,
/// `body` byte for byte what ``OpenAICompatibleModel`` would POST for the request (keys sorted). Its
/// `custom_id` is the request's response-cache key (``ResponseCache/key(model:request:)``, 64
/// hexadecimal digits), so a reply read back is stored under exactly the request that was asked.
public enum OpenAIBatch {
    /// The `url` of every input line: `/v1/chat/completions`.
    public static let chatCompletionsPath = "/v1/chat/completions"

    /// The form a request's schema takes in a batch body: the configured one, and for `detect`
    /// (nothing to probe in a file) OpenAI's `json_schema`, which OpenAI's and vLLM's batch engines take.
    public static func form(for request: ChatRequest, support: OpenAICompatibleModel.StructuredOutputSupport)
        -> StructuredOutput
    {
        guard let schema = request.schema else { return .none }
        return support == .detect ? OpenAICompatibleModel.StructuredOutputSupport.openAI.form(for: schema) : support.form(for: schema)
    }

    /// One input line (without its line break) for `request` to the configured model.
    ///
    /// - Throws: ``LanguageModelError`` when the request cannot be encoded.
    public static func inputLine(for request: ChatRequest, configuration: OpenAICompatibleModel.Configuration) throws -> Data {
        let body = try OpenAICompatibleModel.body(
            for: request, model: configuration.model, form: form(for: request, support: configuration.structuredOutput))
        let id = ResponseCache.key(model: configuration.model, request: request)
        var line = Data(#"{"body":"#.utf8)
        line.append(contentsOf: body)
        line.append(contentsOf: #","custom_id":"\#(id)","method":"POST","url":"\#(chatCompletionsPath)"}"#.utf8)
        return line
    }
}

extension OpenAICompatibleModel.StructuredOutputSupport {
    /// How `schema` is sent in this form: `json_schema` (named `reply`), llama.cpp's `json_object`
    /// with the schema, or not at all (the schema goes into the prompt) for ``promptOnly`` and ``detect``.
    func form(for schema: JSONValue) -> StructuredOutput {
        switch self {
        case .openAI: .jsonSchema(name: "reply", schema: schema)
        case .llamaCpp: .jsonObjectWithSchema(schema)
        case .promptOnly, .detect: .none
        }
    }
}
