import Foundation

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
