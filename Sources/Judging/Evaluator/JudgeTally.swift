import Synchronization

/// Running counts of a judge's work, shared by every copy of the evaluator
/// that owns it, safe to update from concurrent samples.
public final class JudgeTally: Sendable {
    /// A snapshot of the counts.
    public struct Counts: Sendable, Hashable {
        /// Rows that got scores.
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

    func record(_ judgment: Judgment) {
        state.withLock { c in
            c.retries += judgment.retries
            if let failure = judgment.failure {
                c.failures += 1
                c.failuresByCode[failure.code, default: 0] += 1
            } else {
                c.judged += 1
                c.fallbacks += judgment.scores.filter(\.fellBack).count
                c.failedSamples += judgment.failedSamples
            }
        }
    }
}
