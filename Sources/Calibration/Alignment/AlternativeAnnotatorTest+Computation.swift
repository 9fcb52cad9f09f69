public import AgreementCoefficients
import CalibrationData
import RunInference
public import StatisticsCore

extension AlternativeAnnotatorTest {
    /// Runs the test (see ``AlternativeAnnotatorTest``) on each rater's labels by row and the judge's
    /// values by row, or refuses it with the reason.
    ///
    /// - Parameters:
    ///   - raters: the raters, in the order their comparisons are listed.
    ///   - labels: each rater's labels, by row id; a rater missing here labelled nothing.
    ///   - judge: the judge's values, by row id (rows it failed on left out).
    ///   - scale: the declared scale, on which ``AnnotatorScorer/accuracy`` compares levels.
    ///   - scorer: how an annotation is scored against the other raters.
    ///   - epsilon: the margin ε, from 0 to 1.
    /// - Throws: ``AlignmentSettingsError`` for ε outside 0…1.
    public init(
        raters: [String], labels: [String: [String: Double]], judge: [String: Double], scale: CategoryScale?,
        scorer: AnnotatorScorer, epsilon: Double
    ) throws(AlignmentSettingsError) {
        try Self.check(epsilon: epsilon)
        self.init(epsilon: epsilon, scorer: scorer, refusal: nil, raters: [], winningRate: nil, advantageProbability: nil)
        guard raters.count >= Self.minimumRaters else {
            refusal =
                "the alternative annotator test needs at least \(Self.minimumRaters) raters, so that the judge is compared with "
                + "a consensus of others rather than one rater; this dimension has \(raters.count)"
            return
        }
        var ratersOfRow: [String: Int] = [:]
        for rows in labels.values { for row in rows.keys { ratersOfRow[row, default: 0] += 1 } }
        let compared = raters.map { rater in
            (labels[rater] ?? [:]).keys.filter { judge[$0] != nil && (ratersOfRow[$0] ?? 0) >= 2 }.sorted()
        }
        let short = zip(raters, compared).filter { $0.1.count < Self.minimumRowsPerRater }
        guard short.isEmpty else {
            refusal =
                "the alternative annotator test needs at least \(Self.minimumRowsPerRater) rows per rater, each labelled by "
                + "another rater too and scored by the judge, for its t-test; "
                + short.map { "rater \($0.0) has \($0.1.count)" }.joined(separator: ", ")
            return
        }
        var comparisons = zip(raters, compared).map { rater, rows in
            let cases = rows.compactMap { row -> Case? in
                guard let own = labels[rater]?[row], let judged = judge[row] else { return nil }
                return Case(own: own, judge: judged, others: raters.compactMap { $0 == rater ? nil : labels[$0]?[row] })
            }
            return Self.compare(rater: rater, cases: cases, scale: scale, scorer: scorer, epsilon: epsilon)
        }
        let adjusted = BenjaminiYekutieliAdjustment.adjusted(comparisons.map(\.pValue))
        for index in comparisons.indices {
            comparisons[index].adjustedPValue = adjusted[index]
            comparisons[index].judgeWins = adjusted[index] <= Self.falseDiscoveryRate
        }
        self.raters = comparisons
        winningRate = Double(comparisons.count(where: \.judgeWins)) / Double(comparisons.count)
        advantageProbability = Spread.mean(comparisons.map(\.judgeAdvantage)).value
    }

    /// The test on `panel`'s labels of the rows `usable` keeps and `judge`'s scores, with `options`'
    /// margin and scorer (or the scale's standard scorer).
    init(panel: ExpertPanel, judge: JudgeScores, usable: (String) -> Bool, scale: CategoryScale?, options: AlignmentSettings) throws {
        let labels = panel.labelsByRater(usable: usable)
        try self.init(
            raters: panel.raters.filter { labels[$0] != nil }, labels: labels,
            judge: judge.scores.filter { usable($0.key) }.mapValues(\.value), scale: scale,
            scorer: options.alternativeAnnotatorScorer ?? .standard(for: scale), epsilon: options.alternativeAnnotatorMargin)
    }

    /// One row of a left-out rater's comparison: the rater's label, the judge's value and the other raters' labels.
    private struct Case {
        let own: Double
        let judge: Double
        let others: [Double]
    }

    /// `rater` left out on `cases`: the indicators W_f and W_h, the t statistic and its one-sided
    /// p-value; the adjusted p-value and the win are filled in over all raters.
    private static func compare(
        rater: String, cases: [Case], scale: CategoryScale?, scorer: AnnotatorScorer, epsilon: Double
    ) -> RaterComparison {
        var judgeAhead = 0
        var raterAhead = 0
        var differences: [Double] = []
        for row in cases {
            let judgeScore = scorer.score(row.judge, against: row.others, scale: scale)
            let raterScore = scorer.score(row.own, against: row.others, scale: scale)
            let judgeWins = judgeScore >= raterScore, raterWins = raterScore >= judgeScore
            judgeAhead += judgeWins ? 1 : 0
            raterAhead += raterWins ? 1 : 0
            differences.append((raterWins ? 1 : 0) - (judgeWins ? 1 : 0))
        }
        let n = Double(cases.count)
        let mean = Double(raterAhead - judgeAhead) / n
        var t: Double?
        var p = mean < epsilon ? 0.0 : 1.0
        if let deviation = Spread.standardDeviation(differences).value, deviation > 0 {
            let statistic = (mean - epsilon) / (deviation / n.squareRoot())
            t = statistic
            p = StudentTDistribution.cdf(statistic, degreesOfFreedom: n - 1)
        }
        return RaterComparison(
            rater: rater, n: cases.count, judgeAdvantage: Double(judgeAhead) / n, raterAdvantage: Double(raterAhead) / n,
            t: t, pValue: p, adjustedPValue: p, judgeWins: false)
    }
}
