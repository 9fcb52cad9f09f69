/// One turn of a recorded conversation.
///
/// An assistant turn may ask for tools (``toolCalls``); each tool's answer is
/// a turn of its own with role `tool`, naming the call it answers in
/// ``toolCallID``. In files the two are written `tool_calls` and
/// `tool_call_id`, as OpenAI's chat format writes them, and left out when
/// absent, so transcripts written before tool calls were recorded read as
/// they were.
public struct TranscriptEntry: Sendable, Hashable, Codable {
    /// Who spoke: `system`, `user`, `assistant` or `tool`.
    public var role: String
    /// What was said.
    public var content: String
    /// The tools an assistant turn asked for, in order; `nil` for other turns.
    public var toolCalls: [ToolCall]?
    /// For a `tool` turn, the id of the call it answers.
    public var toolCallID: String?

    /// Creates an entry.
    public init(role: String, content: String, toolCalls: [ToolCall]? = nil, toolCallID: String? = nil) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
    }

    enum CodingKeys: String, CodingKey {
        case role, content
        case toolCalls = "tool_calls"
        case toolCallID = "tool_call_id"
    }
}
