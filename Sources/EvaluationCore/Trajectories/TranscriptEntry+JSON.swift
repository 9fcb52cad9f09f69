public import DataFormats

extension TranscriptEntry {
    /// Reads a transcript from its JSON as files hold it: a list of
    /// `{"role", "content", "tool_calls"?: [{"id"?, "name", "arguments", "result"?}], "tool_call_id"?}`.
    ///
    /// - Throws: ``ToolCallFormatError`` naming the field at fault
    ///   (`transcript[2].tool_calls[0].name`).
    public static func transcript(json: JSONValue, path: String) throws(ToolCallFormatError) -> [TranscriptEntry] {
        guard case .array(let items) = json else {
            throw ToolCallFormatError(path: path, message: "expected a list of transcript entries, found \(json.compactJSON)")
        }
        var entries: [TranscriptEntry] = []
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            let fields = try TrajectoryExpectation.object(item, at, allowed: ["role", "content", "tool_calls", "tool_call_id"])
            let role = try string(fields["role"], TrajectoryExpectation.join(at, "role"))
            let content = try string(fields["content"], TrajectoryExpectation.join(at, "content"))
            var calls: [ToolCall]?
            if let listed = fields["tool_calls"], listed != .null {
                guard case .array(let raw) = listed else {
                    throw ToolCallFormatError(path: TrajectoryExpectation.join(at, "tool_calls"), message: "expected a list of calls")
                }
                calls = []
                for (j, call) in raw.enumerated() {
                    let callPath = TrajectoryExpectation.join(at, "tool_calls[\(j)]")
                    let f = try TrajectoryExpectation.object(call, callPath, allowed: ["id", "name", "arguments", "result"])
                    calls?.append(
                        ToolCall(
                            id: try f["id"].map { v throws(ToolCallFormatError) in try string(v, TrajectoryExpectation.join(callPath, "id"))
                            },
                            name: try string(f["name"], TrajectoryExpectation.join(callPath, "name")),
                            arguments: f["arguments"] ?? .object([:]),
                            result: try f["result"].map { v throws(ToolCallFormatError) in
                                try string(v, TrajectoryExpectation.join(callPath, "result"))
                            }))
                }
            }
            let answers = try fields["tool_call_id"].map { v throws(ToolCallFormatError) in
                try string(v, TrajectoryExpectation.join(at, "tool_call_id"))
            }
            entries.append(TranscriptEntry(role: role, content: content, toolCalls: calls, toolCallID: answers))
        }
        return entries
    }

    private static func string(_ value: JSONValue?, _ path: String) throws(ToolCallFormatError) -> String {
        guard case .string(let s)? = value else {
            throw ToolCallFormatError(path: path, message: value == nil ? "missing; expected a string" : "expected a string")
        }
        return s
    }
}
