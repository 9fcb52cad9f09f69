/// What the system under test produced for one sample.
public protocol EvaluationSubject: Sendable {
    /// The type of the produced value.
    associatedtype Value: Sendable
    /// The produced value.
    var value: Value { get }
}

/// The output of a language-model feature for one sample: its value and,
/// optionally, the conversation that produced it.
public struct ModelSubject<Value: Sendable>: ToolCallSubject {
    /// The produced value.
    public var value: Value
    /// The turns of the conversation that produced it, when recorded.
    public var transcript: [TranscriptEntry]?

    /// Creates a subject.
    public init(value: Value, transcript: [TranscriptEntry]? = nil) {
        self.value = value
        self.transcript = transcript
    }
}

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
