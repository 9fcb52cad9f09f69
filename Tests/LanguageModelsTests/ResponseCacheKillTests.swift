import Foundation
import Testing
import _TestSupport

@testable import LanguageModels

@Suite("A judge run killed with SIGKILL resumes from the cache", .tags(.faultServer), .onOwnThreads)
struct ResponseCacheKillTests {
    /// `CachedRunProcess` (Tests/CachedRunProcess), built beside the tests by `swift build --build-tests`.
    static let runner = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("CachedRunProcess")

    /// The request `CachedRunProcess` sends for item `index`.
    static func item(_ index: Int) -> ChatRequest {
        ChatRequest(messages: [ChatMessage(.user, "item \(index)")], maxTokens: 8)
    }

    @Test("Killed part-way and started again: no completed call is repeated, none is lost")
    func resumes() async throws {
        let count = 40
        let tag = FaultServer.tag()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-kill-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cacheURL = directory.appendingPathComponent("responses.sqlite")
        let arguments = [
            "--base-url", FaultServer.shared.baseURL(tag: tag, scenario: "slow100"), "--cache", cacheURL.path,
            "--count", "\(count)", "--concurrency", "4", "--hold-after", "8",
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        // Killed at an event, not after a guessed time: the child stops sending once 8 calls are
        // committed, says so, and waits; the calls in flight then may or may not finish.
        // The test awaits that line and the child's end without holding a thread.
        let first = try launch(arguments)
        let held = await first.output(until: { String(decoding: $0, as: UTF8.self).contains("held after 8") }, timeout: .seconds(120))
        #expect(held != nil, "the child never reached 8 completed calls")
        first.signal(SIGKILL)
        let cache = try ResponseCache(url: cacheURL)
        #expect(try await first.outcome.termination == .signalled(SIGKILL))

        let completed = try (0..<count).filter { try cache.response(to: Self.item($0), model: "fault-server-model") != nil }
        #expect(completed.count >= 8 && completed.count < count, "killed part-way")

        let second = try await launch(Array(arguments.dropLast(2))).outcome
        #expect(second.status == 0, "\(second.error)")
        #expect(try cache.count() == count, "nothing lost")
        let requests = try await FaultServer.shared.stats(tag: tag)
        for index in completed {
            #expect(requests.byContent["item \(index)"] == 1, "item \(index) was completed before the kill, then asked again")
        }
        #expect(requests.requests <= count + 4, "at most the 4 calls in flight at the kill are sent twice")
    }

    private func launch(_ arguments: [String]) throws -> ChildProcess.Running {
        try ChildProcess(executable: Self.runner, arguments: arguments, timeout: .seconds(120)).start()
    }
}
