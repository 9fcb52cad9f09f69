import DataFormats
import Foundation
import Testing
import _TestSupport

/// Issue #33: `--concurrency 64` sent 4 requests at a time, capped in silence by the model
/// configuration's `maxConcurrentRequests` (default 4). A loopback server that answers after 300 ms
/// counts the requests in flight at once.
@Suite("judge --concurrency N puts N requests in flight, or says what caps them")
struct ConcurrencyCommandTests {
    /// The fault server's count of the most requests `tag` had in flight at once.
    static func maxInFlight(_ server: LoopbackServer, tag: String) throws -> Int {
        let stats = try ChildProcess(
            command: "python3",
            arguments: [
                "-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
                "http://127.0.0.1:\(server.port)/\(tag)/stats",
            ], timeout: .seconds(30)
        ).run()
        return Int(try #require(JSONValue.parse(stats.standardOutput)["maxInFlight"]?.double))
    }

    @Test("--concurrency 8 reaches the server as 8 requests in flight; a configuration's cap of 3 is kept and said")
    func concurrencyReachesServer() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try SharedData.temporaryFolder("concurrency")
        defer { try? FileManager.default.removeItem(at: folder) }
        func judge(_ tag: String, _ extra: [String]) throws -> (status: Int32, error: String) {
            let r = try JudgeCalProcess.run(
                [
                    "judge", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--base-url",
                    server.baseURL(tag: tag, scenario: "slow300"), "--cache", folder.appendingPathComponent("\(tag).sqlite").path,
                    "--output", folder.appendingPathComponent("\(tag).judgments.jsonl").path, "--sample", "16",
                ] + extra)
            return (r.status, r.error)
        }
        let uncapped = try judge("eight", ["--concurrency", "8"])
        #expect(try Self.maxInFlight(server, tag: "eight") == 8, "\(uncapped.error)")
        #expect(!uncapped.error.contains("requests in flight"), "\(uncapped.error)")

        let config = folder.appendingPathComponent("model.json")
        try Data(#"{"maxConcurrentRequests": 3}"#.utf8).write(to: config)
        let capped = try judge("capped", ["--concurrency", "8", "--model-config", config.path])
        #expect(try Self.maxInFlight(server, tag: "capped") == 3, "\(capped.error)")
        #expect(
            capped.error.contains("8 rows at once (--concurrency), at most 3 requests in flight (maxConcurrentRequests in --model-config)"),
            "\(capped.error)")
    }
}
