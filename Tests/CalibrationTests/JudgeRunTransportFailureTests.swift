import CalibrationData
import DataFormats
import Foundation
import Judging
import LanguageModels
import Synchronization
import Testing
import _TestSupport

/// A server for three rows of the book-tag run: the first answers, the second's request gets no
/// answer (every retry used) on the first run only, the third answers off the scale every time.
private final class FlakyJudgeServer: LanguageModel {
    let modelName = "flaky"
    let run = Mutex(1)
    let sent = Mutex([String: Int]())

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        let prompt = request.messages.map(\.content).joined(separator: "\n")
        let row = ["row-a", "row-b", "row-c"].first { prompt.contains($0) } ?? "?"
        sent.withLock { $0[row, default: 0] += 1 }
        if row == "row-b", run.withLock({ $0 }) == 1 {
            throw LanguageModelError(
                .retriesExhausted, "gave up after 5 attempts; the last: HTTP 503", statusCode: 503, attempts: 5,
                underlying: .httpStatus)
        }
        let score = row == "row-c" ? 9 : 3
        let text = #"{"Relevance": {"rationale": "r", "score": \#(score)}, "Usefulness": {"rationale": "u", "score": 3}}"#
        return ChatResponse(choices: [.init(text: text, finishReason: "stop")], model: modelName, latency: 0)
    }
}

@Suite("A judge run survives a flaky server, and a later run asks again exactly the rows it did not answer")
struct JudgeRunTransportFailureTests {
    @Test("No answer: a transport failure, not cached; off the scale: the judge's answer, replayed from the cache")
    func transportFailuresAreAskedAgain() async throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let rows = ["row-a", "row-b", "row-c"].map { id in
            FrozenRow(
                id: id, input: .object(["title": .string("T"), "author": .string("A"), "review": .string("R")]),
                response: .object(["tags": .array([.string(id)])]))
        }
        let run = try FrozenRun(info: RunInfo(name: "flaky"), rows: rows)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-flaky-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ResponseCache(url: directory.appendingPathComponent("cache.sqlite"))
        let server = FlakyJudgeServer()
        let model = CachedModel(server, cache: cache)

        let first = try await JudgeRun.judge(run: run, rubric: rubric, model: model, concurrency: 1)
        let byID = Dictionary(uniqueKeysWithValues: first.judgments.map { ($0.id, $0) })
        #expect(byID["row-a"]?.failure == nil)
        #expect(byID["row-b"]?.failure?.isTransport == true)
        #expect(byID["row-b"]?.failure?.code == "transport")
        #expect(byID["row-c"]?.failure?.code == "off-scale")
        #expect(server.sent.withLock { $0 } == ["row-a": 1, "row-b": 1, "row-c": 3], "row-c: three attempts")

        // The file keeps the transport failure, so a later run can count the rows it asks again.
        let file = directory.appendingPathComponent("flaky.judgments.jsonl")
        try first.jsonLines().write(to: file)
        #expect(try JudgmentSet.load(from: file).judgments.filter { $0.failure?.isTransport == true }.map(\.id) == ["row-b"])

        server.run.withLock { $0 = 2 }
        let second = try await JudgeRun.judge(run: run, rubric: rubric, model: model, concurrency: 1)
        #expect(second.judgments.first { $0.id == "row-b" }?.failure == nil, "asked again, and answered")
        #expect(second.judgments.first { $0.id == "row-c" }?.failure?.code == "off-scale", "replayed")
        #expect(server.sent.withLock { $0 } == ["row-a": 1, "row-b": 2, "row-c": 3], "only row-b was sent again")
    }

    @Test("A server that answers no row: the run stops after five rows in a row, with the error")
    func deadServerStops() async throws {
        struct Silent: LanguageModel {
            let modelName = "silent"
            func respond(to request: ChatRequest) async throws -> ChatResponse {
                throw LanguageModelError(.timedOut, "sent no reply within 600 s")
            }
        }
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let whole = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let error = try await #require(throws: LanguageModelError.self) {
            _ = try await JudgeRun.judge(run: whole, rubric: rubric, model: Silent(), concurrency: 1)
        }
        #expect(error.message.contains("5 rows in a row"))
    }

    @Test("A prompt longer than the model's context: that row is a counted failure with the server's words; the run goes on")
    func promptTooLong() async throws {
        struct ShortContext: LanguageModel {
            let modelName = "short-context"
            func respond(to request: ChatRequest) async throws -> ChatResponse {
                let prompt = request.messages.map(\.content).joined(separator: "\n")
                if prompt.contains("row-long") {
                    throw LanguageModelError(
                        .httpStatus,
                        #"http://127.0.0.1:8080/v1/chat/completions answered HTTP 400: {"error":{"message":"This model's maximum context length is 2048 tokens.","code":"context_length_exceeded"}}"#,
                        statusCode: 400)
                }
                return JudgeRunTransportFailureTests.scored(by: modelName)
            }
        }
        let set = try await Self.judge(["row-1", "row-long", "row-2"], with: ShortContext())
        let byID = Dictionary(uniqueKeysWithValues: set.judgments.map { ($0.id, $0) })
        #expect(byID["row-1"]?.failure == nil && byID["row-2"]?.failure == nil)
        let failure = try #require(byID["row-long"]?.failure)
        #expect(failure.code == JudgeFailure.promptTooLongCode)
        #expect(!failure.isTransport)
        #expect(failure.message.contains("maximum context length is 2048 tokens"))
        #expect(set.failedCount == 1 && set.scoredCount == 2)
        #expect(!LanguageModelError(.httpStatus, "HTTP 400: unknown field", statusCode: 400).isPromptTooLong)
        #expect(!LanguageModelError(.httpStatus, "HTTP 500: maximum context length", statusCode: 500).isPromptTooLong)
    }

    @Test("A reply longer than the client reads: that row is a counted reply-too-large failure; the run goes on")
    func replyTooLarge() async throws {
        struct Runaway: LanguageModel {
            let modelName = "runaway"
            func respond(to request: ChatRequest) async throws -> ChatResponse {
                if request.messages.map(\.content).joined().contains("row-huge") {
                    throw LanguageModelError(.replyTooLarge, "http://127.0.0.1:8080/v1/chat/completions sent a reply longer than 8388608 bytes")
                }
                return JudgeRunTransportFailureTests.scored(by: modelName)
            }
        }
        let set = try await Self.judge(["row-1", "row-huge", "row-2"], with: Runaway())
        let failure = try #require(set.judgments.first { $0.id == "row-huge" }?.failure)
        #expect(failure.code == JudgeFailure.replyTooLargeCode)
        #expect(!failure.isTransport, "the judge's answer, not a server that did not answer")
        #expect(failure.message.contains("longer than 8388608 bytes"))
        #expect(set.failedCount == 1 && set.scoredCount == 2)
    }

    /// A reply scoring both book-tags dimensions.
    static func scored(by model: String) -> ChatResponse {
        let text = #"{"Relevance": {"rationale": "r", "score": 3}, "Usefulness": {"rationale": "u", "score": 2}}"#
        return ChatResponse(choices: [.init(text: text, finishReason: "stop")], model: model, latency: 0)
    }

    /// Rows with these ids (each id also in the row's response, so a model can tell them apart),
    /// judged one at a time with the book-tags rubric.
    static func judge(_ ids: [String], with model: some LanguageModel) async throws -> JudgmentSet {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let rows = ids.map { id in
            FrozenRow(
                id: id, input: .object(["title": .string("T"), "author": .string("A"), "review": .string("R")]),
                response: .object(["tags": .array([.string(id)])]))
        }
        return try await JudgeRun.judge(
            run: try FrozenRun(info: RunInfo(name: "rows"), rows: rows), rubric: rubric, model: model, concurrency: 1)
    }
}
