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
    /// its pairs has an interval whose lower bound (or, without one, a value) is above 0. Beside them,
    /// the judge on the unanimous rows: those two or more raters labelled alike.
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
                agreesWithNobody: !own.contains { ($0.statisticEstimate.interval?.lower ?? $0.statisticEstimate.value ?? 0) > 0 })
        }
        let unanimous = rows.filter { id in
            guard let list = panel.labels[id], list.count >= 2, judged(id) != nil else { return false }
            return list.allSatisfy { $0.value == list[0].value }
        }
        let onUnanimous = try paired(unanimous, { panel.labels[$0]?.first?.value }, judged).estimate(options.statistic, options: options)
        let defined = pairs.compactMap(\.statisticEstimate.value)
        var summary: PairSummary?
        if let low = defined.min(), let high = defined.max(), let mean = Spread.mean(defined).value {
            summary = PairSummary(minimum: low, mean: mean, maximum: high, definedPairs: defined.count)
        }
        let judgedRows = rows.count { judged($0) != nil }
        self.init(
            statistic: options.statistic, pairs: pairs, summary: summary, raters: standings,
            judgeVersusSingleRaters: Self.mean(of: standings.map(\.judge), n: judgedRows), judgeOnUnanimousRows: onUnanimous)
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
