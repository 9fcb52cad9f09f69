import CCurl
import Foundation
import Synchronization
import _CurlShims

/// `curl_global_init`, run once, before the first handle is created (a global
/// `let` is initialised lazily and exactly once).
private let curlGlobalInitialization: Int = Int(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)

/// An HTTP client over libcurl's easy interface.
///
/// `curl_easy_perform` blocks its thread until the transfer ends, so it never
/// runs on Swift's cooperative thread pool: each transfer runs on a thread of
/// ``BlockingThreads`` (reused between transfers, one per transfer in flight),
/// and the awaiting task is resumed through a continuation when it ends. (Not
/// a Dispatch queue: on Linux a concurrent queue runs only about as many
/// blocking items at once as there are cores, which let transfers wait past
/// their timeouts in the queue.) Callers bound
/// how many transfers are in flight (``OpenAICompatibleModel`` holds a
/// per-model limit). Easy handles are kept in a pool and reset between
/// transfers, which keeps libcurl's connection cache, so keep-alive
/// connections are reused. Three timers bound a transfer: connecting
/// (`CURLOPT_CONNECTTIMEOUT_MS`), the first byte of the reply (checked in the
/// progress callback), and the whole exchange (`CURLOPT_TIMEOUT_MS`); all three
/// run on the transfer's thread, so a busy cooperative pool cannot stretch them.
/// Every handle sets `CURLOPT_NOSIGNAL`, so timeouts never raise signals in a
/// multithreaded process. A reply body longer than the request's
/// ``HTTPRequest/maximumReplyBytes`` ends the transfer as soon as the limit is
/// passed (at once when `Content-Length` announces it), so an oversized reply is
/// never held in memory whole.
final class CurlClient: Sendable {
    private let idleHandles = Mutex<[EasyHandle]>([])
    private let threads = BlockingThreads(name: "judgecal.curl")

    init() {}

    deinit {
        idleHandles.withLock { handles in
            for handle in handles { curl_easy_cleanup(handle.raw) }
        }
    }

    /// Sends a request and waits, off the cooperative pool, for the whole reply.
    ///
    /// Cancelling the awaiting task aborts the transfer at libcurl's next
    /// progress callback.
    func send(_ request: HTTPRequest) async throws(TransferFailure) -> HTTPReply {
        let context = TransferContext(maximumBodySize: request.maximumReplyBytes)
        let result: Result<HTTPReply, TransferFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                threads.run { continuation.resume(returning: self.perform(request, context: context)) }
            }
        } onCancel: {
            context.cancelled.store(true, ordering: .relaxed)
        }
        return try result.get()
    }

    private func perform(_ request: HTTPRequest, context: TransferContext) -> Result<HTTPReply, TransferFailure> {
        precondition(curlGlobalInitialization == 0, "curl_global_init failed")
        let handle = idleHandles.withLock { $0.popLast() } ?? EasyHandle()
        defer {
            curl_easy_reset(handle.raw)
            idleHandles.withLock { $0.append(handle) }
        }
        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        for line in request.headers { headerList = curl_slist_append(headerList, line) }
        defer { curl_slist_free_all(headerList) }

        let raw = handle.raw
        if let firstByte = request.firstByteTimeout, firstByte < request.totalTimeout {
            context.firstByteDeadline = monotonicNanoseconds() + UInt64(max(0, firstByte) * 1e9)
        }
        let started = monotonicNanoseconds()
        let opaqueContext = Unmanaged.passUnretained(context).toOpaque()
        var setup = [
            jc_curl_easy_setopt_string(raw, CURLOPT_URL, request.url),
            jc_curl_easy_setopt_long(raw, CURLOPT_NOSIGNAL, 1),
            jc_curl_easy_setopt_long(raw, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout)),
            jc_curl_easy_setopt_long(raw, CURLOPT_TIMEOUT_MS, milliseconds(request.totalTimeout)),
            jc_curl_easy_setopt_off_t(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumReplyBytes)),
            jc_curl_easy_setopt_headers(raw, headerList),
            jc_curl_easy_setopt_data_callback(raw, CURLOPT_WRITEFUNCTION, receiveBody),
            jc_curl_easy_setopt_pointer(raw, CURLOPT_WRITEDATA, opaqueContext),
            jc_curl_easy_setopt_data_callback(raw, CURLOPT_HEADERFUNCTION, receiveHeader),
            jc_curl_easy_setopt_pointer(raw, CURLOPT_HEADERDATA, opaqueContext),
            jc_curl_easy_setopt_long(raw, CURLOPT_NOPROGRESS, 0),
            jc_curl_easy_setopt_progress_callback(raw, checkCancellation),
            jc_curl_easy_setopt_pointer(raw, CURLOPT_XFERINFODATA, opaqueContext),
        ]
        if let body = request.body {
            setup.append(jc_curl_easy_setopt_off_t(raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            setup.append(
                body.withUnsafeBytes { bytes in
                    jc_curl_easy_setopt_pointer(raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                })
        } else {
            setup.append(jc_curl_easy_setopt_long(raw, CURLOPT_HTTPGET, 1))
        }
        if let failed = setup.first(where: { $0 != CURLE_OK }) {
            return .failure(TransferFailure(kind: .other, detail: Self.describe(failed)))
        }

        let code = curl_easy_perform(raw)
        let ended = ContinuousClock.now
        guard code == CURLE_OK else {
            var kind = Self.kind(of: code)
            if code == CURLE_FILESIZE_EXCEEDED || (code == CURLE_WRITE_ERROR && context.bodyTooLarge) {
                kind = .replyTooLarge
            } else if code == CURLE_ABORTED_BY_CALLBACK, context.firstByteTimedOut {
                kind = .timedOut(.firstByte)
            } else if kind == .timedOut(.total) {
                // libcurl says "timed out" for both timers; the connect timer is the only one that can
                // run out before the total.
                let elapsed = Double(monotonicNanoseconds() - started) / 1e9
                if request.connectTimeout < request.totalTimeout, elapsed < request.totalTimeout { kind = .timedOut(.connect) }
            }
            let seconds = Double(monotonicNanoseconds() - started) / 1e9
            return .failure(TransferFailure(kind: kind, detail: Self.describe(code), seconds: seconds, ended: ended))
        }
        var status = 0
        _ = jc_curl_easy_getinfo_long(raw, CURLINFO_RESPONSE_CODE, &status)
        let seconds = Double(monotonicNanoseconds() - started) / 1e9
        return .success(
            HTTPReply(status: status, body: context.body, headers: context.headers, seconds: seconds, ended: ended))
    }

    private func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    private static func describe(_ code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }

    private static func kind(of code: CURLcode) -> TransferFailure.Kind {
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST: .couldNotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut(.total)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: .connectionDropped
        case CURLE_ABORTED_BY_CALLBACK: .cancelled
        default: .other
        }
    }
}

/// A libcurl easy handle.
///
/// Used by one transfer at a time: the pool hands it out under a lock and takes
/// it back when the transfer ends.
private struct EasyHandle: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer

    init() {
        guard let raw = curl_easy_init() else { fatalError("curl_easy_init returned NULL (out of memory)") }
        self.raw = raw
    }
}

/// What one transfer's callbacks write into.
///
/// `body` and `headers` are touched only by the thread running
/// `curl_easy_perform` and read after it returns; `cancelled` is set from any
/// thread.
private final class TransferContext: @unchecked Sendable {
    /// Reply bodies longer than this are refused rather than buffered.
    let maximumBodySize: Int
    /// Whether the body passed ``maximumBodySize`` and the transfer was ended for it.
    var bodyTooLarge = false

    var body: [UInt8] = []
    var headers: [String: String] = [:]
    let cancelled = Atomic<Bool>(false)
    /// When, on ``monotonicNanoseconds()``, the transfer is abandoned if no byte of a reply has come.
    var firstByteDeadline: UInt64?
    /// Whether a status line, header or body byte has arrived.
    var receivedAny = false
    /// Whether the progress callback abandoned the transfer at ``firstByteDeadline``.
    var firstByteTimedOut = false

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }
}

/// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`), which no wall-clock change moves.
private func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

private func context(_ pointer: UnsafeMutableRawPointer?) -> TransferContext {
    guard let pointer else { preconditionFailure("libcurl called back without the transfer context every handle is given") }
    return Unmanaged<TransferContext>.fromOpaque(pointer).takeUnretainedValue()
}

private let receiveBody: jc_curl_data_callback = { data, size, count, pointer in
    let context = context(pointer)
    let length = size * count
    guard let data else { return 0 }
    guard context.body.count + length <= context.maximumBodySize else {
        context.bodyTooLarge = true
        return 0
    }
    context.receivedAny = true
    context.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}

private let receiveHeader: jc_curl_data_callback = { data, size, count, pointer in
    let context = context(pointer)
    let length = size * count
    guard let data else { return 0 }
    context.receivedAny = true
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
        context.headers = [:]  // a new response (after a redirect or 100 Continue)
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        context.headers[name] = value
    }
    return length
}

/// Aborts the transfer when its task is cancelled, or when its first-byte deadline passes with
/// nothing received (libcurl calls this about once a second while a transfer waits, and more often
/// while data moves).
private let checkCancellation: jc_curl_progress_callback = { pointer, _, _, _, _ in
    let context = context(pointer)
    if context.cancelled.load(ordering: .relaxed) { return 1 }
    if !context.receivedAny, let deadline = context.firstByteDeadline, monotonicNanoseconds() >= deadline {
        context.firstByteTimedOut = true
        return 1
    }
    return 0
}

extension Substring {
    /// The text without leading and trailing whitespace (spaces, tabs, and
    /// line breaks, `\r\n` being one `Character`).
    fileprivate func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
