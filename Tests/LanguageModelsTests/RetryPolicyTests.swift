import Foundation
import Testing

@testable import LanguageModels

@Suite("Retry policy")
struct RetryPolicyTests {
    let policy = OpenAICompatibleModel.RetryPolicy(maxAttempts: 6, initialDelay: 0.5, multiplier: 2, maxDelay: 5, jitter: 0.5)

    @Test("Without jitter the wait doubles from the initial delay and stops at the cap")
    func exponential() {
        let waits = (1...6).map { policy.delay(beforeRetry: $0, retryAfter: nil, random: 0) }
        #expect(waits == [0.5, 1, 2, 4, 5, 5])
    }

    @Test("Jitter takes at most its fraction off the wait")
    func jitter() {
        #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: 0.999_999) > 1.0)
        #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: 0.5) == 1.5)
    }

    @Test("Retry-After is a floor on the wait, capped at maxDelay")
    func retryAfter() {
        #expect(policy.delay(beforeRetry: 1, retryAfter: 3, random: 0) == 3)
        #expect(policy.delay(beforeRetry: 4, retryAfter: 1, random: 0) == 4)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 120, random: 0) == 5)
    }

    @Test("Retry-After as delta-seconds and as an HTTP date")
    func retryAfterParsing() throws {
        #expect(OpenAICompatibleModel.retryAfterSeconds("7") == 7)
        #expect(OpenAICompatibleModel.retryAfterSeconds("soon") == nil)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inTenSeconds = formatter.string(from: Date().addingTimeInterval(10))
        let parsed = try #require(OpenAICompatibleModel.retryAfterSeconds(inTenSeconds))
        #expect(parsed > 8 && parsed <= 10)
    }

    @Test("Which failures are retried: 429, 5xx, timeouts, drops, malformed replies; not 4xx or unreachable")
    func retryable() {
        #expect(LanguageModelError(.httpStatus, "", statusCode: 429).isRetryable)
        #expect(LanguageModelError(.httpStatus, "", statusCode: 503).isRetryable)
        #expect(!LanguageModelError(.httpStatus, "", statusCode: 400).isRetryable)
        #expect(!LanguageModelError(.httpStatus, "", statusCode: 401).isRetryable)
        #expect(LanguageModelError(.timedOut, "").isRetryable)
        #expect(LanguageModelError(.connectionDropped, "").isRetryable)
        #expect(!LanguageModelError(.serverUnreachable, "").isRetryable)
    }
}
