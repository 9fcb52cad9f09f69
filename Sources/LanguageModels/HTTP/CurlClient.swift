import CCurl
import Foundation
import Synchronization
import _CurlShims

/// `curl_global_init`, run once, before the first handle is created (a global
/// `let` is initialised lazily and exactly once).
let curlGlobalInitialization: Int = Int(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)

/// An HTTP client over libcurl's multi interface: every transfer in flight runs
/// on one thread.
///
/// ``send(_:)`` sets up an easy handle on the calling task's thread and hands
/// it to a ``CurlTransferLoop``: one libcurl multi handle driven by one
/// dedicated thread (never the cooperative pool), which adds the handle, runs
/// every transfer in flight at once with `curl_multi_perform` and
/// `curl_multi_poll`, and resumes each awaiting task's continuation when its
/// transfer ends. So however many transfers are in flight, the client costs one
/// thread and one poll set, not a thread and a blocking wait each. Callers bound
/// how many transfers are in flight (``OpenAICompatibleModel`` holds a
/// per-model limit).
///
/// Easy handles are kept in a pool and reset between transfers; connections
/// live in the multi handle's connection cache, sized to hold one per easy
/// handle the client has created (at libcurl's default size, connections were
/// closed and opened again: 1,429 connections for 10,000 requests at 256 in
/// flight, 256 at this size), so keep-alive connections are reused by
/// whichever transfer comes next. Three timers bound a transfer, all counted from when the
/// loop adds it: connecting (`CURLOPT_CONNECTTIMEOUT_MS`), the first byte of
/// the reply (the loop's own deadline, which wakes its poll), and the whole
/// exchange (`CURLOPT_TIMEOUT_MS`); all three run on the loop's thread, so a
/// busy cooperative pool cannot stretch them. Every handle sets
/// `CURLOPT_NOSIGNAL`, so timeouts never raise signals in a multithreaded
/// process. A reply body longer than the request's
/// ``HTTPRequest/maximumReplyBytes`` ends the transfer as soon as the limit is
/// passed (at once when `Content-Length` announces it), so an oversized reply is
/// never held in memory whole. Cancelling the awaiting task wakes the loop,
/// which removes the transfer at once and fails it as
/// ``TransferFailure/Kind/cancelled``.
///
/// The loop's thread starts with the first request and ends when the client is
/// released (no request can then be in flight: each holds the client).
final class CurlClient: Sendable {
    private let loop = CurlTransferLoop()

    init() {}

    deinit {
        loop.stop()
    }

    /// Sends a request and waits, off the cooperative pool, for the whole reply.
    ///
    /// Cancelling the awaiting task ends the transfer as
    /// ``TransferFailure/Kind/cancelled`` as soon as the loop wakes.
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
