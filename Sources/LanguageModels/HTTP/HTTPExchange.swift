/// One HTTP request, as the curl client sends it.
struct HTTPRequest: Sendable {
    /// The absolute URL.
    var url: String
    /// The body to POST; `nil` sends a GET.
    var body: [UInt8]?
    /// Header lines (`Name: value`).
    var headers: [String]
    /// Seconds allowed for connecting.
    var connectTimeout: Double
    /// Seconds allowed from the start until the first byte of the reply
    /// (`nil`: only ``totalTimeout`` bounds the wait).
    var firstByteTimeout: Double? = nil
    /// Seconds allowed for the whole exchange.
    var totalTimeout: Double
    /// The most bytes of reply body taken; a longer reply ends the transfer
    /// (``TransferFailure/Kind/replyTooLarge``) instead of being buffered.
    var maximumReplyBytes: Int
}

/// A whole HTTP reply.
struct HTTPReply: Sendable {
    /// The status code.
    var status: Int
    /// The body bytes.
    var body: [UInt8]
    /// Header values by lower-cased name (the last value when repeated).
    var headers: [String: String]
    /// Seconds the exchange took, measured on the thread that ran it (so no wait for a
    /// cooperative thread afterwards is counted).
    var seconds: Double = 0
    /// When the exchange ended, read on the thread that ran it: the moment a retry's wait is
    /// counted from, however late the awaiting task resumes.
    var ended: ContinuousClock.Instant = .now
}

/// A transfer that ended without an HTTP reply.
struct TransferFailure: Error, Sendable {
    /// How it ended.
    enum Kind: Sendable, Equatable {
        case couldNotConnect, timedOut(TimeoutPhase), connectionDropped, cancelled, other
        /// The reply's body was longer than ``HTTPRequest/maximumReplyBytes``.
        case replyTooLarge
    }

    /// Which of the request's timeouts ran out.
    enum TimeoutPhase: Sendable, Equatable {
        /// ``HTTPRequest/connectTimeout``: no connection.
        case connect
        /// ``HTTPRequest/firstByteTimeout``: connected, but no byte of a reply.
        case firstByte
        /// ``HTTPRequest/totalTimeout``: the whole exchange.
        case total
    }

    /// How it ended.
    var kind: Kind
    /// libcurl's description of the failure (`curl_easy_strerror`).
    var detail: String
    /// Seconds the transfer took before it failed, measured on the thread that ran it.
    var seconds: Double = 0
    /// When the transfer ended, read on the thread that ran it.
    var ended: ContinuousClock.Instant = .now
}
