extension TrajectoryExpectation {
    /// Checks `calls` against the expectation.
    ///
    /// The checks, each passing or failing on its own:
    ///
    /// 1. **ordered**, one check per expectation: the calls are searched from
    ///    the left, each expectation claiming the first unclaimed call after the
    ///    previous one's that satisfies it (the earliest match, which finds a
    ///    subsequence whenever one exists). An expectation that finds none fails,
    ///    and the next searches from the same place.
    /// 2. **unordered**, one check per expectation: each expectation claims a
    ///    different call among those the ordered ones left, by a maximum
    ///    matching (so `searchBooks` with any arguments and `searchBooks` with
    ///    `tag = "gothic"` both pass on two searches in either order).
    /// 3. **disallowed**, one check per expectation: it fails when any call
    ///    satisfies it.
    /// 4. **no additional calls**, unless ``allowsAdditionalToolCalls``: it
    ///    fails when a call is claimed by no expectation (a call already failing
    ///    a disallowed check is not counted again).
    ///
    /// A natural-language matcher asks `judge` once for each call it is
    /// checked against, and only after the call's other matchers pass.
    ///
    /// - Throws: what a matcher throws (a regular expression that does not
    ///   compile, no judge for a natural-language matcher, the judge's failure).
    public func check(_ calls: [ToolCall], judge: (any ArgumentJudge)?) async throws -> TrajectoryReport {
        var memo: [Int: [Int: (passed: Bool, reasons: [String])]] = [:]
        let required = ordered + unordered
        func satisfies(_ expectation: Int, _ call: Int) async throws -> (passed: Bool, reasons: [String]) {
            if let known = memo[expectation]?[call] { return known }
            let all = required + disallowed
            let outcome = try await all[expectation].check(calls[call], judge: judge)
            memo[expectation, default: [:]][call] = outcome
            return outcome
        }
        func why(_ expectation: Int, among candidates: [Int]) async throws -> String {
            let name = (required + disallowed)[expectation].name
            for c in candidates where calls[c].name == name {
                let reasons = try await satisfies(expectation, c).reasons
                return "call \(c + 1) to \(name) did not match: " + reasons.joined(separator: ", ")
            }
            return calls.contains { $0.name == name } ? "no unclaimed call to \(name) where one was needed" : "\(name) was never called"
        }

        var checks: [TrajectoryReport.Check] = []
        var claimed = Set<Int>()
        var from = 0
        for (k, e) in ordered.enumerated() {
            var found: Int?
            for c in from..<calls.count where !claimed.contains(c) {
                if try await satisfies(k, c).passed {
                    found = c
                    break
                }
            }
            if let found {
                claimed.insert(found)
                from = found + 1
                checks.append(.init(name: "ordered \(k + 1): \(e.name)", passed: true, detail: "call \(found + 1)", isRequiredCall: true))
            } else {
                let detail = try await why(k, among: Array(from..<calls.count))
                checks.append(.init(name: "ordered \(k + 1): \(e.name)", passed: false, detail: detail, isRequiredCall: true))
            }
        }

        let free = (0..<calls.count).filter { !claimed.contains($0) }
        var edges: [[Int]] = []
        for k in unordered.indices {
            var row: [Int] = []
            for c in free where try await satisfies(ordered.count + k, c).passed { row.append(c) }
            edges.append(row)
        }
        let assignment = Self.maximumMatching(edges)
        for (k, e) in unordered.enumerated() {
            if let c = assignment[k] {
                claimed.insert(c)
                checks.append(.init(name: "unordered \(k + 1): \(e.name)", passed: true, detail: "call \(c + 1)", isRequiredCall: true))
            } else {
                let detail = try await why(ordered.count + k, among: free)
                checks.append(.init(name: "unordered \(k + 1): \(e.name)", passed: false, detail: detail, isRequiredCall: true))
            }
        }

        var forbidden = Set<Int>()
        for (k, e) in disallowed.enumerated() {
            var hits: [Int] = []
            for c in calls.indices where try await satisfies(required.count + k, c).passed { hits.append(c) }
            forbidden.formUnion(hits)
            let detail = hits.isEmpty ? "not called" : "called as call " + hits.map { String($0 + 1) }.joined(separator: ", ")
            checks.append(.init(name: "disallowed \(k + 1): \(e.name)", passed: hits.isEmpty, detail: detail, isRequiredCall: false))
        }

        if !allowsAdditionalToolCalls {
            let extra = calls.indices.filter { !claimed.contains($0) && !forbidden.contains($0) }
            let detail =
                extra.isEmpty ? "none" : extra.map { "call \($0 + 1) to \(calls[$0].name)" }.joined(separator: ", ")
            checks.append(.init(name: "no additional calls", passed: extra.isEmpty, detail: detail, isRequiredCall: false))
        }
        return TrajectoryReport(checks: checks)
    }

    /// A maximum matching of expectations to calls (Kuhn's augmenting paths):
    /// `edges[k]` lists the calls expectation `k` may claim; the result gives
    /// each expectation its call, or `nil`.
    static func maximumMatching(_ edges: [[Int]]) -> [Int?] {
        var owner: [Int: Int] = [:]
        func augment(_ k: Int, _ visited: inout Set<Int>) -> Bool {
            for c in edges[k] where visited.insert(c).inserted {
                if let other = owner[c], !augment(other, &visited) { continue }
                owner[c] = k
                return true
            }
            return false
        }
        for k in edges.indices {
            var visited = Set<Int>()
            _ = augment(k, &visited)
        }
        var result = [Int?](repeating: nil, count: edges.count)
        for (c, k) in owner { result[k] = c }
        return result
    }
}
