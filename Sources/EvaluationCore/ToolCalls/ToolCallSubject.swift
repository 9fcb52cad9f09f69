/// A subject that recorded the tool calls made while producing it.
public protocol ToolCallSubject: EvaluationSubject {
    /// The calls in the order they were made, each with its tool's answer.
    var toolCalls: [ToolCall] { get }
}

extension ModelSubject {
    /// The tool calls of the transcript, in order, each with the answer of
    /// the `tool` turn that names its id (or, for calls without ids, the next
    /// unclaimed `tool` turn); empty when no transcript was recorded.
    public var toolCalls: [ToolCall] { Self.toolCalls(in: transcript ?? []) }

    /// The tool calls of `transcript`, paired with their answers.
    public static func toolCalls(in transcript: [TranscriptEntry]) -> [ToolCall] {
        var calls: [ToolCall] = []
        var unanswered: [Int] = []
        for entry in transcript {
            if let asked = entry.toolCalls {
                for call in asked {
                    unanswered.append(calls.count)
                    calls.append(call)
                }
            } else if entry.role == "tool" {
                let position =
                    entry.toolCallID.flatMap { id in unanswered.firstIndex { calls[$0].id == id } }
                    ?? unanswered.firstIndex { calls[$0].id == nil }
                guard let position else { continue }
                calls[unanswered[position]].result = entry.content
                unanswered.remove(at: position)
            }
        }
        return calls
    }
}

extension ModelSubject: ToolCallSubject {}
