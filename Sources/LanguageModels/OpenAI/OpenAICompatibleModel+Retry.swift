import DataFormats
import Foundation
import Synchronization

extension OpenAICompatibleModel {
    /// Sends one completion request, retrying what may pass (see ``RetryPolicy``).
    ///
    /// - Parameter detectingForm: `true` while this request is also the probe for the structured-output
    ///   form: a reply that definitively refuses the form (see ``refusesForm(status:body:)``) ends it at
    ///   once with ``FormRefused``, not retried; anything else that may pass is retried as always.
    ///
    /// A request for several choices that the server definitively refuses for that
    /// (``refusesChoices(status:body:)``) ends at once with ``ChoicesRefused``, not retried.
    ///
    /// - Returns: The decoded reply, and the seconds spent in HTTP exchanges for it (every attempt's, but
    ///   not waits for a permit or between attempts).
    func complete(_ request: ChatRequest, form: StructuredOutput, detectingForm: Bool = false) async throws
        -> (reply: ChatCompletionReply, seconds: Double)
    {
        let body = try Self.body(for: request, model: configuration.model, form: form)
        let policy = configuration.retry
        let maxAttempts = max(1, policy.maxAttempts)
        var attempt = 1
        var failovers = 0
        var exchanges = 0.0
        while true {
            let failure: AttemptFailure
            do {
                let (reply, seconds) = try await pool.withEndpoint { try await self.attempt(body, at: $0) }
                return (reply, exchanges + seconds)
            } catch let error as AttemptFailure {
                if detectingForm, error.refusesForm { throw FormRefused(error: error.error) }
                if request.choices > 1, error.refusesChoices { throw ChoicesRefused(error: error.error) }
                failure = error
                exchanges += error.seconds
            }
            // The endpoint was taken out: the request goes to another at once, without using up an
            // attempt (bounded: each failover needs a new outage, and with every endpoint out the
            // pool throws).
            if failure.endpointOut, failovers < Self.maxFailovers * pool.members.count {
                failovers += 1
                state.withLock { $0.retries += 1 }
                continue
            }
            guard failure.error.isRetryable, attempt < maxAttempts else {
                if attempt == 1 || !failure.error.isRetryable { throw failure.error.withAttempts(attempt) }
                throw LanguageModelError(
                    .retriesExhausted,
                    "gave up on \(failure.url) after \(attempt) attempts; the last: \(failure.error.message)",
                    statusCode: failure.error.statusCode, attempts: attempt, underlying: failure.error.code)
            }
            let wait = policy.delay(beforeRetry: attempt, retryAfter: failure.retryAfter)
            state.withLock { $0.retries += 1 }
            // Counted from when the failed exchange ended, on its thread: a task that resumes late
            // (a busy cooperative pool) waits only what is left, and never less than it was told.
            try await Task.sleep(until: failure.ended + .seconds(wait), clock: .continuous)
            attempt += 1
        }
    }

    /// Failovers per endpoint one request may make before its failures count as attempts: 4.
    static let maxFailovers = 4

    /// The bytes of the `POST /chat/completions` body for `request` to `model`, its schema in
    /// `form`: what the live path sends and what a batch input line holds
    /// (``ChatCompletionBody/bytes()``, keys sorted).
    static func body(for request: ChatRequest, model: String, form: StructuredOutput) throws -> [UInt8] {
        try ChatCompletionBody(model: model, request: request, form: form).bytes()
    }

    /// One HTTP exchange with endpoint `index`, its reply decoded, and how long the exchange took.
    private func attempt(_ body: [UInt8], at index: Int) async throws(AttemptFailure) -> (ChatCompletionReply, Double) {
        let member = pool.members[index]
        let endpoint = member.chatURL
        var headers = ["Content-Type: application/json", "Accept: application/json"]
        if let apiKey = member.apiKey { headers.append("Authorization: Bearer \(apiKey)") }
        let request = HTTPRequest(
            url: endpoint, body: body, headers: headers, connectTimeout: configuration.connectTimeout,
            firstByteTimeout: configuration.firstByteTimeout, totalTimeout: configuration.requestTimeout,
            maximumReplyBytes: configuration.maxReplyBytes)
        state.withLock { $0.httpRequests += 1 }
        // Exchange times are measured on the transfer thread: a cooperative pool kept busy by
        // CPU-bound work delays when this task resumes, not how long the exchange took.
        var reply: HTTPReply
        do {
            reply = try await client.send(request)
        } catch {
            state.withLock { $0.exchangeSeconds += error.seconds }
            let failure = languageModelError(for: error, at: index)
            let health: EndpointPool.Health =
                switch error.kind {
                case .couldNotConnect: .unreachable("no connection")
                case .timedOut(.connect): .unreachable("no connection within connectTimeout")
                case .cancelled, .replyTooLarge: .answered
                default: .failed(failure.code.description)
                }
            let out = pool.record(index, seconds: error.seconds, failed: true, health: health)
            throw AttemptFailure(error: failure, seconds: error.seconds, ended: error.ended, url: endpoint, endpointOut: out)
        }
        let seconds = reply.seconds
        state.withLock { $0.exchangeSeconds += seconds }
        // Some proxies echo the request's headers back; nothing after this point sees the key.
        reply = redacted(reply)
        guard (200...299).contains(reply.status) else {
            let excerpt = String(decoding: reply.body.prefix(300), as: UTF8.self)
            let out = pool.record(
                index, seconds: seconds, failed: true,
                health: reply.status >= 500 ? .failed("HTTP \(reply.status)") : .answered)
            throw AttemptFailure(
                error: LanguageModelError(
                    .httpStatus, "\(endpoint) answered HTTP \(reply.status): \(excerpt)", statusCode: reply.status),
                retryAfter: reply.headers["retry-after"].flatMap(Self.retryAfterSeconds), seconds: seconds,
                ended: reply.ended, url: endpoint, endpointOut: out,
                refusesForm: Self.refusesForm(status: reply.status, body: reply.body),
                refusesChoices: Self.refusesChoices(status: reply.status, body: reply.body))
        }
        do {
            let decoded = try ChatCompletionReply(body: reply.body)
            _ = pool.record(index, seconds: seconds, failed: false, health: .answered)
            return (decoded, seconds)
        } catch {
            _ = pool.record(index, seconds: seconds, failed: true, health: .answered)
            let excerpt = String(decoding: reply.body.prefix(200), as: UTF8.self)
            throw AttemptFailure(
                error: LanguageModelError(
                    .malformedReply,
                    "\(endpoint) answered with something that is not a chat completion (\(reply.body.count) bytes: \(excerpt))"),
                seconds: seconds, ended: reply.ended, url: endpoint)
        }
    }

    private func languageModelError(for failure: TransferFailure, at index: Int) -> LanguageModelError {
        let endpoint = pool.members[index].chatURL
        return switch failure.kind {
        case .couldNotConnect where pool.isolatesFailures:
            LanguageModelError(.serverUnreachable, "no judge server answers at \(pool.members[index].baseURL)")
        case .couldNotConnect:
            LanguageModelError(.serverUnreachable, configuration.unreachableMessage)
        case .timedOut(.connect):
            LanguageModelError(
                .timedOut,
                "\(endpoint) accepted no connection within \(configuration.connectTimeout.plainText) s; if the server is "
                    + "slow to accept, \(configuration.advice.change(.connectTimeout))")
        case .timedOut(.firstByte):
            LanguageModelError(
                .timedOut,
                "\(endpoint) sent no reply within \(configuration.firstByteTimeout.plainText) s of the request; a busy "
                    + "server queues requests, so \(configuration.advice.change(.firstByteTimeout))")
        case .timedOut(.total):
            LanguageModelError(
                .timedOut,
                "\(endpoint) did not finish its reply within \(configuration.requestTimeout.plainText) s; "
                    + configuration.advice.change(.requestTimeout))
        case .connectionDropped:
            LanguageModelError(.connectionDropped, "\(endpoint) closed the connection before a whole reply: \(failure.detail)")
        case .replyTooLarge:
            LanguageModelError(
                .replyTooLarge,
                "\(endpoint) sent a reply longer than \(configuration.maxReplyBytes) bytes, so it was not read; a judge's "
                    + "reply is a few kilobytes, so this one ran away (check maxTokens), or \(configuration.advice.change(.maxReplyBytes))")
        case .cancelled:
            LanguageModelError(.cancelled, "the request to \(endpoint) was cancelled")
        case .other:
            LanguageModelError(.connectionDropped, "the request to \(endpoint) failed: \(failure.detail)")
        }
    }

    /// Seconds to wait from a `Retry-After` value: delta-seconds or an HTTP date.
    static func retryAfterSeconds(_ value: String) -> Double? {
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }
}

extension OpenAICompatibleModel.RetryPolicy {
    /// Seconds to wait before the retry that follows failed attempt number `attempt` (1-based).
    func delay(beforeRetry attempt: Int, retryAfter: Double?, random: Double = .random(in: 0..<1)) -> Double {
        let backoff = min(maxDelay, initialDelay * pow(multiplier, Double(attempt - 1)))
        let jittered = backoff * (1 - min(max(jitter, 0), 1) * random)
        return min(maxDelay, max(jittered, retryAfter ?? 0))
    }
}

/// A failed attempt, with the server's `Retry-After` when it sent one, and how long it took.
struct AttemptFailure: Error {
    var error: LanguageModelError
    var retryAfter: Double?
    var seconds: Double
    /// When the failed exchange ended, on the transfer thread's clock reading.
    var ended: ContinuousClock.Instant
    /// The chat-completions URL it was sent to.
    var url: String
    /// Whether its endpoint is out after it (several endpoints only): a retry goes elsewhere at once.
    var endpointOut = false
    /// Whether the reply definitively refuses the request's `response_format`.
    var refusesForm = false
    /// Whether the reply definitively refuses the request's `n` (``OpenAICompatibleModel/refusesChoices(status:body:)``).
    var refusesChoices = false
}

/// The server refused a request for several choices (`n` > 1); they are asked one at a time.
struct ChoicesRefused: Error {
    var error: LanguageModelError
}

/// The server refused the structured-output form it was asked for; the next form is tried.
struct FormRefused: Error {
    var error: LanguageModelError
}

extension LanguageModelError {
    fileprivate func withAttempts(_ attempts: Int) -> LanguageModelError {
        LanguageModelError(code, message, statusCode: statusCode, attempts: attempts, underlying: underlying)
    }
}
