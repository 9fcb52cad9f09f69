public import DataFormats

/// One call an agent made to a tool: the tool's name, its arguments as JSON,
/// and what the tool answered.
///
/// ``arguments`` is normally a JSON object. A model that wrote arguments that
/// are not JSON keeps them as the text it wrote (a JSON string), so the
/// trajectory check can say so instead of the import refusing the transcript:
/// a malformed call is the agent's failure, not the file's.
public struct ToolCall: Sendable, Hashable, Codable {
    /// The call's id in its transcript, when the model gave one (`call_1`).
    public var id: String?
    /// The tool's name.
    public var name: String
    /// The arguments, normally a JSON object.
    public var arguments: JSONValue
    /// What the tool answered, when the transcript holds its answer; `nil` in a
    /// transcript entry, whose answer is the `tool` turn that follows.
    public var result: String?

    /// Creates a call.
    public init(id: String? = nil, name: String, arguments: JSONValue = .object([:]), result: String? = nil) {
        self.id = id
        self.name = name
        self.arguments = arguments
        self.result = result
    }

    /// The argument called `name`; `nil` when it is absent, is JSON `null`
    /// (an optional argument left out), or the arguments are not an object.
    public func argument(_ name: String) -> JSONValue? {
        guard case .object(let fields) = arguments, let value = fields[name], value != .null else { return nil }
        return value
    }
}
