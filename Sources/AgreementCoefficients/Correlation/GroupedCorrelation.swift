public import StatisticsCore

/// A correlation computed within each group of items (for example, per source
/// document) and averaged over the groups: the "summary-level" protocol of
/// NLG meta-evaluation (SummEval, G-Eval), which asks whether the judge ranks
/// the candidates for one input as the experts do.
///
/// Groups where the coefficient is undefined (constant scores on either side,
/// fewer than two items) are skipped and counted, with their reasons, never
/// averaged in as 0. The average is the plain mean over the defined groups;
/// ``estimate``'s n is the number of groups averaged.
public struct GroupedCorrelation: Sendable, Hashable, Codable {
    /// The coefficient computed within each group.
    public var method: Correlation.Method
    /// The mean coefficient over the defined groups (n = groups averaged), or
    /// undefined when no group has a defined coefficient.
    public var estimate: Estimate
    /// The number of groups seen.
    public var groups: Int
    /// The number of groups skipped because their coefficient was undefined.
    public var skippedGroups: Int
    /// How many groups were skipped for each reason code (`no-variation`, `too-few`).
    public var skippedByReason: [String: Int]
    /// Item pairs left out because a score was missing (listwise deletion).
    public var excludedPairs: Int

    /// The per-group `method` coefficient between `x` and `y`, averaged over the
    /// groups named by `groups` (one label per item, items of a group need not
    /// be adjacent).
    ///
    /// Missing scores are deleted listwise within each group.
    ///
    /// - Throws: ``RatingError`` when the three lists differ in length or a
    ///   score is not finite.
    public static func averaged(
        _ method: Correlation.Method, groups: [String], _ x: [Double?], _ y: [Double?]
    ) throws -> GroupedCorrelation {
        guard groups.count == x.count else { throw RatingError.lengthMismatch(groups.count, x.count) }
        guard x.count == y.count else { throw RatingError.lengthMismatch(x.count, y.count) }
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (i, g) in groups.enumerated() {
            if members[g] == nil { order.append(g) }
            members[g, default: []].append(i)
        }
        var sum = CompensatedSum()
        var defined = 0
        var skipped: [String: Int] = [:]
        var excluded = 0
        for g in order {
            let items = members[g] ?? []
            let c = try Correlation.measure(method, items.map { x[$0] }, items.map { y[$0] })
            excluded += c.excludedPairs
            if let v = c.value {
                sum.add(v)
                defined += 1
            } else if let reason = c.estimate.undefinedReason {
                skipped[reason.code, default: 0] += 1
            }
        }
        let estimate =
            defined > 0
            ? Estimate(value: sum.value / Double(defined), n: defined)
            : Estimate(
                undefined: .noVariation("no group has a defined \(method.rawValue) coefficient (\(order.count) groups, all skipped)"),
                n: 0)
        return GroupedCorrelation(
            method: method, estimate: estimate, groups: order.count, skippedGroups: order.count - defined,
            skippedByReason: skipped, excludedPairs: excluded)
    }
}
