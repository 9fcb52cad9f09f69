public import Testing

/// The number of values one case of a parameterised test has compared.
///
/// A parameterised reference test often skips what it cannot check
/// (`guard … else { continue }`, a key with another library's convention, a
/// case of another shape); a case whose every value is skipped then passes
/// without asserting anything. Counting the comparisons, and failing a case
/// that made none, turns that silent pass into a failure. See
/// ``expectingSomeChecks(in:sourceLocation:_:)``.
public struct CheckTally: Sendable {
    /// The values compared so far.
    public private(set) var count = 0

    /// Counts `values` more compared values (one by default), next to the `#expect` that compared them.
    public mutating func add(_ values: Int = 1) {
        count += values
    }
}

/// Runs one case of a parameterised test and records an issue when it compared no value.
///
/// ```swift
/// @Test(arguments: cases)
/// func referenceCase(_ c: ReferenceCase) throws {
///     try expectingSomeChecks(in: c.id) { tally in
///         for (key, expected) in entries(c) {
///             #expect(abs(value(key) - expected) <= tolerance)
///             tally.add()
///         }
///     }
/// }
/// ```
///
/// When `body` throws, the error fails the case and no further issue is recorded.
///
/// - Parameters:
///   - caseName: The case, as the failure names it (a reference case's id).
///   - sourceLocation: Where the failure is reported; the call by default.
///   - body: The case's checks; it calls ``CheckTally/add(_:)`` once per value compared.
/// - Returns: What `body` returns.
public func expectingSomeChecks<Result>(
    in caseName: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout CheckTally) throws -> Result
) rethrows -> Result {
    var tally = CheckTally()
    let result = try body(&tally)
    if tally.count == 0 {
        Issue.record(
            "\(caseName) compared no value: every check was skipped, so the case would pass without testing anything",
            sourceLocation: sourceLocation)
    }
    return result
}
