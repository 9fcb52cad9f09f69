/// One tool call that a trajectory expects (or forbids): the tool's name and
/// matchers for its arguments.
///
/// ```swift
/// ToolExpectation("searchBooks", arguments: [.exact(argumentName: "tag", value: .string("gothic"))])
/// ```
///
/// A call satisfies the expectation when it is to the named tool (names are
/// compared exactly) and every matcher passes. Arguments without a matcher
/// are not checked.
public struct ToolExpectation: Sendable, Hashable {
    /// The tool's name.
    public var name: String
    /// Matchers that every argument check must pass, in order.
    public var arguments: [ArgumentMatcher]

    /// An expectation of a call to `name` whose arguments pass `arguments`.
    public init(_ name: String, arguments: [ArgumentMatcher] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// Whether `call` satisfies the expectation, with each matcher's outcome.
    ///
    /// Matchers run in order and stop at the first failure, with matchers
    /// that ask a model judge run after all the others, so that no judge is
    /// asked about a call that already fails.
    ///
    /// - Throws: what ``ArgumentMatcher/match(_:judge:)`` throws.
    public func check(_ call: ToolCall, judge: (any ArgumentJudge)?) async throws -> (passed: Bool, reasons: [String]) {
        guard call.name == name else { return (false, ["called \(call.name), not \(name)"]) }
        var reasons: [String] = []
        for matcher in arguments.filter({ !$0.asksJudge }) + arguments.filter(\.asksJudge) {
            let outcome = try await matcher.match(call, judge: judge)
            reasons.append(outcome.reason)
            if !outcome.passed { return (false, reasons) }
        }
        return (true, reasons)
    }
}
