import CCurl
import Foundation
import Synchronization
import _CurlShims

/// One request's transfer: its easy handle, set up for the request, and what the
/// handle's callbacks write into.
///
/// Prepared on the sending task's thread; from ``CurlEventLoop/submit(_:)``
/// on, every field but ``cancelled`` is read and written only by the loop's
/// thread (libcurl runs the callbacks there), which resumes ``continuation``
/// once (``resume(_:)`` drops it as it resumes).
final class CurlTransfer: @unchecked Sendable {
    let handle: EasyHandle
    /// The request's timeouts, which the loop and ``failure(_:)`` read.
    let connectTimeout: Double
    let firstByteTimeout: Double?
    let totalTimeout: Double
    /// Reply bodies longer than this are refused rather than buffered.
    let maximumBodySize: Int
    /// The header lines, owned by this transfer until it ends.
    private(set) var headerList: UnsafeMutablePointer<curl_slist>?

    /// Set from any thread when the sending task is cancelled.
    let cancelled = Atomic<Bool>(false)
    /// Resumed once, by the loop, with the transfer's outcome.
    var continuation: CheckedContinuation<Result<HTTPReply, TransferFailure>, Never>?

    /// When the loop added the handle, on ``monotonicNanoseconds()``.
    var started: UInt64 = 0
    /// When, on ``monotonicNanoseconds()``, the transfer is abandoned if no byte of a reply has come.
    var firstByteDeadline: UInt64?
    /// Whether a status line, header or body byte has arrived.
    var receivedAny = false
    /// Whether the body passed ``maximumBodySize`` and the transfer was ended for it.
    var bodyTooLarge = false
    var body: [UInt8] = []
    var headers: [String: String] = [:]

    private init(handle: EasyHandle, request: HTTPRequest) {
        self.handle = handle
        connectTimeout = request.connectTimeout
        firstByteTimeout = request.firstByteTimeout
        totalTimeout = request.totalTimeout
        maximumBodySize = request.maximumReplyBytes
    }

    /// A transfer whose handle is set up to send `request`, or the failure of a setup call.
    ///
    /// On failure the handle is reset and not yet in use; the caller gives it back.
    static func prepare(_ request: HTTPRequest, handle: EasyHandle) -> Result<CurlTransfer, TransferFailure> {
        let transfer = CurlTransfer(handle: handle, request: request)
        for line in request.headers { transfer.headerList = curl_slist_append(transfer.headerList, line) }
        let raw = handle.raw
        let opaque = Unmanaged.passUnretained(transfer).toOpaque()
        var setup = [
            jc_curl_easy_setopt_string(raw, CURLOPT_URL, request.url),
            jc_curl_easy_setopt_long(raw, CURLOPT_NOSIGNAL, 1),
            jc_curl_easy_setopt_long(raw, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout)),
            jc_curl_easy_setopt_long(raw, CURLOPT_TIMEOUT_MS, milliseconds(request.totalTimeout)),
            jc_curl_easy_setopt_off_t(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumReplyBytes)),
            jc_curl_easy_setopt_headers(raw, transfer.headerList),
            jc_curl_easy_setopt_data_callback(raw, CURLOPT_WRITEFUNCTION, receiveBody),
            jc_curl_easy_setopt_pointer(raw, CURLOPT_WRITEDATA, opaque),
            jc_curl_easy_setopt_data_callback(raw, CURLOPT_HEADERFUNCTION, receiveHeader),
            jc_curl_easy_setopt_pointer(raw, CURLOPT_HEADERDATA, opaque),
            // No progress callback: the loop itself ends cancelled transfers and those past their
            // first-byte deadline (libcurl's default, set again for clarity).
            jc_curl_easy_setopt_long(raw, CURLOPT_NOPROGRESS, 1),
        ]
        if let body = request.body {
            setup.append(jc_curl_easy_setopt_off_t(raw, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            setup.append(
                body.withUnsafeBytes { bytes in
                    jc_curl_easy_setopt_pointer(
                        raw,
                        CURLOPT_COPYPOSTFIELDS,
                        UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                })
        } else {
            setup.append(jc_curl_easy_setopt_long(raw, CURLOPT_HTTPGET, 1))
        }
        if let failed = setup.first(where: { $0 != CURLE_OK }) {
            transfer.release()
            return .failure(TransferFailure(kind: .other, detail: describe(failed)))
        }
        return .success(transfer)
    }

    /// Starts the transfer's clocks; the loop calls this as it adds the handle.
    func start(at now: UInt64) {
        started = now
        if let firstByteTimeout, firstByteTimeout < totalTimeout {
            firstByteDeadline = now + UInt64(max(0, firstByteTimeout) * 1e9)
        }
    }

    /// The outcome of a transfer libcurl ended with `code`; read before the handle is reset.
    func outcome(_ code: CURLcode) -> Result<HTTPReply, TransferFailure> {
        let ended = ContinuousClock.now
        let seconds = Double(monotonicNanoseconds() - started) / 1e9
        guard code == CURLE_OK else {
            var kind = Self.kind(of: code)
            if code == CURLE_FILESIZE_EXCEEDED || (code == CURLE_WRITE_ERROR && bodyTooLarge) {
                kind = .replyTooLarge
            } else if kind == .timedOut(.total), connectTimeout < totalTimeout, seconds < totalTimeout {
                // libcurl says "timed out" for both timers; the connect timer is the only one that can
                // run out before the total.
                kind = .timedOut(.connect)
            }
            return .failure(TransferFailure(kind: kind, detail: Self.describe(code), seconds: seconds, ended: ended))
        }
        var status = 0
        _ = jc_curl_easy_getinfo_long(handle.raw, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPReply(status: status, body: body, headers: headers, seconds: seconds, ended: ended))
    }

    /// The outcome of a transfer the loop ended itself: `kind` is ``TransferFailure/Kind/cancelled``
    /// or a first-byte timeout (the detail libcurl gave both when a progress callback ended them,
    /// `CURLE_ABORTED_BY_CALLBACK`'s), or ``TransferFailure/Kind/other`` with `detail`.
    func failure(_ kind: TransferFailure.Kind, detail: String? = nil) -> Result<HTTPReply, TransferFailure> {
        let ended = ContinuousClock.now
        let seconds = started == 0 ? 0 : Double(monotonicNanoseconds() - started) / 1e9
        let detail = detail ?? Self.describe(CURLE_ABORTED_BY_CALLBACK)
        return .failure(TransferFailure(kind: kind, detail: detail, seconds: seconds, ended: ended))
    }

    /// Resumes the awaiting task with `result`, once: a second call does nothing.
    func resume(_ result: Result<HTTPReply, TransferFailure>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// Frees the header lines and resets the handle for the pool, dropping every pointer to this
    /// transfer that libcurl held.
    func release() {
        curl_slist_free_all(headerList)
        headerList = nil
        curl_easy_reset(handle.raw)
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    static func describe(_ code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }

    private static func kind(of code: CURLcode) -> TransferFailure.Kind {
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST: .couldNotConnect
        case CURLE_OPERATION_TIMEDOUT: .timedOut(.total)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE: .connectionDropped
        default: .other
        }
    }
}

private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer {
    guard let pointer else { preconditionFailure("libcurl called back without the transfer every handle is given") }
    return Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
}

private let receiveBody: jc_curl_data_callback = { data, size, count, pointer in
    let transfer = transfer(pointer)
    let length = size * count
    guard let data else { return 0 }
    guard transfer.body.count + length <= transfer.maximumBodySize else {
        transfer.bodyTooLarge = true
        return 0
    }
    transfer.receivedAny = true
    transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
    return length
}

private let receiveHeader: jc_curl_data_callback = { data, size, count, pointer in
    let transfer = transfer(pointer)
    let length = size * count
    guard let data else { return 0 }
    transfer.receivedAny = true
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
        transfer.headers = [:]  // a new response (after a redirect or 100 Continue)
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        transfer.headers[name] = value
    }
    return length
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
