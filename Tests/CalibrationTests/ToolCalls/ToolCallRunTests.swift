import CalibrationData
import RunImports
import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing

@Suite("Tool calls in frozen runs: OpenAI chat import, run files, argument questions")
struct ToolCallRunTests {
    static func temporary(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toolcalls-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Two conversations in OpenAI's chat format: tool calls with arguments as JSON text, tool results by id.
    static let chats = """
        {"id": "c1", "messages": [{"role": "system", "content": "Help with the library."}, {"role": "user", "content": "Find gothic books."}, {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "searchBooks", "arguments": "{\\"genre\\": \\"gothic horror\\", \\"limit\\": 3}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": "[\\"Dracula\\"]"}, {"role": "assistant", "content": [{"type": "text", "text": "Dracula."}]}], "expectations": {"unordered": [{"name": "searchBooks", "arguments": [{"kind": "naturalLanguage", "argument": "genre", "criteria": "Should refer to gothic fiction"}, {"kind": "range", "argument": "limit", "min": 1, "max": 5}]}], "disallowed": [{"name": "findSimilarBooks"}]}, "tools": [{"type": "function", "function": {"name": "searchBooks"}}]}
        {"id": "c2", "messages": [{"role": "user", "content": "Something like Dracula?"}, {"role": "assistant", "content": "", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "findSimilarBooks", "arguments": "{bookId: b2"}}]}, {"role": "tool", "tool_call_id": "a", "content": "[]"}]}

        """

    @Test("An OpenAI chat export imports with its tool calls, results, expectations and tools")
    func importChats() throws {
        let run = try RunImporter.importRun(from: Self.temporary("chats.jsonl", Self.chats), format: .openAIChat)
        #expect(run.rows.map(\.id) == ["c1", "c2"])
        let first = run.rows[0]
        #expect(first.input == .object(["prompt": .string("Find gothic books."), "instructions": .string("Help with the library.")]))
        #expect(first.response == .string("Dracula."))
        let calls = ModelSubject<JSONValue>.toolCalls(in: first.transcript ?? [])
        #expect(
            calls == [
                ToolCall(
                    id: "call_1", name: "searchBooks", arguments: .object(["genre": .string("gothic horror"), "limit": .number(3)]),
                    result: "[\"Dracula\"]")
            ])
        #expect(first.expectations?.disallowed == [ToolExpectation("findSimilarBooks")])
        #expect(first.metadata["tools"] != nil)
        // Arguments that are not JSON are kept as written, for the check to fail and say so.
        let broken = ModelSubject<JSONValue>.toolCalls(in: run.rows[1].transcript ?? [])
        #expect(broken.first?.arguments == .string("{bookId: b2"))
        #expect(run.rows[1].response == .string(""), "the conversation ended in a tool call")
    }

    @Test("A run with transcripts and expectations reads back; a run written before them reads as before")
    func runFiles() throws {
        let run = try RunImporter.importRun(from: Self.temporary("chats.jsonl", Self.chats), format: .openAIChat)
        let url = try Self.temporary("chats.run.jsonl", "")
        try run.save(to: url)
        #expect(try FrozenRun.load(from: url) == run)
        let old = try Self.temporary(
            "old.run.jsonl", "{\"run\": {\"name\": \"old\", \"info\": {}}}\n{\"id\": \"r1\", \"input\": \"x\", \"response\": \"y\"}\n")
        let row = try #require(try FrozenRun.load(from: old).rows.first)
        #expect(row.transcript == nil && row.expectations == nil)
        let plain = FrozenRow(id: "r1", input: .string("x"), response: .string("y"))
        let written = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!written.contains("transcript") && !written.contains("expectations"), "old runs are written as they were")
    }

    @Test("A run file's transcript or expectations written wrongly name the line and the field's path")
    func badRunFields() throws {
        let header = "{\"run\": {\"name\": \"r\", \"info\": {}}}\n"
        let transcript = try Self.temporary(
            "t.run.jsonl", header + "{\"id\": \"a\", \"input\": 1, \"response\": 2, \"transcript\": [{\"role\": \"user\"}]}\n")
        let missing = #expect(throws: InputError.self) { _ = try FrozenRun.load(from: transcript) }
        #expect(missing?.line == 2 && missing?.column == "transcript[0].content", "\(String(describing: missing))")
        let expectations = try Self.temporary(
            "e.run.jsonl", header + "{\"id\": \"a\", \"input\": 1, \"response\": 2, \"expectations\": {\"ordered\": 3}}\n")
        let wrong = #expect(throws: InputError.self) { _ = try FrozenRun.load(from: expectations) }
        #expect(wrong?.line == 2 && wrong?.column == "expectations.ordered", "\(String(describing: wrong))")
    }

    @Test(
        "Chat records written wrongly are errors with line, path and what was expected",
        arguments: [
            ("{\"id\": \"x\", \"messages\": []}", 1, "messages", "non-empty list"),
            (
                "{\"id\": \"x\",\n \"messages\": [{\"role\": \"user\", \"content\": \"q\"},\n {\"role\": \"robot\", \"content\": \"a\"}]}",
                3, "messages[1].role", "expected system"
            ),
            (
                "{\"messages\": [{\"role\": \"user\", \"content\": \"q\"}, {\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"1\", \"function\": {\"arguments\": \"{}\"}}]}]}",
                1, "messages[1].tool_calls[0].function.name", "tool's name"
            ),
            (
                "{\"messages\": [{\"role\": \"user\", \"content\": \"q\"}, {\"role\": \"tool\", \"content\": \"r\"}]}", 1,
                "messages[1].tool_call_id", "names the call"
            ),
            (
                "{\"messages\": [{\"role\": \"user\", \"content\": \"q\"}], \"expectations\": {\"unordered\": [{\"name\": \"s\", \"arguments\": [{\"kind\": \"exact\", \"argument\": \"a\"}]}]}}",
                1, "expectations.unordered[0].arguments[0].value", "missing"
            ),
            ("{\"messages\": [{\"role\": \"user\", \"content\": \"q\"}], \"extra\": 1}", 1, "extra", "unknown key"),
        ])
    func badRecords(record: String, line: Int, column: String, message: String) throws {
        // A JSON array, so that a record may span lines; each record starts on the file's line 2.
        let url = try Self.temporary("bad.json", "[\n" + record + "\n]\n")
        let error = #expect(throws: InputError.self) { _ = try RunImporter.importRun(from: url, format: .openAIChat) }
        #expect(error?.line == line + 1, "\(String(describing: error))")
        #expect(error?.column == column)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("A syntax error in a chat record names its line and character column")
    func syntax() throws {
        let url = try Self.temporary("bad.jsonl", "{\"messages\": [{\"role\": \"user\" \"content\": \"q\"}]}\n")
        let error = #expect(throws: InputError.self) { _ = try RunImporter.importRun(from: url, format: .openAIChat) }
        #expect(error?.line == 1)
        #expect(error?.column == "31", "\(String(describing: error))")
    }

    @Test("The argument questions: one row per natural-language matcher and call, rendered as the argument judge renders them")
    func argumentQuestions() throws {
        let run = try RunImporter.importRun(from: Self.temporary("chats.jsonl", Self.chats), format: .openAIChat)
        let questions = try run.toolArgumentRun()
        #expect(questions.rows.map(\.id) == ["c1/call-1/genre"])
        let row = questions.rows[0]
        #expect(row.response == .string("gothic horror"))
        #expect(row.metadata["source_row"] == .string("c1"))
        let asked = ArgumentQuestion(
            toolName: "searchBooks", argumentName: "genre", value: .string("gothic horror"), criteria: "Should refer to gothic fiction")
        let rubric = try Rubric.toolArgument()
        #expect(
            try JudgePromptRenderer.messages(for: rubric, row: row.json) == JudgePromptRenderer.messages(for: rubric, row: asked.row),
            "judge and align see exactly the question the matcher asks")
        let empty = ArgumentQuestion(toolName: "searchBooks", argumentName: "genre", value: .string(""), criteria: "Should refer to gothic fiction")
        let emptyPrompt = try JudgePromptRenderer.messages(for: rubric, row: empty.row).map(\.content).joined()
        #expect(emptyPrompt.contains("<target>\n(empty)\n</target>"), "an empty value is asked about, not refused: \(emptyPrompt)")
        let none = try FrozenRun(info: RunInfo(name: "plain"), rows: [FrozenRow(id: "r", input: .null, response: .null)])
        #expect(throws: InputError.self) { _ = try none.toolArgumentRun() }
    }
}
