public import StatisticsCore

/// How far a judge's preferences between two responses agree with human preferences, and how
/// often the judge's preference survives showing the responses the other way round.
///
/// Every figure is over pairs where both the judge and the human gave an outcome (a judge that
/// failed on a pair, or a pair nobody labelled, is left out and counted in the table's
/// `excludedPairs`), except ``positionConsistency``, which is the judge's alone:
///
/// - ``percentAgreement``: the share of pairs where the outcomes are equal (win, tie and loss all
///   count), with Wilson's interval (``Estimate/proportion(_:of:level:)``);
/// - ``kappa``: Cohen's kappa over the three outcomes a, tie, b, unweighted
///   (``CohenKappa`` on the judge × human table, with its large-sample standard error and normal
///   interval). Human data sets without ties (LLMBar, MT-Bench's majority votes) leave the tie column
///   empty, which kappa handles as any unused category: the chance agreement counts the judge's
///   ties against nothing. Checked against scikit-learn 1.9.1 `cohen_kappa_score`
///   (`benchmarks/python/edge_case_fixtures.py preference_agreement`);
/// - ``positionConsistency``: of the pairs the judge answered in both orders, the share whose
///   verdict with a shown first equals the verdict with b shown first, mapped back (a tie both
///   times is consistent), with Wilson's interval. A judge that always prefers the first position
///   scores 0; one that follows the content, 1.
///
/// ``table`` counts rows by the judge's outcome and columns by the human's, a, tie, b in order.
public struct PreferenceAgreement: Sendable, Hashable, Codable {
    /// The judge (rows) × human (columns) counts over a, tie, b.
    public var table: ContingencyTable
    /// The share of pairs on which judge and human agree, with Wilson's interval.
    public var percentAgreement: Estimate
    /// Cohen's kappa over the three outcomes, unweighted.
    public var kappa: CohenKappa
    /// The share of pairs judged in both orders whose verdict did not change with the order.
    public var positionConsistency: Estimate

    /// Agreement between `judge` and `human` outcomes of the same pairs (aligned by position).
    ///
    /// - Parameters:
    ///   - consistentOrders: for each pair the judge answered in both orders, whether the two
    ///     verdicts agree; pairs it did not answer both times are left out.
    ///   - level: the intervals' coverage.
    /// - Precondition: `judge` and `human` have the same length.
    public init(judge: [PreferenceOutcome?], human: [PreferenceOutcome?], consistentOrders: [Bool], level: Double = 0.95) {
        precondition(judge.count == human.count, "one judge and one human outcome per pair")
        var counts = [Int](repeating: 0, count: 9)
        var excluded = 0
        for (j, h) in zip(judge, human) {
            guard let j, let h else {
                excluded += 1
                continue
            }
            counts[Int(j.value) * 3 + Int(h.value)] += 1
        }
        let table = ContingencyTable(scale: PreferenceOutcome.scale, counts: counts, excludedPairs: excluded)
        self.table = table
        let agreeing = PreferenceOutcome.allCases.indices.reduce(0) { $0 + table[$1, $1] }
        percentAgreement = Estimate.proportion(agreeing, of: table.n, level: level)
        kappa = CohenKappa(table, weights: .unweighted, level: level)
        positionConsistency = Estimate.proportion(consistentOrders.count { $0 }, of: consistentOrders.count, level: level)
    }

    /// How often each side gave each outcome, over the paired rows: `[a, tie, b]`.
    public var judgeCounts: [Int] { (0..<3).map { i in (0..<3).reduce(0) { $0 + table[i, $1] } } }
    /// How often the humans gave each outcome, over the paired rows: `[a, tie, b]`.
    public var humanCounts: [Int] { (0..<3).map { j in (0..<3).reduce(0) { $0 + table[$1, j] } } }
}
