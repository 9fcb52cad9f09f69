import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Builds alignment inputs from parallel lists, row ids "r0", "r1", ….
enum AlignmentFixture {
    static func ids(_ n: Int) -> [String] { (0..<n).map { "r\($0)" } }

    static func dimension(
        _ name: String, scale: CategoryScale?, judge: [Double], expert: [Double], rater: String = "expert"
    ) -> AlignmentInput.Dimension {
        let ids = ids(judge.count)
        return AlignmentInput.Dimension(
            name: name, scale: scale,
            judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, judge.map { JudgeScore($0) }))),
            expertLabels: zip(ids, expert).map { ExpertLabel(rowID: $0, rater: rater, value: $1) })
    }

    /// One dimension named "quality" over the run of `judge.count` rows.
    static func input(scale: CategoryScale?, judge: [Double] = judge, expert: [Double] = expert) -> AlignmentInput {
        AlignmentInput(runRowIDs: ids(judge.count), dimensions: [dimension("quality", scale: scale, judge: judge, expert: expert)])
    }

    /// 40 deterministic pairs on 1–5 whose judge tracks the expert with noise.
    static let expert: [Double] = (0..<40).map { Double(($0 * 7 + 3) % 5 + 1) }
    static let judge: [Double] = expert.enumerated().map { i, e in min(5, max(1, e + Double([0, 0, 1, -1, 0, 2, 0, -1][i % 8]))) }
}

@Suite("Alignment report: figures equal the statistics called directly")
struct AlignmentReportTests {
    let scale = CategoryScale(1...5)

    @Test("A 2×2 table with known kappa 0.4: p_o = 0.7, p_e = 0.5")
    func knownKappa() throws {
        // Expert 0 / judge 0: 20, 0/1: 5, 1/0: 10, 1/1: 15.
        let expert = [Double](repeating: 0, count: 25) + [Double](repeating: 1, count: 25)
        let judge =
            [Double](repeating: 0, count: 20) + [Double](repeating: 1, count: 5) + [Double](repeating: 0, count: 10)
            + [Double](repeating: 1, count: 15)
        let input = AlignmentInput(
            runRowIDs: AlignmentFixture.ids(50),
            dimensions: [AlignmentFixture.dimension("pass", scale: CategoryScale(0...1), judge: judge, expert: expert)])
        let d = try #require(try AlignmentReport(input).dimensions.first)
        #expect(d.counts.paired == 50)
        #expect(abs(try #require(d.cohenKappa.unweighted.value) - 0.4) < 1e-12)
        #expect(abs(try #require(d.exactAgreement.value) - 0.7) < 1e-12)
        #expect(d.confusionMatrix?.counts == [[20, 5], [10, 15]])
        #expect(d.confusionMatrix?.labels == ["0", "1"])
        // On two categories every weighting is the same kappa.
        #expect(abs(try #require(d.cohenKappa.quadratic.value) - 0.4) < 1e-12)
    }

    @Test("Every figure equals the statistics modules' function on the same pairs")
    func invariant() throws {
        let (expert, judge) = (AlignmentFixture.expert, AlignmentFixture.judge)
        let options = AlignmentSettings(intervals: .analytic, resamples: 300, seed: 11)
        let input = AlignmentFixture.input(scale: scale, judge: judge, expert: expert)
        let d = try #require(try AlignmentReport(input, options: options).dimensions.first)
        let table = try ContingencyTable(scale: scale, first: expert, second: judge)
        #expect(d.cohenKappa.unweighted == CohenKappa(table).kappa)
        #expect(d.cohenKappa.linear == CohenKappa(table, weights: .linear).kappa)
        #expect(d.cohenKappa.quadratic == CohenKappa(table, weights: .quadratic).kappa)
        #expect(d.gwetAC2 == GwetAgreementCoefficient(table, weights: .quadratic).coefficient)
        #expect(d.exactAgreement == PercentAgreement.exact(table))
        #expect(d.withinOne == PercentAgreement.withinTolerance(table, tolerance: 1))
        #expect(d.krippendorffAlphaOrdinal.value == KrippendorffAlpha(table, metric: .ordinal).alpha.value)
        #expect(d.pearson == (try Correlation.pearson(judge, expert)).estimate)
        #expect(d.spearman.value == (try Correlation.spearman(judge, expert)).value)
        #expect(d.kendallTauB.value == (try Correlation.kendallTauB(judge, expert)).value)
        // Alpha, rho and tau are bootstrapped from the table's cells, seeded.
        let alphaBoot = Bootstrap.table(table, resamples: 300, seed: 11) { KrippendorffAlpha.value(of: $0, metric: .ordinal) }
        #expect(d.krippendorffAlphaOrdinal.interval?.lower == alphaBoot.percentileInterval?.lower)
        #expect(d.krippendorffAlphaOrdinal.standardError == alphaBoot.standardError)
        let tauBoot = Bootstrap.table(table, resamples: 300, seed: 11) { Correlation.measure(.kendallTauB, table: $0).value }
        #expect(d.kendallTauB.interval?.upper == tauBoot.percentileInterval?.upper)
        #expect(d.kendallTauB.interval?.method.rawValue.contains("B = 300, seed 11") == true)
        #expect(d.bias == Spread.meanDifference(judge, expert))
        #expect(d.spread.judge.mean == Spread.mean(judge))
        #expect(d.spread.expert.standardDeviation == Spread.standardDeviation(expert))
        #expect(d.recalibration == (try LinearRecalibration(expert: expert, judge: judge)))
        #expect(d.confusionMatrix?.counts == table.rows)
        #expect(d.rounding == nil)
        #expect(d.humanCeiling == nil)
        #expect(d.statisticEstimate == d.cohenKappa.quadratic)
        #expect(d.verdict == Verdict(estimate: d.cohenKappa.quadratic, threshold: 0.6, statistic: "quadratic-weighted kappa"))
    }

    @Test("Bootstrap intervals throughout when asked: kappa's interval is the multinomial bootstrap's")
    func bootstrapIntervals() throws {
        let input = AlignmentFixture.input(scale: scale)
        let d = try #require(
            try AlignmentReport(input, options: AlignmentSettings(intervals: .bootstrap, resamples: 200, seed: 5)).dimensions.first)
        let table = try ContingencyTable(scale: scale, first: AlignmentFixture.expert, second: AlignmentFixture.judge)
        let weights = AgreementWeights.quadratic.matrix(on: scale)
        let boot = Bootstrap.table(table, resamples: 200, seed: 5) { CohenKappa.value(of: $0, weights: weights) }
        #expect(d.cohenKappa.quadratic.value == CohenKappa(table, weights: .quadratic).kappa.value)
        #expect(d.cohenKappa.quadratic.interval?.lower == boot.percentileInterval?.lower)
        #expect(d.cohenKappa.quadratic.standardError == boot.standardError)
    }

    @Test("Fractional values round half up for the category statistics only: 2.5 → 3, 7/3 → 2, 8/3 → 3")
    func rounding() throws {
        // Expert means of three raters: rows r0 (2,2,3) = 7/3, r1 (2,3,3) = 8/3, r2 (1,1,1) = 1, r3 (4,4,5) = 13/3.
        let raters = [[2.0, 2, 3], [2, 3, 3], [1, 1, 1], [4, 4, 5]]
        let labels = raters.enumerated().flatMap { row, values in
            values.enumerated().map { ExpertLabel(rowID: "r\(row)", rater: "e\($0.offset + 1)", value: $0.element) }
        }
        let judge: [Double] = [2.5, 3, 1, 4]
        let dimension = AlignmentInput.Dimension(
            name: "coherence", scale: scale,
            judge: JudgeScores(
                scores: Dictionary(uniqueKeysWithValues: judge.enumerated().map { ("r\($0.offset)", JudgeScore($0.element)) })),
            expertLabels: labels)
        let d = try #require(
            try AlignmentReport(AlignmentInput(runRowIDs: AlignmentFixture.ids(4), dimensions: [dimension])).dimensions.first)
        let rounding = try #require(d.rounding)
        #expect(rounding.expertValuesRounded == 3)
        #expect(rounding.judgeValuesRounded == 1)
        #expect(rounding.note.contains("rounded half up"))
        // Rounded: expert 2, 3, 1, 4 against judge 3, 3, 1, 4.
        let table = try ContingencyTable(scale: scale, first: [2, 3, 1, 4], second: [3, 3, 1, 4])
        #expect(d.confusionMatrix?.counts == table.rows)
        #expect(d.exactAgreement.value == 0.75)
        // Correlations and bias use the unrounded means.
        let means = [7.0 / 3, 8.0 / 3, 1, 13.0 / 3]
        #expect(abs(try #require(d.pearson.value) - (try #require(try Correlation.pearson(judge, means).value))) < 1e-12)
        let differences: [Double] = zip(judge, means).map { $0 - $1 }
        let bias: Double = differences.reduce(0, +) / 4
        #expect(abs(try #require(d.bias.value) - bias) < 1e-12)
        #expect(d.expertAggregation.method == "mean-of-raters")
        #expect(d.expertAggregation.rowsWithSeveralRaters == 4)
        #expect(d.expertAggregation.raters == ["e1", "e2", "e3"])
        // The worst disagreement is r2? No: |2.5 − 7/3| = 1/6, |3 − 8/3| = 1/3, |4 − 13/3| = 1/3; ties by id.
        #expect(d.worstDisagreements.map(\.rowID) == ["r1", "r3", "r0"])
    }

    @Test("Worked-example rows are left out and listed; included on request")
    func examples() throws {
        let input = AlignmentInput(
            runRowIDs: AlignmentFixture.ids(40), exampleRowIDs: ["r3", "r0", "r99-not-seen"],
            dimensions: [
                AlignmentFixture.dimension("quality", scale: scale, judge: AlignmentFixture.judge, expert: AlignmentFixture.expert)
            ])
        let report = try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic))
        let d = try #require(report.dimensions.first)
        #expect(report.exampleRows == ["r0", "r3"])
        #expect(!report.exampleRowsIncluded)
        #expect(d.counts.excludedAsExamples == 2)
        #expect(d.counts.paired == 38)
        #expect(d.counts.labelled == 38)
        let kept = (0..<40).filter { $0 != 0 && $0 != 3 }
        let table = try ContingencyTable(
            scale: scale, first: kept.map { AlignmentFixture.expert[$0] }, second: kept.map { AlignmentFixture.judge[$0] })
        #expect(d.cohenKappa.quadratic == CohenKappa(table, weights: .quadratic).kappa)
        #expect(report.renderText().contains("Worked-example rows left out of the figures: r0, r3"))

        let included = try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic, includeExampleRows: true))
        #expect(included.dimensions.first?.counts.paired == 40)
        #expect(included.dimensions.first?.counts.excludedAsExamples == 0)
        #expect(included.exampleRows == ["r0", "r3"])
        #expect(included.exampleRowsIncluded)
    }

    @Test("Judge failures are counted, not scored; missing labels and scores are counted both ways")
    func failuresAndMissing() throws {
        // r0–r5 labelled; r0–r3 scored; r4 failed; r5 not judged; r6, r7 judged but unlabelled; r8 nothing.
        let dimension = AlignmentInput.Dimension(
            name: "q", scale: scale,
            judge: JudgeScores(
                scores: [
                    "r0": JudgeScore(1), "r1": JudgeScore(2), "r2": JudgeScore(3), "r3": JudgeScore(3), "r6": JudgeScore(5),
                    "r7": JudgeScore(4),
                ],
                failures: ["r4": "reply did not parse"]),
            expertLabels: (0..<6).map { ExpertLabel(rowID: "r\($0)", value: Double($0 % 5 + 1)) })
        let d = try #require(
            try AlignmentReport(AlignmentInput(runRowIDs: AlignmentFixture.ids(9), dimensions: [dimension]), options: .init(intervals: .analytic)).dimensions.first)
        #expect(d.counts.rowsInRun == 9)
        #expect(d.counts.labelled == 6)
        #expect(d.counts.judged == 6)
        #expect(d.counts.judgeFailures == 1)
        #expect(d.counts.labelledNotJudged == 1)
        #expect(d.counts.judgedNotLabelled == 2)
        #expect(d.counts.paired == 4)
        // The failed row is not among the pairs: kappa on r0–r3 only.
        let table = try ContingencyTable(scale: scale, first: [1, 2, 3, 4], second: [1, 2, 3, 3])
        #expect(d.cohenKappa.unweighted == CohenKappa(table).kappa)
    }

    @Test("Human ceiling: every pair of raters on the rows both labelled, each rater's standing, the judge against each")
    func humanCeiling() throws {
        let a: [Double] = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1]
        let b: [Double] = [1, 2, 4, 4, 5, 2, 2, 4]
        let c: [Double] = [5, 1, 1, 2, 1, 5, 4, 1, 2, 4]
        let j: [Double] = [1, 2, 3, 4, 4, 3, 2, 4, 5, 2]
        let ids = AlignmentFixture.ids(10)
        // Bob labels r0–r7 only; Cy labels every row, against the others.
        var labels = zip(ids, a).map { ExpertLabel(rowID: $0, rater: "ann", value: $1) }
        labels += zip(ids.prefix(8), b).map { ExpertLabel(rowID: $0, rater: "bob", value: $1) }
        labels += zip(ids, c).map { ExpertLabel(rowID: $0, rater: "cy", value: $1) }
        let judge = Dictionary(uniqueKeysWithValues: zip(ids, j).map { ($0, JudgeScore($1)) })
        let dimension = AlignmentInput.Dimension(name: "q", scale: scale, judge: JudgeScores(scores: judge), expertLabels: labels)
        let options = AlignmentSettings(statistic: .linearKappa, intervals: .analytic)
        let report = try AlignmentReport(AlignmentInput(runRowIDs: ids, dimensions: [dimension]), options: options)
        let d = try #require(report.dimensions.first)
        let ceiling = try #require(d.humanCeiling)
        func kappa(_ x: [Double], _ y: [Double], _ weights: AgreementWeights = .linear) throws -> Estimate {
            CohenKappa(try ContingencyTable(scale: scale, first: x, second: y), weights: weights).kappa
        }
        #expect(ceiling.pairs.map { "\($0.firstRater)-\($0.secondRater)" } == ["ann-bob", "ann-cy", "bob-cy"])
        #expect(ceiling.pairs.map(\.n) == [8, 10, 8])
        let ab = try kappa(Array(a.prefix(8)), b), ac = try kappa(a, c), bc = try kappa(b, Array(c.prefix(8)))
        #expect(ceiling.pairs.map(\.statisticEstimate) == [ab, ac, bc])
        #expect(ceiling.pairs[0].quadraticKappa == (try kappa(Array(a.prefix(8)), b, .quadratic)))
        #expect(ceiling.pairs[0].exactAgreement.value == 6.0 / 8)
        let values = try [ab, ac, bc].map { try #require($0.value) }
        #expect(ceiling.summary?.minimum == values.min())
        #expect(ceiling.summary?.maximum == values.max())
        #expect(abs(try #require(ceiling.summary?.mean) - values.reduce(0, +) / 3) < 1e-12)
        #expect(ceiling.summary?.definedPairs == 3)
        // Each rater: rows, the mean of its pairs, the pair it is not in, the judge against it alone.
        #expect(ceiling.raters.map(\.rater) == ["ann", "bob", "cy"])
        #expect(ceiling.raters.map(\.rows) == [10, 8, 10])
        #expect(abs(try #require(ceiling.raters[0].withOthers.value) - (values[0] + values[1]) / 2) < 1e-12)
        #expect(ceiling.raters[0].ceilingWithout?.value == values[2])
        #expect(ceiling.raters[1].judge == (try kappa(b, Array(j.prefix(8)))))
        #expect(ceiling.raters[2].judge == (try kappa(c, j)))
        let single = try ceiling.raters.map { try #require($0.judge.value) }
        #expect(abs(try #require(ceiling.judgeVersusSingleRaters.value) - single.reduce(0, +) / 3) < 1e-12)
        // Cy agrees with nobody beyond chance; Ann and Bob agree with each other.
        #expect(ceiling.raters.map(\.agreesWithNobody) == [false, false, true])
        // No row has every one of its raters agreeing: the figure there is undefined, n = 0.
        #expect(ceiling.judgeOnUnanimousRows?.n == 0)
        #expect(ceiling.judgeOnUnanimousRows?.value == nil)
        let text = report.renderText()
        #expect(text.contains("human ceiling, one rater against one (3 raters, 3 pairs)"))
        #expect(text.contains("* cy agrees with no other rater beyond chance"))
    }

    @Test("Raters with disjoint rows give no ceiling, and the report says why")
    func disjointRaters() throws {
        let ids = AlignmentFixture.ids(10)
        let labels = ids.enumerated().map { ExpertLabel(rowID: $1, rater: $0 < 5 ? "ann" : "bob", value: Double($0 % 4 + 1)) }
        let judge = Dictionary(uniqueKeysWithValues: ids.map { ($0, JudgeScore(2)) })
        let dimension = AlignmentInput.Dimension(name: "q", scale: scale, judge: JudgeScores(scores: judge), expertLabels: labels)
        let report = try AlignmentReport(AlignmentInput(runRowIDs: ids, dimensions: [dimension]))
        #expect(report.dimensions.first?.humanCeiling == nil)
        #expect(report.renderText().contains("human ceiling: — (2 raters, but no two labelled a common row)"))
    }

    @Test("By level: for each judge level how the experts placed its rows, and for each expert level the judge")
    func levels() throws {
        let report = try AlignmentReport(
            AlignmentInput(
                runRowIDs: AlignmentFixture.ids(8),
                dimensions: [
                    AlignmentFixture.dimension("q", scale: scale, judge: [2, 2, 2, 2, 3, 3, 4, 4], expert: [4, 4, 4, 2, 3, 3, 4, 1])
                ]))
        let text = report.renderText()
        #expect(text.contains("  judge 2 (4 rows): experts 2 25%, 4 75%"), "\(text)")
        #expect(text.contains("  experts 4 (4 rows): judge 2 75%, 4 25%"), "\(text)")
        #expect(!text.contains("judge 1 ("), "a level the judge never gave is left out")
    }

    @Test("A threshold above every pair of experts is said")
    func thresholdAboveCeiling() throws {
        let a: [Double] = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1]
        let b: [Double] = [2, 2, 4, 3, 5, 2, 3, 4, 4, 1]
        let ids = AlignmentFixture.ids(10)
        let labels = zip(ids, a).map { ExpertLabel(rowID: $0, rater: "ann", value: $1) }
            + zip(ids, b).map { ExpertLabel(rowID: $0, rater: "bob", value: $1) }
        let judge = Dictionary(uniqueKeysWithValues: zip(ids, a).map { ($0, JudgeScore($1)) })
        let dimension = AlignmentInput.Dimension(name: "q", scale: scale, judge: JudgeScores(scores: judge), expertLabels: labels)
        let report = try AlignmentReport(
            AlignmentInput(runRowIDs: ids, dimensions: [dimension]), options: AlignmentSettings(threshold: 0.95, intervals: .analytic))
        let d = try #require(report.dimensions.first)
        let best = try #require(d.humanCeiling?.summary?.maximum)
        #expect(best < 0.95)
        #expect(report.renderText().contains("the threshold 0.950 is above every pair of experts"))
    }

    @Test("Old reports' first-two-raters ceiling still reads, as one pair")
    func legacyCeiling() throws {
        let json = """
            {"firstRater":"ann","secondRater":"bob","n":8,"statistic":"linear-kappa",
             "quadraticKappa":{"n":8,"value":0.9},"exactAgreement":{"n":8,"value":0.75},
             "statisticEstimate":{"n":8,"value":0.8},
             "judgeVersusFirstRater":{"n":8,"value":0.5},"judgeVersusSecondRater":{"n":8,"value":0.7},
             "judgeVersusSingleRaters":{"n":8,"value":0.6}}
            """
        let ceiling = try JSONDecoder().decode(DimensionAlignment.HumanCeiling.self, from: Data(json.utf8))
        #expect(ceiling.pairs.count == 1)
        #expect(ceiling.pairs[0].firstRater == "ann" && ceiling.pairs[0].n == 8)
        #expect(ceiling.summary?.maximum == 0.8)
        #expect(ceiling.raters.map(\.judge.value) == [0.5, 0.7])
        #expect(ceiling.judgeVersusSingleRaters.value == 0.6)
        // And a new one round-trips.
        let again = try JSONDecoder().decode(DimensionAlignment.HumanCeiling.self, from: try JSONEncoder().encode(ceiling))
        #expect(again == ceiling)
    }

    @Test("A judge that gives every row the same scores is flagged; by position when they are 1, 2, …, k")
    func degenerateJudge() throws {
        let ids = AlignmentFixture.ids(8)
        let expert: [Double] = [1, 2, 3, 4, 4, 3, 2, 1]
        func input(_ scores: [[Double]]) -> AlignmentInput {
            AlignmentInput(
                runRowIDs: ids,
                dimensions: scores.enumerated().map { d, judge in AlignmentFixture.dimension("d\(d)", scale: scale, judge: judge, expert: expert) })
        }
        let byPosition = try AlignmentReport(input([[Double](repeating: 1, count: 8), [Double](repeating: 2, count: 8)]))
        #expect(byPosition.degenerateJudge?.rows == 8)
        #expect(byPosition.degenerateJudge?.scores == [1, 2])
        #expect(byPosition.degenerateJudge?.byPosition == true)
        #expect(byPosition.renderText().contains("warning: the judge scored each dimension by its position (1, 2) on all 8 rows"))
        let constant = try AlignmentReport(input([[Double](repeating: 3, count: 8)]))
        #expect(constant.degenerateJudge?.byPosition == false)
        #expect(constant.degenerateJudge?.scores == [3])
        // One row that differs is a judge that read something.
        var varied = [[Double](repeating: 1, count: 8), [Double](repeating: 2, count: 8)]
        varied[1][5] = 3
        #expect(try AlignmentReport(input(varied)).degenerateJudge == nil)
    }

    @Test("Experts combined: the mean, the median, or a majority that leaves a tie unpaired and counts it")
    func expertCombination() throws {
        #expect(ExpertCombination.mean.combine([1, 2, 4]) == 7.0 / 3)
        #expect(ExpertCombination.median.combine([1, 2, 4]) == 2)
        #expect(ExpertCombination.median.combine([1, 2, 4, 5]) == 3)
        #expect(ExpertCombination.majority.combine([1, 1, 0]) == 1)
        #expect(ExpertCombination.majority.combine([1, 0]) == nil)
        #expect(ExpertCombination.majority.combine([]) == nil)
        #expect(ExpertCombination.standard(for: CategoryScale(values: [0, 1])) == .majority)
        #expect(ExpertCombination.standard(for: scale) == .mean)
        #expect(ExpertCombination.standard(for: nil) == .mean)

        // A pass/fail dimension: twelve rows, two raters; r1's raters split, so a majority has none, and the judge says fail there.
        let passFail = CategoryScale(values: [0, 1], labels: ["fail", "pass"])
        let ids = AlignmentFixture.ids(12)
        var labels: [ExpertLabel] = []
        for (i, id) in ids.enumerated() {
            labels.append(ExpertLabel(rowID: id, rater: "ann", value: Double(i % 2)))
            labels.append(ExpertLabel(rowID: id, rater: "bob", value: i == 1 ? 0 : Double(i % 2)))
        }
        let judge = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, JudgeScore($0 == 1 ? 0 : Double($0 % 2))) })
        let dimension = AlignmentInput.Dimension(name: "ok", scale: passFail, judge: JudgeScores(scores: judge), expertLabels: labels)
        let input = AlignmentInput(runRowIDs: ids, dimensions: [dimension])
        let majorityReport = try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic))
        let majority = try #require(majorityReport.dimensions.first)
        #expect(majority.expertAggregation.method == "majority-of-raters")
        #expect(majority.expertAggregation.chosen == "default")
        #expect(majority.expertAggregation.rowsWithoutMajority == 1)
        #expect(majority.counts.paired == 11)
        // The eleven rows both raters labelled alike, where the judge agrees on every one.
        #expect(majority.humanCeiling?.judgeOnUnanimousRows?.n == 11)
        #expect(majority.humanCeiling?.judgeOnUnanimousRows?.value == 1)
        #expect(majority.humanCeiling?.judgeOnMajorityRows == nil, "no row has three raters")

        // Three raters: cat joins, disagreeing on r2–r4. Rows r2–r4 then have a 2-of-3 majority (not unanimous),
        // r1 a 2-of-3 majority for pass (ann and cat), the rest are unanimous: 12 majority rows, 8 unanimous.
        var three = labels
        for (i, id) in ids.enumerated() {
            three.append(ExpertLabel(rowID: id, rater: "cat", value: (2...4).contains(i) ? Double(1 - i % 2) : Double(i % 2)))
        }
        let threeInput = AlignmentInput(
            runRowIDs: ids, dimensions: [AlignmentInput.Dimension(name: "ok", scale: passFail, judge: JudgeScores(scores: judge), expertLabels: three)])
        let ceiling = try #require(try AlignmentReport(threeInput, options: AlignmentSettings(intervals: .analytic)).dimensions.first?.humanCeiling)
        #expect(ceiling.judgeOnUnanimousRows?.n == 8)
        let onMajority = try #require(ceiling.judgeOnMajorityRows)
        #expect(onMajority.n == 12)
        // The majority label is ann's on every row; the judge's fail on r1 is its one disagreement.
        let majorityLabels = ids.indices.map { Double($0 % 2) }
        let expected = try ContingencyTable(scale: passFail, first: majorityLabels, second: ids.map { judge[$0]?.value ?? .nan })
        #expect(onMajority.value == CohenKappa(expected, weights: .unweighted).kappa.value)
        #expect(majority.exactAgreement.value == 1)
        #expect(majorityReport.renderText().contains("1 labelled row without a majority"))
        // Asked for the mean, r1 is 0.5 and rounds half up to pass: the judge's fail there is a disagreement.
        let mean = try #require(
            try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic, experts: .mean)).dimensions.first)
        #expect(mean.expertAggregation.method == "mean-of-raters")
        #expect(mean.expertAggregation.chosen == "asked")
        #expect(mean.expertAggregation.rowsWithoutMajority == nil)
        #expect(mean.counts.paired == 12)
        #expect(mean.exactAgreement.value == 11.0 / 12)
    }

    @Test("Per-group correlations: a constant group is skipped and counted")
    func grouped() throws {
        let expert: [Double] = [1, 2, 3, 4, 5, 1, 3, 5, 3, 3, 3, 2]
        let judge: [Double] = [1, 3, 2, 4, 5, 2, 3, 4, 1, 2, 5, 2]
        // g1 = r0–r4, g2 = r5–r7, g3 = r8–r10 (expert constant), g4 = r11 alone.
        let names = ["g1", "g1", "g1", "g1", "g1", "g2", "g2", "g2", "g3", "g3", "g3", "g4"]
        let ids = AlignmentFixture.ids(12)
        let input = AlignmentInput(
            runRowIDs: ids, groups: Dictionary(uniqueKeysWithValues: zip(ids, names)),
            dimensions: [AlignmentFixture.dimension("q", scale: scale, judge: judge, expert: expert)])
        let g = try #require(try AlignmentReport(input).dimensions.first?.grouped)
        #expect(g.spearman.groups == 4)
        #expect(g.spearman.skippedGroups == 2)
        #expect(g.spearman.skippedByReason == ["no-variation": 1, "too-few": 1])
        let r1 = try #require(try Correlation.spearman(Array(judge[0..<5]), Array(expert[0..<5])).value)
        let r2 = try #require(try Correlation.spearman(Array(judge[5..<8]), Array(expert[5..<8])).value)
        #expect(abs(try #require(g.spearman.estimate.value) - (r1 + r2) / 2) < 1e-12)
        #expect(g.spearman.estimate.n == 2)
        // The verdict's statistic per group, on that group's rows alone.
        let slices = try #require(try AlignmentReport(input, options: AlignmentSettings(intervals: .analytic)).dimensions.first?.grouped?.slices)
        #expect(slices.map(\.group) == ["g1", "g2", "g3", "g4"])
        #expect(slices.map(\.n) == [5, 3, 3, 1])
        let g1 = try ContingencyTable(scale: scale, first: Array(expert[0..<5]), second: Array(judge[0..<5]))
        #expect(slices[0].statisticEstimate.value == CohenKappa(g1, weights: .quadratic).kappa.value)
        // g3: the experts say 3 throughout and the judge 1, 2 and 5: kappa 0, no better than chance.
        #expect(slices[2].statisticEstimate.value == 0)
        #expect(slices[2].noBetterThanChance)
        #expect(!slices[0].noBetterThanChance)
        // System level: each group's means, then the correlation across the four groups.
        let system = try #require(try AlignmentReport(input, options: AlignmentSettings(resamples: 200, seed: 1)).dimensions.first?.grouped?.systemLevel)
        func means(_ x: [Double]) -> [Double] {
            [0..<5, 5..<8, 8..<11, 11..<12].map { r in x[r].reduce(0, +) / Double(r.count) }
        }
        #expect(system.groups == 4)
        #expect(system.spearman.value == (try Correlation.spearman(means(judge), means(expert)).value))
        #expect(system.kendallTauB.value == (try Correlation.kendallTauB(means(judge), means(expert)).value))
        let interval = try #require(system.spearman.interval)
        #expect(interval.lower <= interval.upper && interval.method.rawValue.hasPrefix("percentile-bootstrap (rows within groups, B = 200, seed 1"))
        var two = input
        two.groups = Dictionary(uniqueKeysWithValues: zip(ids, names.map { $0 == "g1" ? "a" : "b" }))
        let undefined = try #require(try AlignmentReport(two).dimensions.first?.grouped?.systemLevel)
        #expect(undefined.spearman.undefinedReason?.code == "too-few")
        // One row per group: the slice's kappa is "too few", not chance agreement 1; the system-level
        // interval is undefined (nothing to resample within a group), not the point repeated.
        var singletons = input
        singletons.groups = Dictionary(uniqueKeysWithValues: zip(ids, ids))
        let single = try #require(
            try AlignmentReport(singletons, options: AlignmentSettings(resamples: 200, seed: 1)).dimensions.first?.grouped)
        #expect(single.slices?.allSatisfy { $0.n == 1 && $0.statisticEstimate.undefinedReason?.code == "too-few" } == true)
        #expect(single.systemLevel?.spearman.value != nil && single.systemLevel?.spearman.interval == nil)
        #expect(single.systemLevel?.spearman.intervalUndefinedReason?.message.contains("every group has one row") == true)

        var missing = input
        missing.groups["r4"] = nil
        #expect(throws: AlignmentError.self) { try AlignmentReport(missing) }
    }

    @Test("The verdict follows the chosen statistic and threshold")
    func verdictStatistic() throws {
        let input = AlignmentFixture.input(scale: scale)
        let kappa = try #require(try AlignmentReport(input, options: AlignmentSettings(statistic: .kappa, threshold: 0.2)).dimensions.first)
        #expect(kappa.statisticEstimate == kappa.cohenKappa.unweighted)
        #expect(kappa.verdict == Verdict(estimate: kappa.cohenKappa.unweighted, threshold: 0.2, statistic: "Cohen's kappa"))
        // The summary's interval column is the verdict's statistic, not always κ_q (issue #29).
        let kappaText = try AlignmentReport(input, options: AlignmentSettings(statistic: .kappa, threshold: 0.2)).renderText()
        #expect(kappaText.contains("κ [CI]") && !kappaText.contains("κ_q [CI]"))
        let rho = try #require(
            try AlignmentReport(input, options: AlignmentSettings(statistic: .spearman, resamples: 100)).dimensions.first)
        #expect(rho.statistic == .spearman)
        #expect(rho.statisticEstimate == rho.spearman)
        #expect(rho.verdict.reason.hasPrefix("Spearman's rho"))
        // A judge that always agrees gives kappa 1 with a standard error of 0: an
        // interval collapsed to a point, which decides no verdict.
        let perfect = try #require(
            try AlignmentReport(AlignmentFixture.input(scale: scale, judge: AlignmentFixture.expert)).dimensions.first)
        #expect(perfect.statisticEstimate.value == 1)
        #expect(perfect.statisticEstimate.interval == nil)
        #expect(perfect.statisticEstimate.intervalUndefinedReason?.code == "collapsed-interval")
        #expect(perfect.verdict.outcome == .undefined)
        #expect(perfect.verdict.reason.contains("collapses to the point 1"))
        // Alpha's n counts pairable values (two per row); more rows are counted in rows.
        let alphaBoot = try #require(
            try AlignmentReport(input, options: AlignmentSettings(statistic: .alphaOrdinal, threshold: 0.8, resamples: 200)).dimensions
                .first
        )
        #expect(alphaBoot.statisticEstimate.n == 80)
        var perRow = alphaBoot.statisticEstimate
        perRow.n = 40
        #expect(alphaBoot.verdict == Verdict(estimate: perRow, threshold: 0.8, statistic: "Krippendorff's alpha (ordinal)"))
        #expect(alphaBoot.verdict.outcome == .inconclusive)
        // Without a bootstrap, alpha has no interval and so no verdict.
        let alpha = try #require(
            try AlignmentReport(input, options: AlignmentSettings(statistic: .alphaOrdinal, resamples: 0)).dimensions.first)
        #expect(alpha.statisticEstimate.value != nil)
        #expect(alpha.verdict.outcome == .undefined)
    }

    @Test("Without a declared scale the category statistics are refused with a reason; correlations remain")
    func noScale() throws {
        let input = AlignmentFixture.input(scale: nil)
        let d = try #require(try AlignmentReport(input, options: AlignmentSettings(resamples: 100)).dimensions.first)
        for e in [d.cohenKappa.quadratic, d.exactAgreement, d.krippendorffAlphaOrdinal, d.gwetAC2] {
            #expect(e.value == nil)
            #expect(e.undefinedReason?.code == "no-scale")
        }
        #expect(d.confusionMatrix == nil)
        #expect(d.verdict.outcome == .undefined)
        #expect(d.verdict.reason.contains("no declared scale"))
        #expect(d.spearman.value == (try Correlation.spearman(AlignmentFixture.judge, AlignmentFixture.expert)).value)
        // Rho is bootstrapped over rows (no table to draw from).
        #expect(d.spearman.interval?.method.rawValue.contains("items") == true)
    }

    @Test("Bad input is an error naming the dimension and row")
    func errors() throws {
        func input(judge: JudgeScores, labels: [ExpertLabel]) -> AlignmentInput {
            AlignmentInput(runRowIDs: ["a", "b"], dimensions: [.init(name: "q", scale: scale, judge: judge, expertLabels: labels)])
        }
        let ok = [ExpertLabel(rowID: "a", value: 2)]
        let cases: [(AlignmentInput, String)] = [
            (input(judge: JudgeScores(scores: ["z": JudgeScore(2)]), labels: ok), "row 'z', which is not in the run"),
            (
                input(judge: JudgeScores(scores: ["a": JudgeScore(2)], failures: ["a": "x"]), labels: ok),
                "both a judge score and a judge failure"
            ),
            (input(judge: JudgeScores(scores: ["a": JudgeScore(6)]), labels: ok), "outside the scale"),
            (input(judge: JudgeScores(scores: ["a": JudgeScore(.nan)]), labels: ok), "not a finite number"),
            (input(judge: JudgeScores(scores: [:]), labels: ok + ok), "labelled row 'a' twice"),
            (input(judge: JudgeScores(scores: [:]), labels: [ExpertLabel(rowID: "q", value: 2)]), "row 'q', which is not in the run"),
        ]
        for (bad, message) in cases {
            let error = #expect(throws: AlignmentError.self) { try AlignmentReport(bad) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error") should say \(message)")
            #expect(error?.message.contains("dimension q") == true)
        }
    }

    @Test("The report survives a JSON round trip, with its schema version")
    func jsonRoundTrip() throws {
        let input = AlignmentInput(
            info: AlignmentInfo(run: "book-tags", rubric: "tags", rubricVersion: "2", model: "smollm2", dataset: "books"),
            runRowIDs: AlignmentFixture.ids(40), exampleRowIDs: ["r1"],
            dimensions: [
                AlignmentFixture.dimension("quality", scale: scale, judge: AlignmentFixture.judge, expert: AlignmentFixture.expert),
                AlignmentFixture.dimension("fluency", scale: nil, judge: AlignmentFixture.expert, expert: AlignmentFixture.judge),
            ])
        let report = try AlignmentReport(input, options: AlignmentSettings(resamples: 100))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(report)
        let decoded = try JSONDecoder().decode(AlignmentReport.self, from: data)
        #expect(decoded == report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        // Two dimensions on the same 39 rows give a defined halo comparison.
        #expect(report.halo.shareDifference.value != nil)
        #expect(report.halo.shareDifference.n == 39)
        let rows = (0..<40).filter { $0 != 1 }
        let (judge, expert) = (AlignmentFixture.judge, AlignmentFixture.expert)
        let names = ["quality", "fluency"]
        let halo = HaloComparison(
            judge: try HaloSummary(scores: rows.map { [judge[$0], expert[$0]] }, dimensions: names),
            expert: try HaloSummary(scores: rows.map { [expert[$0], judge[$0]] }, dimensions: names))
        #expect(report.halo == halo)
        let text = report.renderText()
        #expect(text.contains("run book-tags · rubric tags v2 · model smollm2 · dataset books"))
        #expect(text.contains("## fluency (no declared scale)"))
        #expect(text.contains("category statistics: — (dimension fluency has no declared scale"))
    }

    @Test("A single dimension's halo is undefined with a reason, not 0")
    func haloUndefined() throws {
        let input = AlignmentFixture.input(scale: scale)
        let halo = try AlignmentReport(input).halo
        #expect(halo.shareDifference.value == nil)
        #expect(halo.shareDifference.undefinedReason?.code == "too-few")
    }
}
