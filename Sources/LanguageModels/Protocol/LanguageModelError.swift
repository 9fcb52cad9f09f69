/// Why a language model could not answer.
///
/// A struct over a small set of codes, so that codes can be added without
/// breaking callers. The ``message`` says what happened and what to do about
/// it; it never contains an API key (the client removes the key's text from
/// anything a server echoes back before it becomes part of a message).
public struct LanguageModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is, for code that reacts to failures.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// Nothing listens at the configured address.
        public static let serverUnreachable = Code("serverUnreachable")
        /// The connection or the whole request took longer than its timeout.
        public static let timedOut = Code("timedOut")
        /// The server closed the connection before a whole reply arrived.
        public static let connectionDropped = Code("connectionDropped")
        /// The server answered with an HTTP status that is not success.
        public static let httpStatus = Code("httpStatus")
        /// The reply was not a chat completion (malformed or truncated JSON).
        public static let malformedReply = Code("malformedReply")
        /// The reply's body was longer than the configuration's
        /// ``OpenAICompatibleModel/Configuration/maxReplyBytes``; it was not read, nor retried.
        public static let replyTooLarge = Code("replyTooLarge")
        /// Every allowed attempt failed; ``LanguageModelError/underlying`` says how the last one did.
        public static let retriesExhausted = Code("retriesExhausted")
        /// Configuration is incomplete or invalid (such as an API key variable that is not set).
        public static let configuration = Code("configuration")
        /// The response cache could not be opened, read or written.
        public static let cache = Code("cache")
        /// A recorded-replies model was asked something that was never recorded.
        public static let notRecorded = Code("notRecorded")
        /// On the batch route: the request has no answer in the cache or the batch output file
        /// yet (``BatchRouteModel``); it goes into the next batch input file.
        public static let batchPending = Code("batchPending")
        /// The task was cancelled while the request was in flight.
        public static let cancelled = Code("cancelled")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What happened and what to do about it.
    public let message: String
    /// The HTTP status, when the server answered with one.
    public let statusCode: Int?
    /// How many attempts were made before giving up (1 when there was no retry).
    public let attempts: Int
    /// For ``Code/retriesExhausted``: the code of the last attempt's failure.
    public let underlying: Code?

    /// Creates an error.
    public init(_ code: Code, _ message: String, statusCode: Int? = nil, attempts: Int = 1, underlying: Code? = nil) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.attempts = attempts
        self.underlying = underlying
    }

    /// Whether another attempt may succeed: rate limiting (429), a server
    /// error (5xx), a timeout, a dropped connection or a truncated reply.
    public var isRetryable: Bool {
        switch code {
        case .timedOut, .connectionDropped, .malformedReply: true
        case .httpStatus: statusCode.map { $0 == 429 || (500...599).contains($0) } ?? false
        default: false
        }
    }

    /// The message.
    public var description: String { message }
}
