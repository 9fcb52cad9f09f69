import AgreementCoefficients
import CalibrationData
import StatisticsCore

extension DimensionAlignment.HumanCeiling {
    /// The ceiling of `panel` on the rows `usable` keeps: every pair of raters on the rows both
    /// labelled, each rater's standing, and the judge against each rater alone; `nil` with fewer than
    /// two raters.
    ///
    /// A pair's figure is the verdict's statistic on its shared rows (as ``PairedScores`` computes
    /// every alignment figure, with the report's interval). Pairs that share no row are left out. A
    /// rater's *with others* is the mean of its defined pair figures; *ceiling without* the mean of
    /// the defined pairs it is not in (leave one rater out). A rater *agrees with nobody* when none of
    /// its pairs lies above 0 beyond chance, the error shared among its pairs
    /// (``showsAgreement(_:among:level:)``). Beside them, the judge on the unanimous rows: those two
    /// or more raters labelled alike.
    init?(
        panel: ExpertPanel, judge: JudgeScores, usable: (String) -> Bool, scale: CategoryScale?, dimension: String,
        options: AlignmentSettings
    ) throws {
        guard panel.raters.count >= 2 else { return nil }
        let rows = panel.labels.keys.filter(usable).sorted()
        func labelled(by rater: String) -> [String] { rows.filter { panel.value(of: rater, row: $0) != nil } }
        func paired(_ ids: [String], _ a: (String) -> Double?, _ b: (String) -> Double?) throws -> PairedScores {
            try PairedScores(ids: ids, first: ids.map { a($0) ?? .nan }, second: ids.map { b($0) ?? .nan }, scale: scale, dimension: dimension)
        }
        var pairs: [RaterPair] = []
        for (i, a) in panel.raters.enumerated() {
            for b in panel.raters[(i + 1)...] {
                let shared = rows.filter { panel.value(of: a, row: $0) != nil && panel.value(of: b, row: $0) != nil }
                guard !shared.isEmpty else { continue }
                let scores = try paired(shared, { panel.value(of: a, row: $0) }, { panel.value(of: b, row: $0) })
                pairs.append(
                    RaterPair(
                        firstRater: a, secondRater: b, n: shared.count,
                        statisticEstimate: try scores.estimate(options.statistic, options: options),
                        quadraticKappa: try scores.estimate(.quadraticKappa, options: options),
                        exactAgreement: scores.table.map { PercentAgreement.exact($0) }
                            ?? Estimate(undefined: scores.noTableReason ?? .noData(), n: shared.count)))
            }
        }
        guard !pairs.isEmpty else { return nil }
        let judged = { (id: String) in judge.scores[id]?.value }
        let standings = try panel.raters.map { rater in
            let own = pairs.filter { $0.firstRater == rater || $0.secondRater == rater }
            let others = pairs.filter { $0.firstRater != rater && $0.secondRater != rater }
            let ids = labelled(by: rater)
            let versusJudge = try paired(ids.filter { judged($0) != nil }, { panel.value(of: rater, row: $0) }, judged)
            return RaterStanding(
                rater: rater, rows: ids.count, withOthers: Self.mean(of: own.map(\.statisticEstimate)),
                ceilingWithout: others.isEmpty ? nil : Self.mean(of: others.map(\.statisticEstimate)),
                judge: try versusJudge.estimate(options.statistic, options: options),
                agreesWithNobody: !own.contains { Self.showsAgreement($0.statisticEstimate, among: own.count, level: options.confidence) })
        }
        let unanimous = rows.filter { id in
            guard let list = panel.labels[id], list.count >= 2, judged(id) != nil else { return false }
            return list.allSatisfy { $0.value == list[0].value }
        }
        let onUnanimous = try paired(unanimous, { panel.labels[$0]?.first?.value }, judged).estimate(options.statistic, options: options)
        // Rows of three raters or more whose most frequent label more than half of them gave.
        let majorityLabel = { (id: String) -> Double? in
            guard let list = panel.labels[id], list.count >= 3 else { return nil }
            let counts = Dictionary(list.map { ($0.value, 1) }, uniquingKeysWith: +)
            return counts.first { $0.value * 2 > list.count }?.key
        }
        let majorityRows = rows.filter { judged($0) != nil && majorityLabel($0) != nil }
        let onMajority =
            rows.contains(where: { (panel.labels[$0]?.count ?? 0) >= 3 })
            ? try paired(majorityRows, majorityLabel, judged).estimate(options.statistic, options: options) : nil
        let defined = pairs.compactMap(\.statisticEstimate.value)
        var summary: PairSummary?
        if let low = defined.min(), let high = defined.max(), let mean = Spread.mean(defined).value {
            summary = PairSummary(minimum: low, mean: mean, maximum: high, definedPairs: defined.count)
        }
        let judgedRows = rows.count { judged($0) != nil }
        self.init(
            statistic: options.statistic, pairs: pairs, summary: summary, raters: standings,
            judgeVersusSingleRaters: Self.mean(of: standings.map(\.judge), n: judgedRows), judgeOnUnanimousRows: onUnanimous,
            judgeOnMajorityRows: onMajority)
    }

    /// Whether a pair's figure lies above 0 with its error shared among the rater's `pairs` pairs
    /// (Bonferroni): value − z·SE > 0 with z the normal quantile at 1 − (1 − level)/(2·pairs), or,
    /// without a standard error, the interval's lower bound (or the value) above 0.
    ///
    /// Why shared: a rater who agrees with nobody has `pairs` chances of a pair above 0 by luck, so
    /// with each pair at the report's level the flag caught a noise rater among five in only 91–93%
    /// of panels (`RaterSimulation`, docs/ALIGNMENT.md); shared, it is flagged at least 1 − (1 − level)/2
    /// of the time.
    static func showsAgreement(_ pair: Estimate, among pairs: Int, level: Double) -> Bool {
        guard let value = pair.value else { return false }
        guard let se = pair.standardError, se.isFinite, pairs > 0 else { return (pair.interval?.lower ?? value) > 0 }
        return value - NormalDistribution.quantile(1 - (1 - level) / Double(2 * pairs)) * se > 0
    }

    /// The mean of the defined values among `estimates`, with no interval; undefined, with the first
    /// reason given, when none is defined. Its n is `n`, or else the largest n among them.
    private static func mean(of estimates: [Estimate], n: Int? = nil) -> Estimate {
        let count = n ?? estimates.map(\.n).max() ?? 0
        guard let mean = Spread.mean(estimates.compactMap(\.value)).value else {
            return Estimate(undefined: estimates.compactMap(\.undefinedReason).first ?? .noData(), n: count)
        }
        return Estimate(value: mean, n: count)
    }
}
