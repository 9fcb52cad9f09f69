import Foundation
import Synchronization
import Testing
import _TestSupport

@testable import LanguageModels
@testable import judgecal

/// The misbehaving loopback server in `Resources/fault_server.py`, started once
/// per test process; it stops when this process exits.
///
/// Its output is read by ``ChildProcess`` (a pipe of its own, never the test
/// run's), so it cannot hold the test run's output open.
final class FaultServer: Sendable {
    /// The server shared by every fault test (each test uses its own tag).
    static let shared: FaultServer = {
        do {
            return try FaultServer()
        } catch {
            fatalError("cannot start the fault server: \(error)")
        }
    }()

    let port: Int
    private let process: ChildProcess.Running

    /// A server of its own on `port` (a free one when `nil`): the shared one, or one a test kills
    /// (``kill()``) and starts again on the same port.
    init(port: Int? = nil) throws {
        guard let script = Bundle.module.url(forResource: "fault_server", withExtension: "py", subdirectory: "Resources") else {
            throw LanguageModelError(.configuration, "fault_server.py is missing from the test bundle")
        }
        // Standard input is /dev/null; the server watches its parent and stops when this process exits.
        let process = try ChildProcess(
            command: "python3", arguments: [script.path] + (port.map { ["--port", String($0)] } ?? []),
            timeout: .seconds(24 * 3600)
        ).start()
        let line = process.waitForOutput(timeout: .seconds(30)) { $0.contains(UInt8(ascii: "\n")) }
        guard let line, let port = Int(String(decoding: line, as: UTF8.self).prefix { $0 != "\n" }) else {
            throw LanguageModelError(.configuration, "the fault server printed no port")
        }
        self.port = port
        self.process = process
    }

    /// Stops the server at once (SIGKILL), as a crashed replica stops: connections in flight drop.
    func kill() {
        process.signal(SIGKILL)
        _ = try? process.wait()
    }

    /// A base URL whose requests behave as `scenario` says, counted under `tag`.
    func baseURL(tag: String, scenario: String) -> String {
        "http://127.0.0.1:\(port)/\(tag)/\(scenario)/v1"
    }

    /// What the server saw under one tag.
    struct Stats: Decodable {
        /// Chat requests, in all.
        var requests: Int
        /// Chat requests per last-message content.
        var byContent: [String: Int]
        /// The most chat requests handled at once.
        var maxInFlight: Int
        /// When each chat request arrived, in seconds on the server's monotonic clock.
        var arrivals: [Double]
        /// Reply body bytes the server wrote (for the `huge` scenarios).
        var sentBytes: Int
    }

    /// What the server saw under `tag`.
    func stats(tag: String) async throws -> Stats {
        let reply = try await CurlClient().send(
            HTTPRequest(
                url: "http://127.0.0.1:\(port)/\(tag)/stats", body: nil, headers: [], connectTimeout: 2, totalTimeout: 5,
                maximumReplyBytes: 1 << 20))
        return try JSONDecoder().decode(Stats.self, from: Data(reply.body))
    }

    /// A fresh tag, so that tests running at the same time keep their counters apart.
    static func tag() -> String {
        "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }
}

/// A model against the fault server with short waits, so fault tests stay fast.
func faultModel(
    _ scenario: String, tag: String, attempts: Int = 4, timeout: Double = 2, firstByteTimeout: Double? = nil,
    concurrency: Int = 4, apiKeyVariable: String? = nil, environment: [String: String] = [:],
    structuredOutput: OpenAICompatibleModel.StructuredOutputSupport = .promptOnly
) throws -> OpenAICompatibleModel {
    var configuration = OpenAICompatibleModel.Configuration(
        baseURL: FaultServer.shared.baseURL(tag: tag, scenario: scenario), model: "fault-server-model",
        apiKeyVariable: apiKeyVariable, connectTimeout: 1, firstByteTimeout: firstByteTimeout ?? timeout,
        requestTimeout: timeout, maxConcurrentRequests: concurrency,
        retry: .init(maxAttempts: attempts, initialDelay: 0.05, multiplier: 2, maxDelay: 2, jitter: 0.5),
        structuredOutput: structuredOutput)
    // The advice in errors as judgecal words it, which the timeout and reply-size tests read.
    configuration.advice = ModelMessages.advice
    return try OpenAICompatibleModel(configuration: configuration, environment: environment)
}

/// A one-message request.
func question(_ text: String, sample: Int = 0) -> ChatRequest {
    ChatRequest(messages: [ChatMessage(.user, text)], maxTokens: 8, sampleIndex: sample)
}

/// Seconds `body` takes.
func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try await clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// Seconds `body` takes, and the lag: how much later than asked a 20 ms timer fired
/// meanwhile, summed over the timers.
///
/// A deadline of *d* seconds is checked as `elapsed < d + lag`, relative to what the machine
/// could do at that moment (other processes compete for its 2 cores). The lag does not see a
/// starved cooperative pool: a timer's wake is delivered off the pool's queue, while a
/// continuation resumed from a transfer thread waits in it (measured: 0.3 s of lag while a
/// resume waited 206 s). The fault suites therefore run `.onOwnThreads`, and the client's own
/// timeouts are checked on its own clock (``OpenAICompatibleModel/Statistics/exchangeSeconds``).
func timed(_ body: () async throws -> Void) async rethrows -> (elapsed: Double, lag: Double) {
    let done = Atomic<Bool>(false)
    async let lag: Double = {
        var total = 0.0
        let clock = ContinuousClock()
        while !done.load(ordering: .relaxed) {
            let start = clock.now
            try? await Task.sleep(for: .milliseconds(20))
            total += max(0, seconds(of: clock.now - start) - 0.02)
        }
        return total
    }()
    let elapsed: Double
    do {
        elapsed = try await seconds(body)
    } catch {
        done.store(true, ordering: .relaxed)
        _ = await lag
        throw error
    }
    done.store(true, ordering: .relaxed)
    return (elapsed, await lag)
}

private func seconds(of duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
