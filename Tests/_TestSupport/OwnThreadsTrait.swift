public import Testing

/// Runs each test of a suite, or one test, with a preference for ``OwnThreadsExecutor``'s threads.
///
/// With the preference, the test's body and every non-isolated async function it awaits (a model
/// client's requests, retries and their waits) run on the executor's threads; a continuation resumed
/// from another thread (a finished libcurl transfer) is resumed there too. The test's timing then no
/// longer depends on whether the cooperative pool has a free thread.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// The executor every test with this trait shares: four threads, enough that a test blocked on a
    /// child process does not hold up the others.
    static let executor = OwnThreadsExecutor(threads: 4, name: "judgecal.test")

    /// Applies to every test in a suite that has it.
    public var isRecursive: Bool { true }

    /// A scope around each test case (not around the suite as a whole).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs `function` with the executor preference.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(Self.executor) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the test (or each test of the suite) on ``OwnThreadsExecutor``'s threads, off the cooperative pool.
    public static var onOwnThreads: Self { OwnThreadsTrait() }
}
