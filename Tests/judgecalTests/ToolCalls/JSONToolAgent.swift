import DataFormats
import EvaluationCore
import Foundation
import LanguageModels

/// A tiny tool-using agent over a five-book library, for the tool-call show.
///
/// The local judge (llama-cpp-python serving SmolLM2-135M-Instruct) accepts a
/// chat request's `tools` but its chat format ignores them and the model never
/// answers with `tool_calls`, so this agent asks for a tool call as JSON in the
/// reply's text, `{"tool": …, "arguments": {…}}`, parses it into a
/// ``ToolCall``, runs the tool, and gives the model the result in a user turn.
/// A reply that is not such JSON is the final answer. At most ``maxSteps``
/// model requests a conversation. With ``example``, the conversation opens
/// with one worked exchange (a request and the JSON call answering it), which
/// the 135M model needs before it writes a call at all.
struct JSONToolAgent {
    let model: any LanguageModel
    let example: Bool
    let maxSteps = 2

    static let exampleTurns = [
        ChatMessage(.user, "Find the books tagged fantasy."),
        ChatMessage(.assistant, #"{"tool": "searchBooks", "arguments": {"tag": "fantasy"}}"#),
    ]

    static let instructions = """
        You are the assistant of a personal book library. You answer by calling tools. Tools:
        - searchBooks(tag, genre, mood, query, limit): search the library
        - getBookDetails(bookId): details of one book
        - findSimilarBooks(bookId): books like one book
        To call a tool, reply with JSON only, for example: {"tool": "searchBooks", "arguments": {"tag": "fantasy"}}
        When you know the answer, reply with plain text.
        """

    static let books: [[String: String]] = [
        ["bookId": "b1", "title": "The Castle of Otranto", "tag": "gothic", "genre": "horror", "mood": "dark"],
        ["bookId": "b2", "title": "Dracula", "tag": "gothic", "genre": "horror", "mood": "tense"],
        ["bookId": "b3", "title": "The Martian", "tag": "survival", "genre": "science fiction", "mood": "uplifting"],
        ["bookId": "b4", "title": "A Psalm for the Wild-Built", "tag": "cozy", "genre": "science fiction", "mood": "hopeful"],
        ["bookId": "b5", "title": "Rebecca", "tag": "gothic", "genre": "mystery", "mood": "brooding"],
    ]
    static let library: [JSONValue] = books.map { .object($0.mapValues { .string($0) }) }

    /// What a tool answers, as JSON text.
    static func run(_ call: ToolCall) -> String {
        func matches(_ book: JSONValue) -> Bool {
            ["tag", "genre", "mood"].allSatisfy { key in
                guard let wanted = call.argument(key)?.string else { return true }
                return book[key]?.string?.lowercased().contains(wanted.lowercased()) == true
            }
        }
        switch call.name {
        case "searchBooks": return JSONValue.array(library.filter(matches)).compactJSON
        case "getBookDetails", "findSimilarBooks":
            let id = call.argument("bookId")?.string ?? ""
            return library.first { $0["bookId"]?.string == id }?.compactJSON ?? "{\"error\": \"no book \(id)\"}"
        default: return "{\"error\": \"no tool \(call.name)\"}"
        }
    }

    /// The final answer and the transcript of one conversation.
    func run(prompt: String) async throws -> (answer: String, transcript: [TranscriptEntry]) {
        var messages = [ChatMessage(.system, Self.instructions)] + (example ? Self.exampleTurns : []) + [ChatMessage(.user, prompt)]
        var transcript = [TranscriptEntry(role: "system", content: Self.instructions), TranscriptEntry(role: "user", content: prompt)]
        for step in 1...maxSteps {
            let reply = try await model.respond(to: ChatRequest(messages: messages, temperature: 0, maxTokens: 96, seed: 42))
            let text = reply.choices.first?.text ?? ""
            messages.append(ChatMessage(.assistant, text))
            guard let call = Self.call(in: text, number: step) else {
                transcript.append(TranscriptEntry(role: "assistant", content: text))
                return (text, transcript)
            }
            let result = Self.run(call)
            transcript.append(TranscriptEntry(role: "assistant", content: text, toolCalls: [call]))
            transcript.append(TranscriptEntry(role: "tool", content: result, toolCallID: call.id))
            messages.append(ChatMessage(.user, "Result of \(call.name): \(result)"))
        }
        return ("", transcript)
    }

    /// The tool call in a reply: its first `{…}` that parses as an object with a string `tool`.
    static func call(in text: String, number: Int) -> ToolCall? {
        guard let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}"), open < close,
            let value = try? JSONValue.parse(Data(text[open...close].utf8)), case .string(let name)? = value["tool"]
        else { return nil }
        return ToolCall(id: "call_\(number)", name: name, arguments: value["arguments"] ?? .object([:]))
    }
}
