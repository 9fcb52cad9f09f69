public import StatisticsCore

/// What a set of pairwise comparisons shows: how often each response won,
/// the ties, and how often the judge's preference survived swapping the order.
public struct PairwiseReport: Sendable, Hashable {
    /// Comparisons judged in both orders.
    public var compared: Int
    /// Comparisons that failed (no usable reply in one order or both).
    public var failures: Int
    /// Position-consistent comparisons preferring the first response.
    public var firstWins: Int
    /// Position-consistent comparisons preferring the second response.
    public var secondWins: Int
    /// Position-consistent ties.
    public var ties: Int
    /// Comparisons whose preference changed with the order.
    public var inconsistent: Int
    /// Comparisons where the judge chose response A, the first shown, in both
    /// orders: the signature of a position bias.
    public var firstPositionBoth: Int

    /// Summarises comparisons; `failures` counts those that got no verdict.
    public init(_ comparisons: [PairwiseComparison], failures: Int = 0) {
        compared = comparisons.count
        self.failures = failures
        firstWins = comparisons.filter { $0.preference == .a }.count
        secondWins = comparisons.filter { $0.preference == .b }.count
        ties = comparisons.filter { $0.preference == .tie }.count
        inconsistent = comparisons.filter { !$0.isPositionConsistent }.count
        firstPositionBoth = comparisons.filter { $0.inGivenOrder == .a && $0.inSwappedOrder == .b }.count
    }

    /// The share of comparisons whose preference survived the swap, consistent / compared, with
    /// Wilson's interval (``StatisticsCore/Estimate/proportion(_:of:level:)``).
    ///
    /// Undefined (no data) when nothing was compared.
    public var positionConsistency: Estimate {
        Estimate.proportion(compared - inconsistent, of: compared)
    }

    /// The first response's win rate among consistent, decided comparisons
    /// (ties and inconsistent ones left out); undefined when there are none.
    public var firstWinRate: Estimate {
        let decided = firstWins + secondWins
        guard decided > 0 else {
            return Estimate(undefined: .noData("no position-consistent comparison preferred either response"), n: 0)
        }
        return Estimate(value: Double(firstWins) / Double(decided), n: decided)
    }
}
