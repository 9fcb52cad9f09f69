import CCurl
import Foundation
import Synchronization
import _CurlShims

/// One libcurl multi handle and the one thread that drives it: the engine under ``CurlClient``.
///
/// Other threads only put work in the inbox (``submit(_:)``, ``cancel(_:)``, ``stop()``) and wake
/// the thread with `curl_multi_wakeup`, which is safe from any thread; only the loop's thread
/// calls anything else on the multi handle. One turn of the loop:
///
/// 1. takes the inbox under its lock: new transfers are started (their clocks set, their handles
///    added; one already cancelled ends at once), cancelled ones in flight are removed and end as
///    ``TransferFailure/Kind/cancelled``; the connection cache (`CURLMOPT_MAXCONNECTS`) is kept
///    as large as the number of easy handles created, the most transfers ever in flight at once;
/// 2. ends, as a first-byte timeout, every transfer whose first-byte deadline has passed with no
///    byte received (looked at only once the earliest such deadline has passed);
/// 3. runs `curl_multi_perform`, then ends each transfer `curl_multi_info_read` reports done,
///    with libcurl's result;
/// 4. waits in `curl_multi_poll` for socket activity, libcurl's own timers, a wake-up, or the
///    earliest first-byte deadline, whichever comes first, and at most a second.
///
/// Ending a transfer removes its handle, reads its outcome, frees its header list, resets the
/// handle into the pool and resumes the awaiting task. A submitter wakes the loop only when it
/// finds the inbox empty (a non-empty inbox has a wake-up pending), so a burst of submissions
/// costs one wake-up. If a multi call fails, every transfer in flight ends as
/// ``TransferFailure/Kind/other`` with libcurl's description, and the loop goes on.
///
/// The thread starts with the first submission and ends after ``stop()``; the multi handle and
/// the pooled easy handles are cleaned up when the loop is released.
final class CurlTransferLoop: @unchecked Sendable {
    // `@unchecked`: `multi` is used from other threads only by `curl_multi_wakeup`; the inbox and
    // the pool are behind mutexes.
    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    private let idleHandles = Mutex<[EasyHandle]>([])
    /// Easy handles created so far: the most transfers this client has had in flight at once.
    private let handlesCreated = Atomic<Int>(0)

    /// What other threads hand the loop.
    private struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
        var threadStarted = false

        var isEmpty: Bool { submitted.isEmpty && cancelled.isEmpty && !stopping }
    }

    init() {
        precondition(curlGlobalInitialization == 0, "curl_global_init failed")
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init returned NULL (out of memory)") }
        self.multi = multi
    }

    deinit {
        curl_multi_cleanup(multi)
        idleHandles.withLock { handles in
            for handle in handles { curl_easy_cleanup(handle.raw) }
        }
    }

    /// An idle easy handle from the pool, or a new one.
    func handle() -> EasyHandle {
        if let idle = idleHandles.withLock({ $0.popLast() }) { return idle }
        handlesCreated.add(1, ordering: .relaxed)
        return EasyHandle()
    }

    /// Puts a reset handle back in the pool.
    func recycle(_ handle: EasyHandle) {
        idleHandles.withLock { $0.append(handle) }
    }

    /// Hands a prepared transfer, its continuation set, to the loop, starting the loop's thread
    /// with the first one.
    func submit(_ transfer: CurlTransfer) {
        let (wake, startThread) = inbox.withLock { inbox in
            let wake = inbox.isEmpty
            inbox.submitted.append(transfer)
            let startThread = !inbox.threadStarted
            inbox.threadStarted = true
            return (wake, startThread)
        }
        if startThread {
            Thread { [self] in run() }.start()
        } else if wake {
            curl_multi_wakeup(multi)
        }
    }

    /// Asks the loop to end `transfer` as cancelled, whether it is submitted yet or not.
    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelled.store(true, ordering: .relaxed)
        let wake = inbox.withLock { inbox in
            let wake = inbox.isEmpty
            inbox.cancelled.append(transfer)
            return wake && inbox.threadStarted
        }
        if wake { curl_multi_wakeup(multi) }
    }

    /// Ends the loop's thread once it wakes; called when no transfer is in flight.
    func stop() {
        let wake = inbox.withLock { inbox in
            inbox.stopping = true
            return inbox.threadStarted
        }
        if wake { curl_multi_wakeup(multi) }
    }

    /// The loop's thread, named `judgecal.curl` for profilers and tests: turns of the loop until ``stop()``.
    private func run() {
        // Named from inside: on Linux, Foundation does not pass a name set before `start()` to the system.
        Thread.current.name = "judgecal.curl"
        var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var nextDeadline = UInt64.max
        var cacheSize = 0
        while true {
            let taken = inbox.withLock { inbox in
                defer { (inbox.submitted, inbox.cancelled) = ([], []) }
                return inbox
            }
            if taken.stopping { return }
            var now = monotonicNanoseconds()
            let handles = handlesCreated.load(ordering: .relaxed)
            if handles > cacheSize, jc_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, handles) == CURLM_OK {
                cacheSize = handles
            }
            for transfer in taken.submitted {
                if transfer.cancelled.load(ordering: .relaxed) {
                    end(transfer, transfer.failure(.cancelled, detail: "cancelled before it started"))
                    continue
                }
                transfer.start(at: now)
                let added = curl_multi_add_handle(multi, transfer.handle.raw)
                guard added == CURLM_OK else {
                    end(transfer, transfer.failure(.other, detail: Self.describe(added)))
                    continue
                }
                running[transfer.handle.raw] = transfer
                if let deadline = transfer.firstByteDeadline { nextDeadline = min(nextDeadline, deadline) }
            }
            for transfer in taken.cancelled where running[transfer.handle.raw] === transfer {
                remove(transfer, from: &running, transfer.failure(.cancelled, detail: "cancelled"))
            }
            if now >= nextDeadline {
                nextDeadline = .max
                for transfer in Array(running.values) where !transfer.receivedAny {
                    guard let deadline = transfer.firstByteDeadline else { continue }
                    if now >= deadline {
                        let failure = transfer.failure(.timedOut(.firstByte), detail: "no byte of a reply in time")
                        remove(transfer, from: &running, failure)
                    } else {
                        nextDeadline = min(nextDeadline, deadline)
                    }
                }
            }

            var stillRunning: Int32 = 0
            let performed = curl_multi_perform(multi, &stillRunning)
            if performed != CURLM_OK { failAll(&running, detail: Self.describe(performed)) }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let raw = message.pointee.easy_handle,
                    let transfer = running[raw]
                else { continue }
                let code = message.pointee.data.result
                remove(transfer, from: &running, transfer.outcome(code))
            }

            now = monotonicNanoseconds()
            // Milliseconds until the earliest first-byte deadline, rounded up, and at most a second.
            let timeout = nextDeadline <= now ? 0 : min(1000, (nextDeadline - now) / 1_000_000 + 1)
            let polled = curl_multi_poll(multi, nil, 0, Int32(timeout), nil)
            if polled != CURLM_OK { failAll(&running, detail: Self.describe(polled)) }
        }
    }

    /// Takes `transfer` out of the multi handle and ends it with `outcome` (read before the reset).
    private func remove(
        _ transfer: CurlTransfer,
        from running: inout [UnsafeMutableRawPointer: CurlTransfer],
        _ outcome: @autoclosure () -> Result<HTTPReply, TransferFailure>
    ) {
        let result = outcome()
        curl_multi_remove_handle(multi, transfer.handle.raw)
        running[transfer.handle.raw] = nil
        end(transfer, result)
    }

    /// Ends every transfer in flight as ``TransferFailure/Kind/other`` after a multi call failed.
    private func failAll(_ running: inout [UnsafeMutableRawPointer: CurlTransfer], detail: String) {
        for transfer in Array(running.values) {
            remove(transfer, from: &running, transfer.failure(.other, detail: detail))
        }
    }

    /// Returns the transfer's handle to the pool and resumes its task with `result`.
    private func end(_ transfer: CurlTransfer, _ result: Result<HTTPReply, TransferFailure>) {
        transfer.release()
        recycle(transfer.handle)
        transfer.continuation?.resume(returning: result)
        transfer.continuation = nil
    }

    private static func describe(_ code: CURLMcode) -> String {
        String(cString: curl_multi_strerror(code))
    }
}
