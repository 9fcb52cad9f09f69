import CalibrationData
import DataFormats
import EvaluationCore
import Foundation

extension RunImporter {
    /// A run from OpenAI-style chat transcripts: JSON Lines (or a JSON array)
    /// of `{"id"?, "messages": [...], "expectations"?, "metadata"?, "tools"?}`.
    ///
    /// Each message has a `role` (`system`, `user`, `assistant`, `tool`) and
    /// `content` (text, `null`, or a list of `{"type": "text", "text": …}`
    /// parts, joined by newlines). An assistant message may hold `tool_calls`,
    /// each `{"id", "type": "function", "function": {"name", "arguments"}}`
    /// with `arguments` a string of JSON (as the API sends it) or a JSON
    /// object; a `tool` message names the call it answers in `tool_call_id`.
    /// Arguments that are not valid JSON are kept as the text the model wrote:
    /// the trajectory check fails that call and says why, where refusing the
    /// file would hide the agent's mistake.
    ///
    /// The row's `input` is `{"prompt": <the first user message>, "instructions":
    /// <the system messages before it, or null>}`, its `response` the last
    /// assistant message's text (`""` when the conversation ends in tool calls),
    /// its `transcript` every message, its `expectations` the record's (see
    /// `docs/FORMATS.md`), and `tools` (the tool definitions) goes to metadata.
    /// Without `id`, the id is a hash of the content, as for other exports.
    ///
    /// - Throws: ``InputError`` naming the line of the field at fault and its
    ///   path as the column (`messages[3].tool_calls[0].function.name`), with
    ///   what was expected; a syntax error with its line and character column.
    static func fromOpenAIChat(_ data: Data, file: String, name: String) throws -> FrozenRun {
        var run = try FrozenRun(info: RunInfo(name: name, source: file), rows: [], file: file)
        for record in try JSONRecords.split(data, file: file) {
            _ = try JSONValue.parse(record.data, file: file, firstLine: record.line)
            let (value, lines) = try JSONValue.parseLocated(record.data, file: file)
            let reader = ChatRecordReader(file: file, firstLine: record.line, lines: lines)
            let row = try reader.row(value)
            if row.id.isEmpty {
                var identified = row
                identified.id = contentID(row.input, .array((row.transcript ?? []).map(ChatRecordReader.json)))
                try appendContentIdentified(
                    identified, to: &run, file: file, line: record.line, column: nil,
                    remedy: .text("give the records ids, or remove the repeated conversation"))
            } else {
                try run.append(row, file: file, line: record.line)
            }
        }
        guard !run.rows.isEmpty else { throw InputError(file: file, message: "has no conversations") }
        return run
    }
}

/// Reads one chat record, naming the line and path of what it rejects.
private struct ChatRecordReader {
    let file: String
    let firstLine: Int
    let lines: JSONLines

    func fail(_ path: String, _ message: String) -> InputError {
        var probe = path
        var line = lines.line(of: probe)
        while line == nil, !probe.isEmpty {
            probe = String(probe[..<(probe.lastIndex { $0 == "." || $0 == "[" } ?? probe.startIndex)])
            line = lines.line(of: probe)
        }
        return InputError(file: file, line: firstLine - 1 + (line ?? 1), column: path, message: message)
    }

    func row(_ value: JSONValue) throws -> FrozenRow {
        guard case .object(let fields) = value else {
            throw fail("", "expected a conversation {\"messages\": [...]}, found \(value.compactJSON.prefix(60))")
        }
        let known = ["id", "messages", "expectations", "metadata", "tools"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "unknown key; a conversation has \(known.joined(separator: ", "))")
        }
        var id = ""
        if let given = fields["id"] {
            guard let text = given.identifierText else { throw fail("id", given.identifierProblem) }
            id = text
        }
        guard case .array(let messages)? = fields["messages"], !messages.isEmpty else {
            throw fail("messages", "expected a non-empty list of messages")
        }
        let transcript = try messages.enumerated().map { try entry($1, path: "messages[\($0)]") }
        guard let firstUser = transcript.firstIndex(where: { $0.role == "user" }) else {
            throw fail("messages", "no message has the role user; the conversation's prompt is its first user message")
        }
        let system = transcript[..<firstUser].filter { $0.role == "system" }.map(\.content)
        let input = JSONValue.object([
            "prompt": .string(transcript[firstUser].content),
            "instructions": system.isEmpty ? .null : .string(system.joined(separator: "\n")),
        ])
        let response = transcript.last { $0.role == "assistant" && $0.toolCalls == nil }?.content ?? ""
        var expectations: TrajectoryExpectation?
        if let e = fields["expectations"], e != .null {
            do {
                expectations = try TrajectoryExpectation(json: e, path: "expectations")
            } catch {
                throw fail(error.path, error.message)
            }
        }
        var metadata: [String: JSONValue] = [:]
        switch fields["metadata"] {
        case nil, .null?: break
        case .object(let m)?: metadata = m
        case let other?: throw fail("metadata", "expected an object, found \(other.compactJSON.prefix(60))")
        }
        if let tools = fields["tools"] { metadata["tools"] = tools }
        return FrozenRow(
            id: id, input: input, response: .string(response), metadata: metadata, transcript: transcript,
            expectations: expectations)
    }

    func entry(_ value: JSONValue, path: String) throws -> TranscriptEntry {
        guard case .object(let m) = value else { throw fail(path, "expected a message {\"role\", \"content\"}") }
        guard case .string(let role)? = m["role"], ["system", "developer", "user", "assistant", "tool"].contains(role) else {
            throw fail(path + ".role", "expected system, developer, user, assistant or tool")
        }
        let content = try text(m["content"], path: path + ".content")
        var calls: [ToolCall]?
        if let listed = m["tool_calls"], listed != .null {
            guard role == "assistant", case .array(let items) = listed else {
                throw fail(path + ".tool_calls", "expected a list of calls, in an assistant message")
            }
            calls = try items.enumerated().map { try call($1, path: "\(path).tool_calls[\($0)]") }
        }
        var answers: String?
        if role == "tool" {
            guard case .string(let id)? = m["tool_call_id"] else {
                throw fail(path + ".tool_call_id", "a tool message names the call it answers in tool_call_id")
            }
            answers = id
        }
        return TranscriptEntry(role: role == "developer" ? "system" : role, content: content, toolCalls: calls, toolCallID: answers)
    }

    func call(_ value: JSONValue, path: String) throws -> ToolCall {
        guard case .object(let c) = value, case .object(let function)? = c["function"] else {
            throw fail(path + ".function", "expected {\"id\", \"type\": \"function\", \"function\": {\"name\", \"arguments\"}}")
        }
        guard case .string(let name)? = function["name"], !name.isEmpty else {
            throw fail(path + ".function.name", "expected the tool's name")
        }
        let arguments: JSONValue
        switch function["arguments"] {
        case nil, .null?: arguments = .object([:])
        case .string(let text)?:
            arguments = (try? JSONValue.parse(Data(text.utf8))) ?? .string(text)
        case let object?: arguments = object
        }
        return ToolCall(id: c["id"]?.string, name: name, arguments: arguments)
    }

    func text(_ value: JSONValue?, path: String) throws -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let s)?: return s
        case .array(let parts)?:
            return try parts.enumerated().map { i, part in
                guard case .string(let t)? = part["text"] else { throw fail("\(path)[\(i)].text", "expected a text part") }
                return t
            }.joined(separator: "\n")
        case let other?: throw fail(path, "expected text, null or a list of text parts, found \(other.compactJSON.prefix(60))")
        }
    }

    /// A transcript entry as JSON, for the content hash of a record without an id.
    static func json(_ entry: TranscriptEntry) -> JSONValue {
        .object([
            "role": .string(entry.role), "content": .string(entry.content),
            "tool_calls": .array((entry.toolCalls ?? []).map { .object(["name": .string($0.name), "arguments": $0.arguments]) }),
        ])
    }
}
