public import Foundation
import Synchronization

extension ChildProcess {
    /// A started child: its output is collected by two reader threads while
    /// the test watches it, signals it or waits for its end.
    ///
    /// A third thread waits for the child's end (and its timeout) from the start, so a test can await
    /// the end (``outcome``) or a line of output (``output(until:timeout:)``) without holding a thread
    /// of Swift's cooperative pool while the child runs; ``wait()`` and ``waitForOutput(timeout:until:)``
    /// block the calling thread instead, for synchronous code.
    public final class Running: @unchecked Sendable {
        // `Process` is not `Sendable`; after `run()` it is only asked for its
        // state, and everything this class changes is behind a `Mutex`.
        private let process: Process
        private let pipes: [Pipe]
        private let command: String
        private let timeout: Duration
        private let deadline: DispatchTime
        private let exited: DispatchSemaphore
        private let readers = DispatchGroup()
        private let output = Mutex(Data())
        private let error = Mutex(Data())
        private let finished = Mutex(Finish())
        private let watched = DispatchGroup()
        private let outputWaiters = Mutex(OutputWaiters())

        /// The child's process id.
        public let processIdentifier: Int32

        init(_ child: ChildProcess) throws {
            let process = Process()
            process.executableURL = child.executable
            process.arguments = child.arguments
            if child.inheritsEnvironment {
                process.environment = ProcessInfo.processInfo.environment.merging(child.environment) { $1 }
            } else {
                process.environment = child.environment
            }
            if let folder = child.workingDirectory { process.currentDirectoryURL = folder }
            let stdout = Pipe()
            let stderr = Pipe()
            let stdin = child.standardInput.map { _ in Pipe() }
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = stdin ?? FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try Self.spawn(process)

            self.process = process
            self.exited = exited
            self.pipes = [stdout, stderr] + (stdin.map { [$0] } ?? [])
            self.command = child.commandLine
            self.timeout = child.timeout
            self.deadline = .now() + .nanoseconds(Self.nanoseconds(child.timeout))
            self.processIdentifier = process.processIdentifier

            for (handle, isError) in [(stdout.fileHandleForReading, false), (stderr.fileHandleForReading, true)] {
                let descriptor = handle.fileDescriptor
                readers.enter()
                Thread { [self] in collect(descriptor, isError: isError) }.start()
            }
            watched.enter()
            Thread { [self] in watch() }.start()
            if let stdin, let data = child.standardInput {
                // Written on a thread of its own: a child may write before it has read everything.
                Thread {
                    // A child that exits without reading raises SIGPIPE on this thread: blocked, the write fails with EPIPE instead.
                    var pipeSignal = sigset_t()
                    sigemptyset(&pipeSignal)
                    sigaddset(&pipeSignal, SIGPIPE)
                    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                    try? stdin.fileHandleForWriting.write(contentsOf: data)
                    try? stdin.fileHandleForWriting.close()
                }.start()
            }
        }

        /// Whether the child has not yet exited.
        public var isRunning: Bool { process.isRunning }

        /// Sends `signal` (by default `SIGKILL`) to the child.
        public func signal(_ signal: Int32 = SIGKILL) {
            kill(processIdentifier, signal)
        }

        /// What the child has written to standard output so far.
        public var standardOutputSoFar: Data { output.withLock { $0 } }

        /// Waits until what the child has written to standard output satisfies
        /// `isEnough` (for a server that prints its port, a first full line),
        /// and returns it; `nil` when the output closes or `timeout` passes first.
        public func waitForOutput(timeout: Duration = .seconds(30), until isEnough: (Data) -> Bool) -> Data? {
            let end = ContinuousClock.now + timeout
            while true {
                let closed = outputWaiters.withLock { $0.closed }
                let text = standardOutputSoFar
                if isEnough(text) { return text }
                if closed || ContinuousClock.now >= end { return nil }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }

        /// Waits until what the child has written to standard output satisfies `isEnough`, without
        /// holding a thread: the reader thread checks each chunk as it arrives and resumes the caller.
        ///
        /// - Returns: The output so far once it satisfies `isEnough`; `nil` when the output closes or
        ///   `timeout` passes first.
        public func output(until isEnough: @escaping @Sendable (Data) -> Bool, timeout: Duration = .seconds(30)) async
            -> Data?
        {
            let id = UUID()
            return await withCheckedContinuation { continuation in
                let ready: Data?? = outputWaiters.withLock { waiters in
                    let text = output.withLock { $0 }
                    if isEnough(text) { return .some(text) }
                    if waiters.closed { return .some(nil) }
                    waiters.pending[id] = (isEnough, continuation)
                    return nil
                }
                if let ready { return continuation.resume(returning: ready) }
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Self.nanoseconds(timeout))) { [self] in
                    outputWaiters.withLock { $0.pending.removeValue(forKey: id) }?.continuation.resume(returning: nil)
                }
            }
        }

        /// Waits for the child to exit and its output to close, blocking the calling thread, and
        /// returns what it wrote and how it ended; later calls return the same outcome.
        ///
        /// - Throws: ``ChildProcess/TimedOut`` when the child was still running
        ///   at its timeout (it is then killed with SIGKILL), or its output was
        ///   still held open (by a process it started) at the timeout.
        public func wait() throws(TimedOut) -> Outcome {
            watched.wait()
            guard let result = finished.withLock({ $0.result }) else { preconditionFailure("watched, but no outcome") }
            return try result.get()
        }

        /// What the child wrote and how it ended, once it has exited and its output has closed; the
        /// awaiting task holds no thread meanwhile.
        ///
        /// - Throws: ``ChildProcess/TimedOut``, as ``wait()`` does.
        public var outcome: Outcome {
            get async throws(TimedOut) {
                let result = await withCheckedContinuation { continuation in
                    let ready = finished.withLock { state in
                        if state.result == nil { state.waiters.append(continuation) }
                        return state.result
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
                return try result.get()
            }
        }

        /// Waits, on a thread of its own, for the child's end or its timeout, then hands the outcome
        /// to every waiter.
        private func watch() {
            var late = false
            var peeked: Termination?
            // Foundation's notice of the end (the termination handler) has been seen to go missing, the
            // child left a zombie and this thread waiting for good. So the end is also looked for every
            // 100 ms with waitid(WNOWAIT), which leaves the child for Foundation to reap.
            while true {
                if exited.wait(timeout: .now() + .milliseconds(100)) == .success { break }
                if let ended = Self.peek(processIdentifier) {
                    peeked = ended
                    break
                }
                if !late, DispatchTime.now() >= deadline {
                    late = true
                    kill(processIdentifier, SIGKILL)
                }
            }
            if peeked == nil { process.waitUntilExit() }
            // Once the child is gone its pipes close, unless something it started still holds them.
            if readers.wait(timeout: late ? .now() + .seconds(5) : deadline) == .timedOut { late = true }
            let outcome = Outcome(
                termination: peeked
                    ?? (process.terminationReason == .uncaughtSignal
                        ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)),
                standardOutput: output.withLock { $0 },
                standardError: error.withLock { $0 })
            let result: Result<Outcome, TimedOut> =
                late ? .failure(TimedOut(command: command, timeout: timeout, outcome: outcome)) : .success(outcome)
            let waiters = finished.withLock { state in
                state.result = result
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: result) }
            watched.leave()
        }

        /// How the child `pid` ended, if it has, seen without reaping it (`waitid` with `WNOWAIT`).
        private static func peek(_ pid: Int32) -> Termination? {
            var info = siginfo_t()
            guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return nil }
            let child = info._sifields._sigchld
            guard child.si_pid == pid else { return nil }  // still running: waitid leaves the pid 0
            return info.si_code == Int32(CLD_EXITED) ? .exited(child.si_status) : .signalled(child.si_status)
        }

        /// Reads `descriptor` to its end into the output or error buffer.
        private func collect(_ descriptor: Int32, isError: Bool) {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let chunk = Data(buffer[0..<count])
                    if isError { error.withLock { $0.append(chunk) } } else { received(chunk) }
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            if !isError { received(nil) }
            readers.leave()
        }

        /// Appends `chunk` to standard output (`nil`: it closed) and resumes the waiters it satisfies.
        private func received(_ chunk: Data?) {
            let ready = outputWaiters.withLock { waiters in
                let text = output.withLock { text in
                    if let chunk { text.append(chunk) }
                    return text
                }
                if chunk == nil { waiters.closed = true }
                var ready: [(CheckedContinuation<Data?, Never>, Data?)] = []
                for (id, waiter) in waiters.pending where waiters.closed || waiter.isEnough(text) {
                    waiters.pending[id] = nil
                    ready.append((waiter.continuation, waiter.isEnough(text) ? text : nil))
                }
                return ready
            }
            for (continuation, text) in ready { continuation.resume(returning: text) }
        }

        /// Starts `process` from a thread of its own whose signal mask is empty.
        ///
        /// A child inherits the mask of the thread that spawns it, and the
        /// threads Swift concurrency runs tests on (libdispatch's workers)
        /// block SIGTERM, SIGINT and others: a child started from one of them
        /// could not be stopped by those signals.
        private static func spawn(_ process: Process) throws {
            let box = SpawnBox(process)
            let done = DispatchSemaphore(value: 0)
            Thread {
                var none = sigset_t()
                sigemptyset(&none)
                pthread_sigmask(SIG_SETMASK, &none, nil)
                box.start()
                done.signal()
            }.start()
            done.wait()
            try box.result.get()
        }

        /// `duration` in whole nanoseconds, at most a million seconds.
        private static func nanoseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            return Int(min(max(seconds, 0), 1_000_000)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        }
    }
}

/// The outcome once the watching thread has it, and the tasks awaiting it.
private struct Finish {
    var result: Result<ChildProcess.Outcome, ChildProcess.TimedOut>?
    var waiters: [CheckedContinuation<Result<ChildProcess.Outcome, ChildProcess.TimedOut>, Never>] = []
}

/// Tasks awaiting some standard output (``ChildProcess/Running/output(until:timeout:)``), and whether it has closed.
private struct OutputWaiters {
    var pending: [UUID: (isEnough: @Sendable (Data) -> Bool, continuation: CheckedContinuation<Data?, Never>)] = [:]
    var closed = false
}

/// A process handed to the thread that starts it, and the result.
private final class SpawnBox: @unchecked Sendable {
    // Written by the spawning thread before it signals, read after the wait.
    private let process: Process
    private(set) var result: Result<Void, any Error> = .success(())

    init(_ process: Process) { self.process = process }

    func start() {
        result = Result { try process.run() }
    }
}
