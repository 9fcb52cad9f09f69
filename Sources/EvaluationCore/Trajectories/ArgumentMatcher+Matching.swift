import DataFormats

/// The outcome of one matcher on one call, or an argument judge's answer:
/// whether it passed, and why.
public struct ArgumentMatch: Sendable, Hashable {
    /// Whether the argument passed.
    public var passed: Bool
    /// What was found, for a report (the judge's rationale for a natural-language matcher).
    public var reason: String

    /// Creates an outcome.
    public init(passed: Bool, reason: String) {
        self.passed = passed
        self.reason = reason
    }
}

/// A matcher's pattern or configuration that cannot be used.
public struct ArgumentMatcherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension ArgumentMatcher {
    /// Checks the matcher against `call`.
    ///
    /// - Parameter judge: asked for ``naturalLanguage(argumentName:criteria:)``
    ///   only, through its own judge path (prompt, cache, retries, failure count).
    /// - Throws: ``ArgumentMatcherError`` for a regular expression that does not
    ///   compile, or a natural-language matcher with no judge; whatever the judge
    ///   throws (a judge failure is never a pass or a fail).
    public func match(_ call: ToolCall, judge: (any ArgumentJudge)?) async throws -> ArgumentMatch {
        guard case .object = call.arguments else {
            return ArgumentMatch(
                passed: false, reason: "the arguments of \(call.name) are not a JSON object: \(call.arguments.compactJSON)")
        }
        guard let value = call.argument(argumentName) else {
            return ArgumentMatch(passed: false, reason: "\(call.name) has no argument \(argumentName)")
        }
        let shown = "\(argumentName) = \(value.compactJSON)"
        func outcome(_ passed: Bool, _ expectation: String) -> ArgumentMatch {
            ArgumentMatch(passed: passed, reason: passed ? shown : "\(shown), expected \(expectation)")
        }
        switch self {
        case .exact(_, let expected):
            return outcome(Self.equal(value, expected), expected.compactJSON)
        case .contains(_, let part):
            return outcome(Self.contains(value, part), "something containing \(part.compactJSON)")
        case .range(_, let range):
            guard case .number(let number) = value else { return outcome(false, "a number in \(range)") }
            return outcome(range.contains(number), "a number in \(range)")
        case .keyOnly:
            return ArgumentMatch(passed: true, reason: shown)
        case .hasPrefix(_, let prefix):
            return outcome(value.string?.hasPrefix(prefix) == true, "a string starting with \(JSONValue.quoted(prefix))")
        case .hasSuffix(_, let suffix):
            return outcome(value.string?.hasSuffix(suffix) == true, "a string ending with \(JSONValue.quoted(suffix))")
        case .regex(_, let pattern):
            let regex: Regex<AnyRegexOutput>
            do {
                regex = try Regex(pattern)
            } catch {
                throw ArgumentMatcherError("the regular expression \(JSONValue.quoted(pattern)) does not compile: \(error)")
            }
            let whole = value.string.map { (try? regex.wholeMatch(in: $0)) != nil } ?? false
            return outcome(whole, "a string matching \(JSONValue.quoted(pattern)) whole")
        case .oneOf(_, let values):
            return outcome(values.contains { Self.equal(value, $0) }, "one of \(JSONValue.array(values).compactJSON)")
        case .naturalLanguage(_, let criteria):
            guard let judge else {
                throw ArgumentMatcherError(
                    "the natural-language matcher on \(call.name).\(argumentName) needs an argument judge; none was given")
            }
            let question = ArgumentQuestion(toolName: call.name, argumentName: argumentName, value: value, criteria: criteria)
            let answer = try await judge.answer(question)
            return ArgumentMatch(passed: answer.passed, reason: "\(shown): \(answer.reason)")
        }
    }

    /// JSON equality: numbers by value, objects whatever their key order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool { a == b }

    /// Whether `whole` contains `part`: a substring of a string, an element of
    /// an array, or, for two objects, every member of `part` contained in the
    /// same member of `whole` (objects recursively, other values equal).
    static func contains(_ whole: JSONValue, _ part: JSONValue) -> Bool {
        switch (whole, part) {
        case (.string(let s), .string(let p)): s.contains(p)
        case (.array(let elements), _): elements.contains { equal($0, part) }
        case (.object(let members), .object(let wanted)):
            wanted.allSatisfy { key, value in
                guard let present = members[key] else { return false }
                if case .object = value { return contains(present, value) }
                return equal(present, value)
            }
        default: false
        }
    }
}
