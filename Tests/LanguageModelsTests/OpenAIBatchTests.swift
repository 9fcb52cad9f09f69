import DataFormats
import Foundation
import Testing

@testable import LanguageModels

@Suite("OpenAI batch files: input lines as the live path sends them, output lines counted and named")
struct OpenAIBatchTests {
    static let configuration = OpenAICompatibleModel.Configuration(model: "batch-model", structuredOutput: .llamaCpp)

    /// A file holding `text`, removed after `body`.
    private func withFile<T>(_ text: String, _ body: (URL) async throws -> T) async throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-batch-\(UUID()).jsonl")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await body(file)
    }

    /// An output line answering `id` with `text`.
    static func success(_ id: String, _ text: String) -> String {
        #"{"custom_id": "\#(id)", "error": null, "response": {"status_code": 200, "body": {"model": "served", "#
            + #""choices": [{"index": 0, "message": {"role": "assistant", "content": "\#(text)"}, "finish_reason": "stop"}]}}}"#
    }

    @Test("An input line: the live path's body bytes, the request's cache key as custom_id, POST to /v1/chat/completions")
    func inputLine() throws {
        let request = ChatRequest(
            messages: [ChatMessage(.user, "tag this")], temperature: 0, seed: 42, schema: .object(["type": .string("object")]))
        let line = try OpenAIBatch.inputLine(for: request, configuration: Self.configuration)
        let body = try OpenAICompatibleModel.body(
            for: request, model: "batch-model", form: .jsonObjectWithSchema(.object(["type": .string("object")])))
        let id = ResponseCache.key(model: "batch-model", request: request)
        #expect(
            line == Data(#"{"body":"#.utf8) + Data(body)
                + Data(#","custom_id":"\#(id)","method":"POST","url":"/v1/chat/completions"}"#.utf8))
        let parsed = try JSONValue.parse(line)
        #expect(parsed["body"]?["response_format"]?["type"]?.string == "json_object")
        // detect has nothing to probe in a file: OpenAI's form, which batch engines take.
        var detect = Self.configuration
        detect.structuredOutput = .detect
        let openAI = try JSONValue.parse(OpenAIBatch.inputLine(for: request, configuration: detect))
        #expect(openAI["body"]?["response_format"]?["type"]?.string == "json_schema")
    }

    @Test("Output lines: a reply, an error object, a 500, a duplicate, bad JSON, no custom_id, a body that is no completion")
    func outputProblems() async throws {
        let lines = [
            Self.success("a", "first"),  // 1
            #"{"custom_id": "b", "response": null, "error": {"code": "server_error", "message": "engine down"}}"#,  // 2
            "",  // 3: blank, not a line of the file's records
            #"{"custom_id": "c", "error": null, "response": {"status_code": 500, "body": {"error": {"message": "oops"}}}}"#,  // 4
            Self.success("a", "second"),  // 5
            #"{"custom_id": "d", "response": {"status_code": 200, "body": {"#,  // 6: cut short
            #"{"id": "x", "response": null}"#,  // 7
            #"{"custom_id": "e", "error": null, "response": {"status_code": 200, "body": {"choices": "no"}}}"#,  // 8
            Self.success("b", "answered after its error"),  // 9
        ]
        let results = try await withFile(lines.joined(separator: "\n") + "\n") { try OpenAIBatchResults(contentsOf: $0) }
        #expect(results.lineCount == 8)
        let named = results.problems.map {
            "\($0.kind.rawValue) \($0.customID ?? "-") \($0.location.line ?? 0) \($0.location.column ?? "-")"
        }
        #expect(
            named == [
                "error b 2 38", "error c 4 48", "duplicate a 5 2", "malformed - 6 62", "malformed - 7 custom_id",
                "malformed e 8 68", "duplicate b 9 2",
            ])
        #expect(results.problems[3].location.message.contains("expected"), "\(results.problems[3].location)")
        #expect(results.customIDs == ["a", "b", "c"])
        #expect(results.line(of: "a") == 1 && results.line(of: "b") == 2)
        if case .reply(let reply, let line)? = results.answers["a"] {
            #expect(reply.choices.first?.message?.content == "first" && line == 1, "the first line of an id is used")
        } else {
            Issue.record("a has no reply")
        }
        if case .reply(_, let line)? = results.answers["b"] {
            #expect(line == 9, "a reply after an error line for the same id answers it")
        } else {
            Issue.record("b's later reply was not used")
        }
    }

    /// Issue #29: a status that did not fit an Int trapped `judge --batch-results` (exit 132).
    @Test("A status_code that is not an HTTP status (2e21, 1e300, 2^63 − 1, 200.5, 99) is a malformed line, never a trap")
    func outlandishStatus() async throws {
        let statuses = ["2e21", "1e300", "9223372036854775807", "-1e300", "200.5", "99", "600"]
        let lines = statuses.enumerated().map { i, status in
            #"{"custom_id": "s\#(i)", "error": null, "response": {"status_code": \#(status), "body": {}}}"#
        }
        let results = try await withFile(lines.joined(separator: "\n") + "\n") { try OpenAIBatchResults(contentsOf: $0) }
        #expect(results.problems.count == statuses.count)
        #expect(results.problems.allSatisfy { $0.kind.rawValue == "malformed" && $0.location.message.contains("an HTTP status from 100 to 599") })
    }

    @Test("The route answers from the cache, then the file (storing), and keeps the rest, each failing as batch-pending")
    func route() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-route-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try ResponseCache(url: folder.appendingPathComponent("cache.sqlite"))
        let (answered, errored, missing) = (question("answered"), question("errored"), question("missing"))
        let key = { ResponseCache.key(model: "batch-model", request: $0) }
        let text = [
            Self.success(key(answered), "from the batch"),
            #"{"custom_id": "\#(key(errored))", "response": null, "error": {"code": "x", "message": "engine down"}}"#,
            Self.success("someone-else", "foreign"),
        ].joined(separator: "\n")
        try await withFile(text) { file in
            let route = BatchRouteModel(configuration: Self.configuration, cache: cache, results: try OpenAIBatchResults(contentsOf: file))
            #expect(try await route.respond(to: answered).choices.map(\.text) == ["from the batch"])
            let error = try await #require(throws: LanguageModelError.self) { try await route.respond(to: errored) }
            #expect(
                error.code == .batchPending && error.message.contains("line 2: the batch engine answered with an error (x): engine down"))
            await #expect(throws: LanguageModelError.self) { try await route.respond(to: missing) }
            var again = answered
            again.messages += [ChatMessage(.assistant, "from the batch"), ChatMessage(.user, "That reply could not be used")]
            let followUp = try await #require(throws: LanguageModelError.self) { try await route.respond(to: again) }
            #expect(followUp.message.contains("asks again after a reply that could not be used"))
            #expect(route.pending.map(\.id) == [key(errored), key(missing), key(again)])
            #expect(route.pending.map(\.isFollowUp) == [false, false, true], "only the continued conversation is a follow-up")
            #expect(route.counts == .init(asked: 4, cached: 0, fromBatch: 1, batchErrors: 1, pending: 3, followUps: 1))
            #expect(route.askedIDs.union(["someone-else"]) == route.results?.customIDs.union([key(missing), key(again)]))
        }
        let again = BatchRouteModel(configuration: Self.configuration, cache: cache)
        #expect(try await again.respond(to: answered).choices.map(\.text) == ["from the batch"])
        #expect(again.counts.cached == 1 && again.pending.isEmpty)
    }
}
