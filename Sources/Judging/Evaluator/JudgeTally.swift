import Synchronization

/// Running counts of a judge's work, shared by every copy of the evaluator
/// that owns it, safe to update from concurrent samples.
public final class JudgeTally: Sendable {
    /// A snapshot of the counts.
    public struct Counts: Sendable, Hashable {
        /// Rows that got a verdict.
        public var judged = 0
        /// Rows recorded as judge failures.
        public var failures = 0
        /// Judge failures by kind (``JudgeReplyError/code``).
        public var failuresByCode: [String: Int] = [:]
        /// Replies retried, over all rows.
        public var retries = 0
        /// Dimension scores that fell back from probability-weighted to written.
        public var fallbacks = 0
        /// Sampled replies that failed every attempt, over all rows.
        public var failedSamples = 0
    }

    private let state = Mutex(Counts())

    /// A tally at zero.
    public init() {}

    /// The counts so far.
    public var counts: Counts { state.withLock { $0 } }

    func record(_ verdict: JudgeVerdict) {
        state.withLock { c in
            c.judged += 1
            c.retries += verdict.retries
            c.fallbacks += verdict.dimensions.filter(\.fellBack).count
            c.failedSamples += verdict.failedSamples
        }
    }

    func record(failure: JudgeFailure) {
        state.withLock { c in
            c.failures += 1
            c.failuresByCode[failure.code, default: 0] += 1
            c.retries += max(0, failure.attempts.count - 1)
        }
    }
}
