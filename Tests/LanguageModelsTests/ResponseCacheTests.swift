import DataFormats
import Foundation
import Synchronization
import Testing

@testable import LanguageModels

/// A model that counts its calls and answers with the request's last message.
final class CountingModel: LanguageModel {
    let modelName = "counting-model"
    private let calls = Mutex(0)
    var callCount: Int { calls.withLock { $0 } }

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        let text = "\(request.messages.last?.content ?? "") #\(request.sampleIndex)"
        return ChatResponse(
            choices: [.init(text: text, finishReason: "stop", tokens: [TokenLogprob(token: "a", logprob: -0.25)])],
            model: modelName, usage: TokenUsage(promptTokens: 4, completionTokens: call), latency: 1.5)
    }
}

func temporaryCacheURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-cache-\(UUID())").appendingPathComponent("responses.sqlite")
}

@Suite("Response cache")
struct ResponseCacheTests {
    @Test("A miss asks the model and stores; the same request then hits with the same response and no second call")
    func missThenHit() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let base = CountingModel()
        let model = CachedModel(base, cache: try ResponseCache(url: url))
        let first = try await model.respond(to: question("hello"))
        let second = try await model.respond(to: question("hello"))
        #expect(first == second)
        #expect(second.latency == 1.5, "the stored latency is the original call's")
        #expect(base.callCount == 1)
        #expect(model.cache.statistics == .init(hits: 1, misses: 1, stores: 1, transactions: 1))
    }

    @Test("A cache file made with the earlier layout (keyed WITHOUT ROWID) is read and written as before; a new file has a rowid table with its key unique")
    func earlierLayout() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SQLiteConnection(path: url.path).execute(
            "CREATE TABLE responses (key TEXT PRIMARY KEY NOT NULL, model TEXT NOT NULL, request TEXT NOT NULL, response BLOB NOT NULL, created_at REAL NOT NULL) WITHOUT ROWID")
        let base = CountingModel()
        let first = try await CachedModel(base, cache: try ResponseCache(url: url)).respond(to: question("hello"))
        let again = try await CachedModel(base, cache: try ResponseCache(url: url)).respond(to: question("hello"))
        #expect(first == again && base.callCount == 1)
        let layout = try SQLiteConnection(path: url.path).query("SELECT sql FROM sqlite_master WHERE name = 'responses'", [], readingFirstRow: { $0.text(0) })
        #expect(layout?.contains("WITHOUT ROWID") == true, "the earlier file keeps its layout")

        let fresh = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: fresh.deletingLastPathComponent()) }
        _ = try await CachedModel(base, cache: try ResponseCache(url: fresh)).respond(to: question("hello"))
        let made = try SQLiteConnection(path: fresh.path).query("SELECT sql FROM sqlite_master WHERE name = 'responses'", [], readingFirstRow: { $0.text(0) })
        #expect(made?.contains("key TEXT NOT NULL UNIQUE") == true && made?.contains("WITHOUT ROWID") == false, "\(String(describing: made))")
    }

    @Test("The key covers model, messages, parameters and sample index, and is 64 hex digits")
    func keys() {
        let request = question("q")
        let key = ResponseCache.key(model: "m", request: request)
        #expect(key.count == 64 && key.allSatisfy(\.isHexDigit))
        #expect(key == ResponseCache.key(model: "m", request: question("q")))
        #expect(key != ResponseCache.key(model: "other", request: request))
        #expect(key != ResponseCache.key(model: "m", request: question("q", sample: 1)))
        var warmer = request
        warmer.temperature = 0.7
        #expect(key != ResponseCache.key(model: "m", request: warmer))
        var withSchema = request
        withSchema.schema = .object(["type": .string("object")])
        #expect(key != ResponseCache.key(model: "m", request: withSchema))
    }

    @Test("Reopening the file finds what was stored, in WAL mode")
    func persistence() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let stored = try await CountingModel().respond(to: question("kept"))
        do {
            let cache = try ResponseCache(url: url)
            try cache.store(stored, for: question("kept"), model: "counting-model")
        }
        let reopened = try ResponseCache(url: url)
        #expect(try reopened.response(to: question("kept"), model: "counting-model") == stored)
        #expect(try reopened.response(to: question("kept"), model: "another-model") == nil)
        let header = try Data(contentsOf: url).prefix(20)
        #expect(header[18] == 2 && header[19] == 2, "file format bytes 18–19 are 2 in WAL mode")
    }

    @Test("Concurrent writers on two connections to one file: every response stored once")
    func concurrentWriters() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let caches = [try ResponseCache(url: url), try ResponseCache(url: url)]
        let base = CountingModel()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                let model = CachedModel(base, cache: caches[writer % 2])
                group.addTask {
                    for i in 0..<50 { _ = try await model.respond(to: question("item \(i)", sample: writer % 4)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try caches[0].count() == 200)
        let lookups: Int = caches.map { $0.statistics.hits + $0.statistics.misses }.reduce(0, +)
        #expect(lookups == 400)
        let misses: Int = caches.map(\.statistics.misses).reduce(0, +)
        #expect(base.callCount == misses, "every miss, and only a miss, asked the model")
    }

    @Test("Replies that arrive together are committed in fewer transactions, each durable before its call returns")
    func groupCommit() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let calls = 300
        let model = CachedModel(HeldModel(releasingAt: calls), cache: try ResponseCache(url: url))
        let replies = try await withThrowingTaskGroup(of: (Int, ChatResponse).self) { group in
            for i in 0..<calls { group.addTask { (i, try await model.respond(to: question("row \(i)"))) } }
            return try await group.reduce(into: [Int: ChatResponse]()) { $0[$1.0] = $1.1 }
        }
        let statistics = model.cache.statistics
        #expect(statistics.stores == calls)
        #expect(statistics.transactions < calls, "\(statistics.transactions) transactions for \(calls) replies released at once")
        let reopened = try ResponseCache(url: url)
        for i in 0..<calls { #expect(try reopened.response(to: question("row \(i)"), model: "counting-model") == replies[i]) }
    }

    @Test("A transaction that fails fails every call in it; none is counted as stored")
    func groupCommitFailure() async throws {
        let url = temporaryCacheURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try ResponseCache(url: url)
        let held = HeldModel(releasingAt: 20) {
            // Every lookup has missed; the table goes before any reply is stored.
            try? SQLiteConnection(path: url.path).execute("DROP TABLE responses")
        }
        let model = CachedModel(held, cache: cache)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<20 {
                group.addTask {
                    do {
                        _ = try await model.respond(to: question("row \(i)"))
                        return false
                    } catch let error as LanguageModelError {
                        return error.code == .cache
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 20, "every call fails with the cache's error")
        #expect(cache.statistics.stores == 0 && cache.statistics.transactions == 0)
    }
}

/// A model whose calls all wait until `releasingAt` of them have arrived, then answer at once, as
/// replies to requests sent together come back together; `onRelease` runs just before.
final class HeldModel: LanguageModel {
    let modelName = "counting-model"
    private let base = CountingModel()
    private let gate: Mutex<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])> = Mutex((0, []))
    private let releasingAt: Int
    private let onRelease: @Sendable () -> Void

    init(releasingAt: Int, onRelease: @escaping @Sendable () -> Void = {}) {
        self.releasingAt = releasingAt
        self.onRelease = onRelease
    }

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released = gate.withLock { gate -> [CheckedContinuation<Void, Never>] in
                gate.arrived += 1
                gate.waiting.append(continuation)
                guard gate.arrived >= releasingAt else { return [] }
                defer { gate.waiting = [] }
                return gate.waiting
            }
            if !released.isEmpty { onRelease() }
            for waiter in released { waiter.resume() }
        }
        return try await base.respond(to: request)
    }
}

@Suite("Cache key and stored-response encodings")
struct CacheEncodingTests {
    @Test("The canonical request is JSON with sorted keys that decodes back to the same request")
    func canonicalRequest() throws {
        struct Content: Decodable {
            var model: String
            var request: ChatRequest
            var version: Int
        }
        let request = ChatRequest(
            messages: [ChatMessage(.system, "Be \"strict\"\\fair.\n\tTabs\u{1}"), ChatMessage(.user, "Rate ✓ 1–5")],
            temperature: 0.7, maxTokens: 16, seed: 3, choices: 2,
            schema: .object(["type": .string("object"), "b": .array([.number(1), .number(2.5), .bool(true), .null])]),
            logprobs: true, topLogprobs: 2, sampleIndex: 4)
        let bytes = CanonicalRequest(model: "m", request: request).bytes
        let decoded = try JSONDecoder().decode(Content.self, from: Data(bytes))
        #expect(decoded.model == "m" && decoded.version == 1)
        #expect(decoded.request == request)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"model":"m","request":{"choices":2,"logprobs":true,"maxTokens":16,"messages":"#))
        #expect(
            text.contains(#""schema":{"b":[1,2.5,true,null],"type":"object"},"seed":3,"temperature":0.7,"topLogprobs":2},"version":1}"#))
    }

    @Test("A response survives the binary codec unchanged; truncated bytes are refused")
    func responseCodec() {
        let response = ChatResponse(
            choices: [
                .init(
                    text: "{\"score\": 4} ✓", finishReason: "stop",
                    tokens: [
                        TokenLogprob(
                            token: "{", logprob: -0.01, top: [.init(token: "{", logprob: -0.01), .init(token: " ", logprob: -4.5)])
                    ]),
                .init(text: "", finishReason: nil, tokens: nil),
            ],
            model: "SmolLM2-135M-Instruct", usage: TokenUsage(promptTokens: 40, completionTokens: 6), latency: 1.25)
        let bytes = ResponseCodec.encode(response)
        #expect(bytes.withUnsafeBytes { ResponseCodec.decode($0) } == response)
        #expect(bytes.dropLast().withUnsafeBytes { ResponseCodec.decode($0) } == nil)
        let noUsage = ChatResponse(choices: [], model: "m", usage: nil, latency: 0)
        #expect(ResponseCodec.encode(noUsage).withUnsafeBytes { ResponseCodec.decode($0) } == noUsage)
    }
}

@Suite("A blocking lane: jobs in the order given, one at a time, every one run")
struct BlockingLaneTests {
    @Test("2,000 jobs from 8 tasks: each task's jobs in its order, never two at once, none lost")
    func orderAndExclusion() async {
        let lane = BlockingLane(on: BlockingThreads(name: "lane-test"))
        let log = LaneLog()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        for index in 0..<250 {
                            lane.run {
                                log.state.withLock {
                                    $0.running += 1
                                    if $0.running > 1 { $0.overlapped = true }
                                    $0.seen[task, default: []].append(index)
                                }
                                log.state.withLock { $0.running -= 1 }
                                if index == 249 { done.resume() }
                            }
                        }
                    }
                }
            }
        }
        let final = log.state.withLock { $0 }
        #expect(!final.overlapped)
        #expect(final.seen.count == 8)
        #expect(final.seen.values.allSatisfy { $0 == Array(0..<250) })
    }
}

/// What the lane's jobs saw: how many ran at once, and each task's job numbers in the order they ran.
private final class LaneLog: Sendable {
    let state = Mutex((running: 0, overlapped: false, seen: [Int: [Int]]()))
}
