import Foundation
import LanguageModels

/// Our client against plain `curl` on a fast local endpoint (the test fault
/// server's `ok` scenario): the same requests at the same concurrency, timed
/// three ways: our client; one `curl` process per request; one `curl --parallel`
/// process for all of them.
///
/// Our client and `curl --parallel` alternate for `--rounds` rounds and the
/// fastest round of each counts, so that load from other processes on a shared
/// machine does not decide the ratio.
enum ClientOverhead {
    static func run(_ options: Options) async throws {
        let requests = try options.int("requests", default: 1000)
        let rounds = try options.int("rounds", default: 5)
        let concurrency = try options.int("concurrency", default: 4)
        let server = try LocalEndpoint()
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/bench/ok/v1"
        let body = #"{"model":"fault-server-model","messages":[{"role":"user","content":"benchmark"}],"max_tokens":8}"#
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-bench-\(UUID()).json")
        try Data(body.utf8).write(to: bodyFile)
        defer { try? FileManager.default.removeItem(at: bodyFile) }

        let model = try OpenAICompatibleModel(
            configuration: .init(baseURL: url, model: "fault-server-model", maxConcurrentRequests: concurrency))
        let request = ChatRequest(messages: [ChatMessage(.user, "benchmark")], maxTokens: 8)
        _ = try await model.respond(to: request)  // warm-up
        let curlArguments = [
            "-s", "-o", "/dev/null", "-X", "POST", "-H", "Content-Type: application/json",
            "--data-binary", "@\(bodyFile.path)", url + "/chat/completions",
        ]
        let processes = try await measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        for _ in stride(from: worker, to: requests, by: concurrency) { try runCurl(curlArguments) }
                    }
                }
                try await group.waitForAll()
            }
        }
        var parallelArguments = ["-s", "--parallel", "--parallel-max", "\(concurrency)", "-H", "Content-Type: application/json"]
        for index in 0..<requests {
            if index > 0 { parallelArguments.append("--next") }
            parallelArguments += ["-o", "/dev/null", "-X", "POST", "--data-binary", "@\(bodyFile.path)", url + "/chat/completions"]
        }
        var ours = Double.infinity
        var parallel = Double.infinity
        for _ in 0..<rounds {
            ours = min(
                ours,
                try await measure {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<requests { group.addTask { _ = try await model.respond(to: request) } }
                        try await group.waitForAll()
                    }
                })
            parallel = min(parallel, try await measure { try runCurl(parallelArguments) })
        }

        print("client overhead: \(requests) requests, concurrency \(concurrency), best of \(rounds) rounds, local endpoint \(url)")
        print(String(format: "  our client (libcurl, reused connections) %8.3f s  %8.0f req/s", ours, Double(requests) / ours))
        print(String(format: "  curl, one process per request            %8.3f s  %8.0f req/s", processes, Double(requests) / processes))
        print(String(format: "  curl --parallel, one process             %8.3f s  %8.0f req/s", parallel, Double(requests) / parallel))
        print(String(format: "  ratio ours / curl processes %.3f; ours / curl --parallel %.3f", ours / processes, ours / parallel))
    }

    /// Runs `curl` and waits for it, on the calling thread (a benchmark worker).
    private static func runCurl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw UsageError(message: "curl exited with \(process.terminationStatus)") }
    }
}

/// The test fault server, started for a benchmark; it exits with this process.
struct LocalEndpoint {
    let port: Int
    private let process: Process

    /// A server on `port`, or on a free port when `nil`.
    init(port: Int? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", packageRoot.appendingPathComponent("Tests/LanguageModelsTests/Resources/fault_server.py").path]
            + (port.map { ["--port", String($0)] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), byte.first.map({ $0 != 10 }) ?? false {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw UsageError(message: "the local endpoint did not start") }
        self.port = port
        self.process = process
    }

    func stop() { process.terminate() }

    /// Stops it at once, as a crashed server stops: connections in flight drop.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
