import Foundation
import Synchronization

/// Threads for work that blocks — the response cache's SQLite calls, which may
/// wait for another process's lock — kept off Swift's cooperative pool, reused
/// from one job to the next: a job goes to an idle thread when there is one and
/// to a new thread when there is not, so as many jobs run at once as are
/// submitted (callers bound that), and a thread that has been idle for
/// `idleTimeout` seconds ends. (HTTP transfers do not block a thread each: they
/// share the one thread of `CurlEventLoop`.)
final class BlockingThreads: @unchecked Sendable {
    // `@unchecked`: every field is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var idle = 0
    private let idleTimeout: Double
    private let name: String

    /// Creates an empty pool; threads start with the first jobs.
    init(name: String, idleTimeout: Double = 5) {
        self.name = name
        self.idleTimeout = idleTimeout
    }

    /// Runs `job` on a pool thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let spawn = idle < jobs.count
        if !spawn { condition.signal() }
        condition.unlock()
        if spawn {
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            if jobs.isEmpty {
                idle += 1
                let signalled = condition.wait(until: Date(timeIntervalSinceNow: idleTimeout))
                idle -= 1
                if !signalled && jobs.isEmpty {
                    condition.unlock()
                    return
                }
                continue
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
            condition.lock()
        }
    }
}

/// Blocking jobs that run one after another, in the order given, on one thread of a
/// ``BlockingThreads`` at a time.
///
/// The first job given while none is running takes a pool thread, which then runs every job
/// given before it finds the queue empty. So jobs that arrive together — a judge run's cache
/// lookups and commits, hundreds within a millisecond — cost one thread hand-off between them,
/// not one each, and never run at once (which a lane for one SQLite connection wants anyway).
final class BlockingLane: Sendable {
    private let threads: BlockingThreads
    /// The jobs waiting, and whether a thread is running them.
    private let queue = Mutex((jobs: [@Sendable () -> Void](), running: false))

    /// A lane whose jobs run on `threads`.
    init(on threads: BlockingThreads) {
        self.threads = threads
    }

    /// Runs `job` after every job given before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        let starts = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.running = true }
            return !queue.running
        }
        if starts { threads.run { self.drain() } }
    }

    private func drain() {
        while true {
            let jobs = queue.withLock { queue in
                defer { queue.jobs = [] }
                if queue.jobs.isEmpty { queue.running = false }
                return queue.jobs
            }
            guard !jobs.isEmpty else { return }
            for job in jobs { job() }
        }
    }
}
