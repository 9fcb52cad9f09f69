public import LanguageModels

/// One request and the reply a real server gave it: a line of a recorded-replies file.
public struct RecordedExchange: Sendable, Hashable, Codable {
    /// The model that answered, as configured (part of the lookup key).
    public var model: String
    /// What was asked.
    public var request: ChatRequest
    /// What the server answered.
    public var response: ChatResponse

    /// Creates a record.
    public init(model: String, request: ChatRequest, response: ChatResponse) {
        self.model = model
        self.request = request
        self.response = response
    }
}
