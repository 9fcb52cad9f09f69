/// The tool calls a correct answer to one sample needs: some in order, some in
/// any order, some forbidden, with or without room for other calls.
///
/// ```swift
/// TrajectoryExpectation(
///     ordered: [
///         ToolExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("gothic"))]),
///         ToolExpectation("getBookDetails", arguments: [.keyOnly(argumentName: "bookId")]),
///     ],
///     allowsAdditionalToolCalls: true
/// )
/// ```
///
/// The four initialisers are the ones Apple's Evaluations framework has:
/// ``init(ordered:allowsAdditionalToolCalls:disallowed:)``,
/// ``init(unordered:allowsAdditionalToolCalls:disallowed:)``,
/// ``init(_:arguments:)`` (one call, in any order) and
/// ``init(ordered:unordered:allowsAdditionalToolCalls:disallowed:)``.
/// Additional calls are *not* allowed unless said: a trajectory with a call
/// that no expectation claims fails its `no additional calls` check.
///
/// How a trajectory is checked: ``check(_:judge:)``.
public struct TrajectoryExpectation: Sendable, Hashable {
    /// Calls that must happen in this order (others may come between them).
    public var ordered: [ToolExpectation]
    /// Calls that must happen, in any order.
    public var unordered: [ToolExpectation]
    /// Calls that must not happen.
    public var disallowed: [ToolExpectation]
    /// Whether calls that no expectation claims are allowed.
    public var allowsAdditionalToolCalls: Bool

    /// Calls in order, and any calls besides them as `allowsAdditionalToolCalls` says.
    public init(
        ordered: [ToolExpectation], allowsAdditionalToolCalls: Bool = false, disallowed: [ToolExpectation] = []
    ) {
        self.init(ordered: ordered, unordered: [], allowsAdditionalToolCalls: allowsAdditionalToolCalls, disallowed: disallowed)
    }

    /// Calls in any order, and any calls besides them as `allowsAdditionalToolCalls` says.
    public init(
        unordered: [ToolExpectation], allowsAdditionalToolCalls: Bool = false, disallowed: [ToolExpectation] = []
    ) {
        self.init(ordered: [], unordered: unordered, allowsAdditionalToolCalls: allowsAdditionalToolCalls, disallowed: disallowed)
    }

    /// One call to `name`, at any point, passing `arguments`; no other calls.
    public init(_ name: String, arguments: [ArgumentMatcher] = []) {
        self.init(unordered: [ToolExpectation(name, arguments: arguments)])
    }

    /// Calls in order, calls in any order, forbidden calls, and whether others are allowed.
    public init(
        ordered: [ToolExpectation], unordered: [ToolExpectation], allowsAdditionalToolCalls: Bool = false,
        disallowed: [ToolExpectation] = []
    ) {
        self.ordered = ordered
        self.unordered = unordered
        self.disallowed = disallowed
        self.allowsAdditionalToolCalls = allowsAdditionalToolCalls
    }

    /// Every expectation, required and forbidden.
    public var all: [ToolExpectation] { ordered + unordered + disallowed }
}

/// The outcome of checking a trajectory: one line per check.
public struct TrajectoryReport: Sendable, Hashable {
    /// One check and its outcome.
    public struct Check: Sendable, Hashable {
        /// What was checked: `ordered 1: searchBooks`, `unordered 2: getBookDetails`,
        /// `disallowed 1: findSimilarBooks`, `no additional calls`.
        public var name: String
        /// Whether it passed.
        public var passed: Bool
        /// What was found.
        public var detail: String
        /// Whether it is the check of a required call (ordered or unordered).
        public var isRequiredCall: Bool
    }

    /// The checks, in the order above.
    public var checks: [Check]

    /// Whether every check passed (true when there are none).
    public var allPassed: Bool { checks.allSatisfy(\.passed) }

    /// The share of the required calls (ordered and unordered) that were
    /// found, or `nil` when none is required. Forbidden tools and additional
    /// calls count in ``allPassed`` only: a trajectory that made no call at all
    /// scores 0 here, not the share of the checks it passed by doing nothing.
    public var fractionPassed: Double? {
        let required = checks.filter(\.isRequiredCall)
        return required.isEmpty ? nil : Double(required.count { $0.passed }) / Double(required.count)
    }

    /// The checks as lines, failures first: a metric's rationale.
    public var summary: String {
        let failed = checks.filter { !$0.passed }
        let lines = (failed + checks.filter(\.passed)).map { "\($0.passed ? "pass" : "FAIL") \($0.name): \($0.detail)" }
        return "\(checks.count - failed.count) of \(checks.count) checks passed. " + lines.joined(separator: "; ")
    }
}
