import DataFormats
import Foundation
import Testing
import _TestSupport

@Suite("judge over several endpoints: --base-url repeated, endpoints in --model-config, a line per endpoint")
struct EndpointsCommandTests {
    /// The first two rows of the book-tags sample, in a fresh folder.
    static func sample() throws -> (folder: URL, run: String) {
        let folder = try SharedData.temporaryFolder("endpoints")
        let run = folder.appendingPathComponent("two.run.jsonl")
        let lines = try String(contentsOf: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(3)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: run)
        return (folder, run.path)
    }

    @Test("Two endpoints: both serve, and the summary has a line for each with its requests and latencies")
    func summaryPerEndpoint() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (folder, run) = try Self.sample()
        let (a, b) = (server.baseURL(tag: "ea", scenario: "slow50"), server.baseURL(tag: "eb", scenario: "slow50"))
        let judged = try JudgeCalProcess.run([
            "judge", run, "--rubric", "rubrics/book-tags.md", "--base-url", a, "--base-url", b, "--concurrency", "2",
            "--cache", folder.appendingPathComponent("cache.sqlite").path,
            "--output", folder.appendingPathComponent("two.judgments.jsonl").path, "--json",
        ])
        // The fault server echoes the prompt, which is no judgment: each row fails after its attempts.
        #expect(judged.status == 0, "\(judged.error)")
        for url in [a, b] {
            let line = try #require(judged.error.split(separator: "\n").first { $0.contains("endpoint \(url): ") }, "\(judged.error)")
            #expect(line.contains(" requests, 0 failed, 0 outages; latency p50 0."), "\(line)")
        }
        // --json: the same counts per endpoint under server.endpoints, in the order given.
        let summary = try JSONValue.parse(Data(judged.output.utf8))
        let endpoints = try #require(summary["server"]?["endpoints"]?.array, "\(judged.output)")
        #expect(endpoints.map { $0["baseURL"]?.string } == [a, b])
        #expect(endpoints.allSatisfy { ($0["requests"]?.double ?? 0) > 0 && $0["latency"]?["p50"]?.double != nil })
        #expect(endpoints.map { $0["requests"]?.double ?? 0 }.reduce(0, +) == summary["server"]?["requests"]?.double)
    }

    @Test("Every endpoint down: exit 1, each named; an endpoint key misspelt in --model-config: exit 65 with line and column")
    func downAndMisspelt() throws {
        let (folder, run) = try Self.sample()
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let down = try JudgeCalProcess.run([
            "judge", run, "--rubric", "rubrics/book-tags.md", "--base-url", "http://127.0.0.1:9/v1", "--base-url",
            "http://127.0.0.1:11/v1", "--cache", cache, "--output", folder.appendingPathComponent("j.jsonl").path,
        ])
        #expect(down.status == 1)
        #expect(down.error.contains("every endpoint of the model is out: http://127.0.0.1:9/v1 (no connection"), "\(down.error)")
        #expect(down.error.contains("http://127.0.0.1:11/v1 (no connection"))
        let config = try JudgeCalProcess.file("endpoints.json", "{\"endpoints\": [\n  {\"baseUrl\": \"http://a:1/v1\"}\n]}\n")
        let misspelt = try JudgeCalProcess.run([
            "judge", run, "--rubric", "rubrics/book-tags.md", "--model-config", config, "--cache", cache,
        ])
        #expect(misspelt.status == 65)
        #expect(
            misspelt.error.contains("line 2, column 4: endpoints[0]: baseUrl is not an endpoint setting; did you mean baseURL?"),
            "\(misspelt.error)")
    }
}
