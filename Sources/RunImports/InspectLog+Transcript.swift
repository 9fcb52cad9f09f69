import CalibrationData
import DataFormats
import EvaluationCore

extension InspectLog {
    /// The conversation of a sample that used tools, as a frozen row's
    /// transcript; `nil` for a sample whose messages hold neither a tool call
    /// nor a tool answer and that has no `expectations` (a plain chat sample
    /// keeps its row as before).
    ///
    /// Each of Inspect's messages (`system`, `user`, `assistant`, `tool`)
    /// becomes an entry with its text (a string, or its text parts joined by
    /// newlines). An assistant's `tool_calls`, each `{"id", "function",
    /// "arguments"}` with the arguments as a JSON object, become ``ToolCall``s
    /// under their id and function name; a `tool` message answers the call
    /// named by its `tool_call_id`. A tool that failed (`error`, with empty
    /// content) answers `error: <message>`, so the failure stays visible in
    /// the call's result.
    ///
    /// - Throws: ``InputError`` naming the sample's place and the field
    ///   (`messages[2].tool_calls[0].function`) with what was expected.
    static func transcript(_ messages: JSONValue?, place: String, hasExpectations: Bool) throws -> [TranscriptEntry]? {
        guard let messages = messages?.array else { return nil }
        let usesTools = messages.contains { $0["role"]?.string == "tool" || ($0["tool_calls"]?.array?.isEmpty == false) }
        guard usesTools || hasExpectations else { return nil }
        return try messages.enumerated().map { i, message in
            let at = "messages[\(i)]"
            guard let role = message["role"]?.string, ["system", "user", "assistant", "tool"].contains(role) else {
                throw InputError(file: place, column: at + ".role", message: "expected system, user, assistant or tool")
            }
            var content = text(of: message["content"]) ?? ""
            var calls: [ToolCall]?
            if let listed = message["tool_calls"], listed != .null {
                guard let items = listed.array else {
                    throw InputError(file: place, column: at + ".tool_calls", message: "expected a list of tool calls")
                }
                calls = try items.enumerated().map { j, item in
                    guard let name = item["function"]?.string, !name.isEmpty else {
                        throw InputError(
                            file: place, column: "\(at).tool_calls[\(j)].function", message: "expected the tool's name")
                    }
                    let arguments = item["arguments"].flatMap { $0 == .null ? nil : $0 } ?? .object([:])
                    return ToolCall(id: item["id"]?.string, name: name, arguments: arguments)
                }
            }
            var answers: String?
            if role == "tool" {
                guard let id = message["tool_call_id"]?.string else {
                    throw InputError(
                        file: place, column: at + ".tool_call_id", message: "a tool message names the call it answers")
                }
                answers = id
                if content.isEmpty, let error = message["error"], error != .null {
                    content = "error: " + (error["message"]?.string ?? error.compactJSON)
                }
            }
            return TranscriptEntry(role: role, content: content, toolCalls: calls, toolCallID: answers)
        }
    }

    /// The trajectory a sample's metadata expects under `expectations` (the
    /// JSON form of ``EvaluationCore/TrajectoryExpectation``), or `nil`.
    ///
    /// - Throws: ``InputError`` naming the sample's place and the field at fault.
    static func expectations(_ value: JSONValue?, place: String) throws -> TrajectoryExpectation? {
        guard let value, value != .null else { return nil }
        do {
            return try TrajectoryExpectation(json: value, path: "metadata.expectations")
        } catch {
            throw InputError(file: place, column: error.path, message: error.message)
        }
    }
}
