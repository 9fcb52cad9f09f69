import CCurl
import Foundation
import _CurlShims

/// `curl_global_init`, run once, before the first handle is created (a global
/// `let` is initialised lazily and exactly once).
let curlGlobalInitialization: Int = Int(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)

/// An HTTP client over libcurl's multi interface: every transfer in flight runs
/// on one thread, which sleeps in `epoll_wait`.
///
/// ``send(_:)`` sets up an easy handle on the calling task's thread and hands
/// it to a ``CurlEventLoop``: one libcurl multi handle driven by one dedicated
/// thread (never the cooperative pool) through `curl_multi_socket_action`,
/// which adds the handle, moves every transfer in flight as its sockets become
/// ready, and resumes each awaiting task's continuation when its transfer ends.
/// So however many transfers are in flight, the client costs one thread and one
/// epoll set, not a thread and a blocking wait each (as it did when each
/// transfer ran `curl_easy_perform` on a thread of its own). Callers bound how
/// many transfers are in flight (``OpenAICompatibleModel`` holds a per-model
/// limit).
///
/// Easy handles are kept in a pool and reset between transfers; connections
/// live in the multi handle's connection cache, sized to hold one per easy
/// handle the client has created, so keep-alive connections are reused by
/// whichever transfer comes next. Three timers bound a transfer, all counted
/// from when the loop adds it: connecting (`CURLOPT_CONNECTTIMEOUT_MS`), the
/// first byte of the reply (the loop's own deadline, which bounds its wait),
/// and the whole exchange (`CURLOPT_TIMEOUT_MS`); all three run on the loop's
/// thread, so a busy cooperative pool cannot stretch them, and so are a reply's
/// ``HTTPReply/seconds`` and ``HTTPReply/ended`` (and a failure's). Every handle
/// sets `CURLOPT_NOSIGNAL`, so timeouts never raise signals in a multithreaded
/// process. A reply body longer than the request's
/// ``HTTPRequest/maximumReplyBytes`` ends the transfer as soon as the limit is
/// passed (at once when `Content-Length` announces it), so an oversized reply
/// is never held in memory whole. Cancelling the awaiting task wakes the loop,
/// which removes the transfer at once and fails it as
/// ``TransferFailure/Kind/cancelled`` (see ``CurlEventLoop`` for why that
/// wake-up cannot be lost, and for the races with starting and finishing).
///
/// The loop's thread starts with the first request and ends when the client is
/// released (no request can then be in flight: each holds the client).
final class CurlClient: Sendable {
    /// Internal for tests, which watch it freed when the client is.
    let loop = CurlEventLoop()

    init() {}

    deinit {
        loop.stop()
    }

    /// Sends a request and waits, off the cooperative pool, for the whole reply.
    ///
    /// Cancelling the awaiting task ends the transfer as
    /// ``TransferFailure/Kind/cancelled`` as soon as the loop wakes; a task
    /// cancelled before it sends ends so without a byte sent.
    func send(_ request: HTTPRequest) async throws(TransferFailure) -> HTTPReply {
        let handle = loop.handle()
        let transfer: CurlTransfer
        switch CurlTransfer.prepare(request, handle: handle) {
        case .success(let prepared):
            transfer = prepared
        case .failure(let failure):
            loop.recycle(handle)
            throw failure
        }
        let result: Result<HTTPReply, TransferFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
        return try result.get()
    }
}

/// A libcurl easy handle.
///
/// Used by one transfer at a time: the pool hands it out under a lock and takes
/// it back when the transfer ends.
struct EasyHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    init() {
        guard let raw = curl_easy_init() else { fatalError("curl_easy_init returned NULL (out of memory)") }
        self.raw = raw
    }
}

/// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`), which no wall-clock change moves.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
