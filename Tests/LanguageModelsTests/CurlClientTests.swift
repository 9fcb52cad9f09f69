import Foundation
import Testing
import _TestSupport

@testable import LanguageModels

@Suite("CurlClient: every transfer on one epoll loop", .tags(.faultServer), .onOwnThreads)
struct CurlClientTests {
    @Test("200 transfers in flight at once through one client all complete, together, on one thread")
    func manyInFlight() async throws {
        // A server of its own: 200 connections at once would fill the shared server's accept queue
        // (128) and make other tests' connections wait for a SYN retransmission past their timeouts.
        let server = try FaultServer()
        defer { server.kill() }
        let tag = FaultServer.tag()
        let client = CurlClient()
        let count = 200
        var threads = 0
        let (elapsed, lag) = try await timed {
            try await withThrowingTaskGroup(of: Finished.self) { group in
                for index in 0..<count {
                    group.addTask {
                        .reply(index, try await client.send(chat(server, tag: tag, scenario: "slow1500", "m\(index)")))
                    }
                }
                group.addTask {
                    // Counted while the server holds every request for 1.5 s.
                    try await Task.sleep(for: .milliseconds(1000))
                    return .threads(threadsNamed("judgecal.curl"))
                }
                var answered = 0
                for try await finished in group {
                    switch finished {
                    case .reply(let index, let reply):
                        #expect(reply.status == 200)
                        #expect(String(decoding: reply.body, as: UTF8.self).contains("echo: m\(index)"))
                        #expect(reply.headers["content-type"] == "application/json")
                        answered += 1
                    case .threads(let named):
                        threads = named
                    }
                }
                #expect(answered == count)
            }
        }
        let stats = try await server.stats(tag: tag)
        #expect(stats.requests == count)
        #expect(stats.maxInFlight >= 150, "the server held \(stats.maxInFlight) requests at once")
        #expect(elapsed < 6 + lag, "200 requests of 1.5 s each, together, took \(elapsed) s (lag \(lag) s)")
        // One loop thread per client, not one per transfer: other suites' clients run meanwhile (5 to 9
        // loop threads in all, as measured; more while a suite holding the cooperative pool delays
        // their release), but fewer than half the 200 transfers.
        #expect(threads >= 1 && threads < 100, "\(threads) threads named judgecal.curl")
    }

    /// What one task of ``manyInFlight()`` ends with.
    private enum Finished {
        case reply(Int, HTTPReply)
        case threads(Int)
    }

    @Test("Cancelling the awaiting task ends its stalled transfer at once; the client goes on serving")
    func cancellation() async throws {
        let tag = FaultServer.tag()
        let client = CurlClient()
        let clock = ContinuousClock()
        var cancelToEnd = Duration.zero
        var transferSeconds = 0.0
        let (elapsed, lag) = await timed {
            // A child task, so that it runs on the suite's own threads like the test (an unstructured
            // task would wait for the cooperative pool, which a loaded machine slows).
            await withTaskGroup(of: Result<HTTPReply, any Error>.self) { group in
                group.addTask {
                    do { return .success(try await client.send(chat(tag: tag, scenario: "slow9000", "cancel me"))) } catch { return .failure(error) }
                }
                try? await Task.sleep(for: .milliseconds(300))
                let cancelled = clock.now
                group.cancelAll()
                let outcome = await group.next()
                cancelToEnd = clock.now - cancelled
                switch outcome {
                case .success(let reply):
                    Issue.record("a cancelled transfer answered with status \(reply.status)")
                case .failure(let failure as TransferFailure):
                    #expect(failure.kind == .cancelled)
                    transferSeconds = failure.seconds
                case .failure(let error):
                    Issue.record("unexpected error \(error)")
                case nil:
                    Issue.record("no outcome")
                }
            }
        }
        // The server holds the reply for 9 s; cancelling 0.3 s in ends the wait at once. A starved
        // pool (another suite computing on it) delays the test's own sleep by seconds, which `lag`
        // shows; the transfer's time on the loop's clock includes that delay, cancel-to-end does not.
        #expect(cancelToEnd < .milliseconds(500) + .seconds(lag), "cancel to end: \(cancelToEnd), lag \(lag) s")
        #expect(transferSeconds < 1.5 + lag, "\(transferSeconds) s on the loop's clock, lag \(lag) s")
        #expect(elapsed < 2.5 + lag, "the slow reply (9 s) was not waited for: \(elapsed) s, lag \(lag) s")
        let reply = try await client.send(chat(tag: tag, scenario: "ok", "after"))
        #expect(String(decoding: reply.body, as: UTF8.self).contains("echo: after"))
    }

    @Test("A task cancelled before it sends: cancelled without a request reaching the server")
    func cancelledBeforeSending() async throws {
        let tag = FaultServer.tag()
        let client = CurlClient()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(chat(tag: tag, scenario: "ok", "never"))
        }
        do {
            let reply = try await task.value
            Issue.record("a cancelled task's request answered with status \(reply.status)")
        } catch let failure as TransferFailure {
            #expect(failure.kind == .cancelled)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(try await FaultServer.shared.stats(tag: tag).requests == 0)
    }

    @Test("A first-byte deadline ends a transfer waiting on a silent server, on the client's clock")
    func firstByteDeadline() async throws {
        let tag = FaultServer.tag()
        var request = chat(tag: tag, scenario: "slow3000", "silent")
        request.firstByteTimeout = 0.4
        do {
            let reply = try await CurlClient().send(request)
            Issue.record("answered with status \(reply.status) past its first-byte deadline")
        } catch {
            #expect(error.kind == .timedOut(.firstByte))
            #expect(error.seconds >= 0.4 && error.seconds < 1.0, "\(error.seconds) s")
        }
    }
}

extension CurlClientTests {
    @Test("One request at a time, 400 times: every submission wakes the sleeping loop (no wake-up lost)")
    func sequentialWakeUps() async throws {
        // The loop's wait has no upper bound when nothing is due: a submission whose wake-up was lost
        // would hang until the watchdog below cancels it, and cancelling wakes the loop through the same
        // path, so the test ends either way and fails on the count.
        let tag = FaultServer.tag()
        let client = CurlClient()
        let count = 400
        let answered = try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                var answered = 0
                for index in 0..<count {
                    guard let reply = try? await client.send(chat(tag: tag, scenario: "ok", "s\(index)")) else { break }
                    if reply.status == 200 { answered += 1 }
                    // Alternate between sending at once and after the loop has gone back to sleep.
                    if index % 2 == 1 { try? await Task.sleep(for: .milliseconds(2)) }
                }
                return answered
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(answered == count, "\(answered.map(String.init) ?? "the watchdog ran out: none") of \(count) answered")
    }

    @Test("200 transfers cancelled at scattered moments, some just as their reply comes: each ends once, promptly")
    func cancellationRaces() async throws {
        let server = try FaultServer()
        defer { server.kill() }
        let tag = FaultServer.tag()
        let client = CurlClient()
        let count = 200
        var cancelled = 0
        var answered = 0
        let (elapsed, lag) = await timed {
            await withTaskGroup(of: Result<HTTPReply, TransferFailure>.self) { group in
                for index in 0..<count {
                    group.addTask {
                        // Each transfer takes 200 ms at the server and more to connect while 200 arrive at once; its
                        // cancellation comes between 0 and 2 s. A group of its own, not an unstructured task,
                        // so that the send runs on the suite's threads, not on a cooperative pool another suite
                        // may be holding (its sends would then start only after their cancellations).
                        await withTaskGroup(of: Result<HTTPReply, TransferFailure>.self) { one in
                            one.addTask {
                                do throws(TransferFailure) {
                                    return .success(try await client.send(chat(server, tag: tag, scenario: "slow200", "r\(index)")))
                                } catch {
                                    return .failure(error)
                                }
                            }
                            try? await Task.sleep(for: .milliseconds(index * 10))
                            one.cancelAll()
                            return await one.next()!
                        }
                    }
                }
                for await outcome in group {
                    switch outcome {
                    case .success(let reply):
                        #expect(reply.status == 200)
                        answered += 1
                    case .failure(let failure):
                        #expect(failure.kind == .cancelled, "\(failure.kind): \(failure.detail)")
                        cancelled += 1
                    }
                }
            }
        }
        #expect(answered + cancelled == count)
        // Both outcomes, so the cancellations did meet replies on the way; only when the timers that
        // space the cancellations fired on time (a suite holding the cooperative pool delays them all by
        // seconds, and then every reply comes first).
        if lag < 0.5 {
            #expect(cancelled > 0 && answered > 0, "\(cancelled) cancelled, \(answered) answered, lag \(lag) s")
        }
        #expect(elapsed < 5 + lag, "\(elapsed) s, lag \(lag) s")
        // The client goes on serving after the storm.
        let reply = try await client.send(chat(server, tag: tag, scenario: "ok", "after"))
        #expect(String(decoding: reply.body, as: UTF8.self).contains("echo: after"))
    }

    @Test("The loop's thread ends, and the loop is freed, when its client is released")
    func threadEndsWithClient() async throws {
        let tag = FaultServer.tag()
        weak var loop: CurlEventLoop?
        do {
            let client = CurlClient()
            loop = client.loop
            _ = try await client.send(chat(tag: tag, scenario: "ok", "one"))
        }
        // The loop's thread holds the loop until it returns; only then is the loop freed.
        for _ in 0..<100 where loop != nil {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(loop == nil, "the loop of a released client is still held (its thread did not end) after 5 s")
    }
}

/// A chat request for `scenario` of `server` (the shared fault server unless given), whose last message is
/// `content`.
private func chat(_ server: FaultServer = .shared, tag: String, scenario: String, _ content: String) -> HTTPRequest {
    HTTPRequest(
        url: server.baseURL(tag: tag, scenario: scenario) + "/chat/completions",
        body: Array(#"{"messages": [{"role": "user", "content": "\#(content)"}]}"#.utf8),
        headers: ["Content-Type: application/json"],
        connectTimeout: 2,
        totalTimeout: 10,
        maximumReplyBytes: 1 << 20)
}

/// How many of this process's threads are named `name` (Linux: `/proc/self/task/*/comm`).
private func threadsNamed(_ name: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.count { task in
        let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
        return comm?.trimmingCharacters(in: .newlines) == name
    }
}
