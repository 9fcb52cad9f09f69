import Foundation

/// A task executor that runs its jobs on threads of its own, never on Swift's cooperative thread pool.
///
/// Swift Testing runs every test on the cooperative pool, synchronous bodies included, and the pool has
/// as many threads as the machine has cores (2 here). A synchronous body that computes for seconds, or
/// blocks on a child process, holds one of them for that long, and every suspended task in the process
/// — a request whose reply has arrived, a retry wait that has ended — waits for a free one before it
/// resumes. Tests that measure time run on an executor like this one (see ``Trait/onOwnThreads``), so
/// what they measure is the code under test, not the queue for the pool.
public final class OwnThreadsExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked`: `jobs` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `threads` threads named `name-1`, `name-2`, …; they live as long as the process.
    public init(threads: Int, name: String) {
        for index in 1...max(1, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Queues `job`; the first idle thread runs it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
