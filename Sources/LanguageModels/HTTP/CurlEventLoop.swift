import CCurl
import Foundation
import Synchronization
import _CurlShims

/// One libcurl multi handle and the one thread that drives it through
/// `curl_multi_socket_action` and Linux `epoll`: the engine under ``CurlClient``.
///
/// ## Design
///
/// libcurl tells the loop which sockets to watch (`CURLMOPT_SOCKETFUNCTION`, turned into
/// `epoll_ctl`) and when to call it back for its own timers (`CURLMOPT_TIMERFUNCTION`, kept as a
/// deadline). The loop's thread sleeps in `epoll_wait` and, for each socket that is ready, calls
/// `curl_multi_socket_action` on that socket alone, so a turn costs work in proportion to the
/// connections that have something to do, not to every connection open (as `poll` over the whole
/// set does). One turn of the loop:
///
/// 1. waits in `epoll_wait` until a socket is ready, the wake-up eventfd is readable, or the
///    earliest deadline: libcurl's timer or the earliest first-byte deadline of a transfer that
///    has received nothing (no deadline: no limit);
/// 2. runs `curl_multi_socket_action` for each ready socket, and drains the eventfd if it was
///    ready;
/// 3. takes the inbox under its lock: new transfers are started (their clocks set, their handles
///    added; one already cancelled ends at once without a byte sent), cancelled ones in flight are
///    removed and end as ``TransferFailure/Kind/cancelled``; the connection cache
///    (`CURLMOPT_MAXCONNECTS`) is kept as large as the number of easy handles created, the most
///    transfers ever in flight at once, so keep-alive connections are reused rather than closed
///    (at libcurl's default, a run at 256 in flight opened 1,429 connections for 10,000
///    requests; at this size 256); HTTP/2 multiplexing is off (`CURLMOPT_PIPELINING`), so a
///    connection carries one transfer at a time, as it did with one easy handle per transfer;
/// 4. runs `curl_multi_socket_action(CURL_SOCKET_TIMEOUT)` if libcurl's timer is due (adding a
///    handle sets it to now), and ends as a first-byte timeout every transfer past its first-byte
///    deadline with no byte received (looked for only once the earliest such deadline passes);
/// 5. ends each transfer `curl_multi_info_read` reports done, with libcurl's result.
///
/// Ending a transfer removes its handle from the multi handle, reads its outcome, frees its header
/// list, resets the handle into the pool and resumes the awaiting task from the loop's thread.
/// Only this thread touches the multi handle and a submitted transfer's fields (libcurl's
/// callbacks run on it); other threads only lock the inbox and write the eventfd. If a multi call
/// fails, every transfer in flight ends as ``TransferFailure/Kind/other`` with libcurl's
/// description, and the loop goes on.
///
/// ## Why no wake-up is lost
///
/// Submissions, cancellations and the stop request go through the inbox (a `Mutex`) and an
/// `eventfd` in the epoll set. The inbox carries a flag, `wakePending`: a thread that adds to the
/// inbox writes the eventfd only if it finds the flag clear, and sets it in the same locked
/// section; the loop clears it in the locked section where it takes the inbox. So a burst of
/// submissions costs one write and one wake-up. The eventfd is a counter, not an edge: a write
/// makes it readable until it is read, so a write made before the loop enters `epoll_wait` still
/// ends that wait at once (level-triggered). The loop reads (zeroes) the eventfd only in step 2,
/// and every step 2 is followed by step 3's take. Now suppose the inbox is not empty when the loop
/// enters `epoll_wait`. Its entries came after the loop's last take (a take empties it), so the
/// first of them found `wakePending` clear (the take cleared it) and will write or has written the
/// eventfd, after its append and so after that take, and so after the loop's last read (which
/// precedes the take). That write is unread, so the wait ends at once or as soon as it is made;
/// the next take then sees every entry. Later entries that found the flag set ride on that same
/// write. Nothing else reads the eventfd, so no write can be consumed without a take after it. The
/// first submission starts the thread instead of writing: the thread's first wait has a zero
/// timeout and is followed by a take.
///
/// ## Cancellation and its races
///
/// Cancelling sets the transfer's `cancelled` flag, then puts it in the inbox and wakes the loop.
/// Each transfer is resumed exactly once, and only by the loop's thread: either when its
/// submission is taken (already cancelled, or libcurl refused the handle), or when it leaves the
/// running set (done, cancelled, past its first-byte deadline, or a failed multi call). So:
/// - cancelled before it was submitted: the flag is set before the cancelling thread locks the
///   inbox, and the submission is taken under that lock later, so the loop sees the flag and ends
///   the transfer without adding its handle; the cancellation entry, if any, finds nothing running;
/// - cancelled after submission but before it was added: the flag is either seen when the
///   submission is taken, or, if set after that take, its inbox entry comes in a later take, when
///   the transfer is running and is removed;
/// - cancelled just as it finished: whichever the loop handles first wins. A transfer ended as
///   done is no longer in the running set, so the cancellation entry matches nothing (the running
///   set is checked by identity, not by easy handle, which a later transfer may be using); a
///   transfer removed as cancelled is dropped from libcurl's message queue by
///   `curl_multi_remove_handle`, so no "done" message for it is read afterwards.
///
/// The thread starts with the first submission and ends after ``stop()``, called when the client
/// is released (no transfer can then be in flight: each `send` holds the client); the multi
/// handle, the descriptors and the pooled easy handles are freed when the loop is released.
final class CurlEventLoop: @unchecked Sendable {
    // `@unchecked`: other threads use only `inbox`, `idleHandles`, `handlesCreated` (locked or
    // atomic) and `wakeFD` (an eventfd write is thread-safe); everything else belongs to the loop's
    // thread once it has started.
    private let multi: UnsafeMutableRawPointer
    private let epoll: Int32
    private let wakeFD: Int32
    private let inbox = Mutex(Inbox())
    private let idleHandles = Mutex<[EasyHandle]>([])
    /// Easy handles created so far: the most transfers this client has had in flight at once.
    private let handlesCreated = Atomic<Int>(0)

    // The loop thread's own state.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// When, on ``monotonicNanoseconds()``, libcurl wants `CURL_SOCKET_TIMEOUT` (`.max`: never).
    fileprivate var curlTimer = UInt64.max
    /// No running transfer's first-byte deadline is earlier than this (`.max`: none); it may be
    /// earlier than all of them (a transfer has since received a byte, or ended), which costs one
    /// look at the running set.
    private var firstByteCheck = UInt64.max
    /// `CURLMOPT_MAXCONNECTS` as last set.
    private var cacheSize = 0
    /// Why a socket could not be watched, set by the socket callback, which then fails the multi call.
    fileprivate var watchFailure: Int32 = 0

    /// What other threads hand the loop.
    private struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
        var threadStarted = false
        /// An eventfd write has been made, or is about to be, that no take has answered yet.
        var wakePending = false
    }

    init() {
        precondition(curlGlobalInitialization == 0, "curl_global_init failed")
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init returned NULL (out of memory)") }
        let epoll = jc_epoll_create()
        let wakeFD = jc_eventfd_create()
        guard epoll >= 0, wakeFD >= 0 else { fatalError("could not create the curl loop's epoll set or eventfd (errno \(errno))") }
        guard jc_epoll_watch(epoll, wakeFD, 1, 0, 1) == 0 else { fatalError("could not watch the curl loop's eventfd") }
        self.multi = multi
        self.epoll = epoll
        self.wakeFD = wakeFD
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        let setup = [
            jc_curl_multi_setopt_socket_callback(multi, watchSocket),
            jc_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, opaque),
            jc_curl_multi_setopt_timer_callback(multi, setTimer),
            jc_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, opaque),
            // One transfer per connection at a time, as when each easy handle had its own connections:
            // a multi handle would otherwise multiplex up to 100 transfers to an HTTP/2 server over one
            // connection, which changes how a load balancer spreads them.
            jc_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_NOTHING)),
        ]
        precondition(setup.allSatisfy { $0 == CURLM_OK }, "curl_multi_setopt refused the loop's callbacks")
    }

    deinit {
        // The callbacks point at this object, which is going: libcurl closes its connections in
        // curl_multi_cleanup and would report their sockets.
        _ = jc_curl_multi_setopt_socket_callback(multi, nil)
        _ = jc_curl_multi_setopt_timer_callback(multi, nil)
        curl_multi_cleanup(multi)
        idleHandles.withLock { handles in
            for handle in handles { curl_easy_cleanup(handle.raw) }
        }
        close(epoll)
        close(wakeFD)
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
            inbox.submitted.append(transfer)
            if !inbox.threadStarted {
                inbox.threadStarted = true
                return (false, true)
            }
            return (Self.claimWake(&inbox), false)
        }
        if startThread {
            let thread = Thread { [self] in run() }
            thread.name = "judgecal.curl"
            thread.start()
        } else if wake {
            jc_eventfd_signal(wakeFD)
        }
    }

    /// Asks the loop to end `transfer` as cancelled, whether it is submitted yet or not.
    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelled.store(true, ordering: .relaxed)
        let wake = inbox.withLock { inbox in
            // No thread yet: nothing was submitted, and the submission will find the flag.
            guard inbox.threadStarted else { return false }
            inbox.cancelled.append(transfer)
            return Self.claimWake(&inbox)
        }
        if wake { jc_eventfd_signal(wakeFD) }
    }

    /// Ends the loop's thread once it wakes; called when no transfer is in flight.
    func stop() {
        let wake = inbox.withLock { inbox in
            inbox.stopping = true
            return inbox.threadStarted && Self.claimWake(&inbox)
        }
        if wake { jc_eventfd_signal(wakeFD) }
    }

    /// Whether the caller, which has just added to the inbox, must write the eventfd: only the
    /// first to add since the loop's last take does (see "Why no wake-up is lost").
    private static func claimWake(_ inbox: inout Inbox) -> Bool {
        if inbox.wakePending { return false }
        inbox.wakePending = true
        return true
    }

    /// The loop's thread, named `judgecal.curl` for profilers and tests: turns of the loop until ``stop()``.
    private func run() {
        // Named from inside too: on Linux, Foundation may not pass a name set before `start()` to the system.
        Thread.current.name = "judgecal.curl"
        let capacity: Int32 = 256
        var fds = [Int32](repeating: 0, count: Int(capacity))
        var flags = [Int32](repeating: 0, count: Int(capacity))
        var timeout: Int32 = 0
        while true {
            // 1. Wait.
            let count = jc_epoll_wait(epoll, &fds, &flags, capacity, timeout)
            if count < 0, -count != EINTR { fatalError("epoll_wait failed in the curl loop (errno \(-count))") }
            // 2. Sockets and the wake-up.
            for index in 0..<Int(max(0, count)) {
                if fds[index] == wakeFD {
                    jc_eventfd_drain(wakeFD)
                } else {
                    socketAction(fds[index], flags[index])
                }
            }
            // 3. The inbox: always taken after a wait, so after any read of the eventfd.
            let taken = inbox.withLock { inbox in
                defer {
                    inbox.submitted = []
                    inbox.cancelled = []
                    inbox.wakePending = false
                }
                return inbox
            }
            if taken.stopping { return }
            var now = monotonicNanoseconds()
            let handles = handlesCreated.load(ordering: .relaxed)
            if handles > cacheSize, jc_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, handles) == CURLM_OK {
                cacheSize = handles
            }
            for transfer in taken.submitted { add(transfer, now: now) }
            for transfer in taken.cancelled where running[transfer.handle.raw] === transfer {
                remove(transfer, transfer.failure(.cancelled))
            }
            // 4. Timers.
            if now >= curlTimer { socketAction(CURL_SOCKET_TIMEOUT, 0) }
            now = monotonicNanoseconds()
            if now >= firstByteCheck { endSilentTransfers(now: now) }
            // 5. Finished transfers.
            readMessages()

            now = monotonicNanoseconds()
            let deadline = min(curlTimer, firstByteCheck)
            if deadline == .max {
                timeout = -1
            } else if deadline <= now {
                timeout = 0
            } else {
                // Rounded up, so the wait never ends just before the deadline and spins.
                timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            }
        }
    }

    /// Starts a submitted transfer, or ends it at once if it was cancelled before this.
    private func add(_ transfer: CurlTransfer, now: UInt64) {
        if transfer.cancelled.load(ordering: .relaxed) {
            finish(transfer, transfer.failure(.cancelled))
            return
        }
        transfer.start(at: now)
        let added = curl_multi_add_handle(multi, transfer.handle.raw)
        guard added == CURLM_OK else {
            finish(transfer, transfer.failure(.other, detail: Self.describe(added)))
            return
        }
        running[transfer.handle.raw] = transfer
        if let deadline = transfer.firstByteDeadline { firstByteCheck = min(firstByteCheck, deadline) }
    }

    /// `curl_multi_socket_action` for one socket (or libcurl's timer); a failure ends every transfer
    /// in flight.
    private func socketAction(_ socket: curl_socket_t, _ events: Int32) {
        if socket == CURL_SOCKET_TIMEOUT { curlTimer = .max }  // the callback may set it again
        var stillRunning: Int32 = 0
        let code = curl_multi_socket_action(multi, socket, events, &stillRunning)
        guard code == CURLM_OK else {
            var detail = Self.describe(code)
            if watchFailure != 0 { detail += " (epoll_ctl: \(String(cString: strerror(watchFailure))))" }
            watchFailure = 0
            failAll(detail: detail)
            return
        }
    }

    /// Ends, as a first-byte timeout, each running transfer past its first-byte deadline with no
    /// byte received, and finds the next such deadline.
    private func endSilentTransfers(now: UInt64) {
        firstByteCheck = .max
        for transfer in Array(running.values) where !transfer.receivedAny {
            guard let deadline = transfer.firstByteDeadline else { continue }
            if now >= deadline {
                remove(transfer, transfer.failure(.timedOut(.firstByte)))
            } else {
                firstByteCheck = min(firstByteCheck, deadline)
            }
        }
    }

    /// Ends each transfer libcurl reports done.
    private func readMessages() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let raw = message.pointee.easy_handle,
                let transfer = running[raw]
            else { continue }
            let code = message.pointee.data.result
            remove(transfer, transfer.outcome(code))
        }
    }

    /// Takes `transfer` out of the multi handle and ends it with `outcome` (read before the reset).
    private func remove(_ transfer: CurlTransfer, _ outcome: @autoclosure () -> Result<HTTPReply, TransferFailure>) {
        let result = outcome()
        curl_multi_remove_handle(multi, transfer.handle.raw)
        running[transfer.handle.raw] = nil
        finish(transfer, result)
    }

    /// Ends every transfer in flight as ``TransferFailure/Kind/other`` after a multi call failed.
    private func failAll(detail: String) {
        for transfer in Array(running.values) {
            remove(transfer, transfer.failure(.other, detail: detail))
        }
    }

    /// Returns the transfer's handle to the pool and resumes its task with `result`.
    private func finish(_ transfer: CurlTransfer, _ result: Result<HTTPReply, TransferFailure>) {
        transfer.release()
        recycle(transfer.handle)
        transfer.resume(result)
    }

    private static func describe(_ code: CURLMcode) -> String {
        String(cString: curl_multi_strerror(code))
    }
}

private func loop(_ pointer: UnsafeMutableRawPointer?) -> CurlEventLoop {
    guard let pointer else { preconditionFailure("libcurl called back without the loop the multi handle is given") }
    return Unmanaged<CurlEventLoop>.fromOpaque(pointer).takeUnretainedValue()
}

/// `CURLMOPT_SOCKETFUNCTION`: watch the socket for what libcurl asks, or stop watching it.
///
/// A socket seen for the first time (no pointer assigned to it yet) is added to the epoll set and
/// marked with `curl_multi_assign` (libcurl forgets the mark when it removes the socket, as it does
/// when a connection goes idle into the cache), so a change is one `EPOLL_CTL_MOD` and a new
/// socket one `EPOLL_CTL_ADD`, without a failed call to find out which. Returning -1 makes the
/// running multi call fail (`CURLM_ABORTED_BY_CALLBACK`).
private let watchSocket: jc_curl_socket_callback = { _, socket, what, context, mark in
    let loop = loop(context)
    let epoll = loop.epollDescriptor
    if what == CURL_POLL_REMOVE {
        _ = jc_epoll_unwatch(epoll, socket)  // fails only if already closed or never added
        return 0
    }
    let wantIn: Int32 = (what & CURL_POLL_IN) != 0 ? 1 : 0
    let wantOut: Int32 = (what & CURL_POLL_OUT) != 0 ? 1 : 0
    let failure = jc_epoll_watch(epoll, socket, wantIn, wantOut, mark == nil ? 1 : 0)
    guard failure == 0 else {
        loop.watchFailure = failure
        return -1
    }
    if mark == nil { _ = jc_curl_multi_assign(loop.multiHandle, socket, context) }
    return 0
}

/// `CURLMOPT_TIMERFUNCTION`: when libcurl wants `CURL_SOCKET_TIMEOUT` (-1: never). Called only
/// from multi calls, on the loop's thread; the loop makes the call after its wait (libcurl must
/// not be called back into from here).
private let setTimer: jc_curl_timer_callback = { _, milliseconds, context in
    let loop = loop(context)
    loop.curlTimer = milliseconds < 0 ? .max : monotonicNanoseconds() + UInt64(milliseconds) * 1_000_000
    return 0
}

extension CurlEventLoop {
    /// The epoll descriptor, for the socket callback.
    fileprivate var epollDescriptor: Int32 { epoll }
    /// The multi handle, for the socket callback's `curl_multi_assign`.
    fileprivate var multiHandle: UnsafeMutableRawPointer { multi }
}
