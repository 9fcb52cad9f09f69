import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Three raters and a judge on 30 pass/fail rows (0/1), every row labelled by all three.
enum AlternativeAnnotatorFixture {
    static let rows = (0..<30).map { "r\($0)" }

    /// Rows 0–23 are 0 from everyone; on rows 24–29 the raters give `last` (A, B, C) and the judge `judge`.
    static func dimension(_ name: String, last: (Double, Double, Double), judge: Double) -> AlignmentInput.Dimension {
        func value(_ row: Int, _ tail: Double) -> Double { row < 24 ? 0 : tail }
        let labels = rows.indices.flatMap { i in
            [("A", last.0), ("B", last.1), ("C", last.2)].map { ExpertLabel(rowID: rows[i], rater: $0.0, value: value(i, $0.1)) }
        }
        let scores = Dictionary(uniqueKeysWithValues: rows.indices.map { (rows[$0], JudgeScore(value($0, judge))) })
        return AlignmentInput.Dimension(
            name: name, scale: CategoryScale(0...1), judge: JudgeScores(scores: scores), expertLabels: labels)
    }

    /// A disagrees with B and C on rows 24–29, where the judge sides with B and C.
    static let judgeSidesWithMajority = dimension("sides", last: (1, 0, 0), judge: 0)
    /// All three raters say 1 on rows 24–29, where the judge says 0.
    static let judgeMissesUnanimous = dimension("misses", last: (1, 1, 1), judge: 0)
}

@Suite("Alternative annotator test: hand-computed cases, refusals, the margin")
struct AlternativeAnnotatorTestTests {
    @Test("A judge that sides with the majority wins against every rater; ω 1, ρ 1")
    func judgeWins() throws {
        let input = AlignmentInput(
            runRowIDs: AlternativeAnnotatorFixture.rows, dimensions: [AlternativeAnnotatorFixture.judgeSidesWithMajority])
        let test = try #require(try AlignmentReport(input).dimensions.first?.alternativeAnnotatorTest)
        #expect(test.scorer == .accuracy && test.epsilon == 0.2 && test.refusal == nil)
        let a = try #require(test.raters.first { $0.rater == "A" })
        // A left out, rows 24–29: B and C say 0, so the judge scores 1 and A scores 0: d = −1 on 6 of 30
        // rows. d̄ = −0.2, s² = (24·0.04 + 6·0.64)/29 = 4.8/29, t = (−0.2 − 0.2)/(s/√30) = −√29 = −5.3852;
        // scipy: t −5.385164807134503, p 4.349737724195261e-06.
        let t = try #require(a.t)
        #expect(abs(t + 29.0.squareRoot()) < 1e-12)
        #expect(abs(a.pValue - 4.349737724195261e-06) < 1e-15)
        #expect(a.judgeAdvantage == 1 && a.raterAdvantage == 0.8)
        // B (and C) left out: A says 1 and C 0, so judge and B both score 0.5 on every such row: all ties,
        // d ≡ 0 < ε, t infinite and p 0 (scipy: t −inf, p 0).
        let b = try #require(test.raters.first { $0.rater == "B" })
        #expect(b.t == nil && b.pValue == 0 && b.judgeAdvantage == 1 && b.raterAdvantage == 1)
        // Benjamini–Yekutieli, m = 3, c(3) = 11/6: A's adjusted p = 3·(11/6)·p/3 (statsmodels 7.97451916e-06).
        #expect(abs(a.adjustedPValue - 11.0 / 6 * 4.349737724195261e-06) < 1e-15)
        let wins = test.raters.map(\.judgeWins)
        #expect(wins == [true, true, true])
        #expect(test.winningRate == 1 && test.advantageProbability == 1 && test.passes == true)
    }

    @Test("A judge that misses the unanimous rows loses: t = 0 exactly, p ½, ω 0, ρ 0.8")
    func judgeLoses() throws {
        let input = AlignmentInput(
            runRowIDs: AlternativeAnnotatorFixture.rows, dimensions: [AlternativeAnnotatorFixture.judgeMissesUnanimous])
        let test = try #require(try AlignmentReport(input).dimensions.first?.alternativeAnnotatorTest)
        // Each rater left out: the others say 1 on rows 24–29, the rater scores 1 and the judge 0: d = +1 on 6
        // rows, d̄ = 0.2 = ε, so t = 0 and p = ½; BY: min over ranks of 3·(11/6)·½/rank = 11/12.
        for rater in test.raters {
            #expect(rater.t == 0 && rater.pValue == 0.5)
            #expect(abs(rater.adjustedPValue - 11.0 / 12) < 1e-15)
            #expect(!rater.judgeWins && rater.judgeAdvantage == 0.8)
        }
        #expect(test.winningRate == 0 && test.passes == false)
        let advantage = try #require(test.advantageProbability)
        #expect(abs(advantage - 0.8) < 1e-15)
        // A margin of 0.5 lets the judge trail by 0.2: t = −0.3/(s/√30) = −4.04, p ≈ 2e-4, and it wins against
        // all three; at 0.25, t = −0.67 and p ≈ 0.25 are not enough.
        let lenient = try AlignmentReport(input, options: AlignmentSettings(alternativeAnnotatorMargin: 0.5))
        #expect(lenient.dimensions.first?.alternativeAnnotatorTest?.winningRate == 1)
        let near = try AlignmentReport(input, options: AlignmentSettings(alternativeAnnotatorMargin: 0.25))
        #expect(near.dimensions.first?.alternativeAnnotatorTest?.winningRate == 0)
    }

    @Test("Pooled over two dimensions: one Benjamini–Yekutieli family of six comparisons")
    func pooled() throws {
        let input = AlignmentInput(
            runRowIDs: AlternativeAnnotatorFixture.rows,
            dimensions: [AlternativeAnnotatorFixture.judgeSidesWithMajority, AlternativeAnnotatorFixture.judgeMissesUnanimous])
        let report = try AlignmentReport(input)
        let pooled = try #require(report.alternativeAnnotatorTest)
        // p = (4.35e-6, 0, 0, ½, ½, ½): statsmodels fdr_by rejects the first three.
        #expect(pooled.comparisons == 6 && pooled.wins == 3 && pooled.winningRate == 0.5)
        #expect(pooled.dimensionsTested == ["sides", "misses"] && pooled.dimensionsPassing == ["sides"])
        #expect(abs(pooled.advantageProbability - 0.9) < 1e-15)
        let text = report.renderText()
        #expect(text.contains("passes in 1 of 2 dimensions (sides)"))
        #expect(text.contains("0.2 for expert raters, 0.15 for skilled annotators, 0.1 for crowd workers"))
        #expect(text.contains("the judge wins against 3 of 3 raters, ω 1.000 — passes; ρ 1.000"))
    }

    @Test("Refused, with the reason, for two raters and for a rater with 29 rows")
    func refusals() throws {
        let full = AlternativeAnnotatorFixture.judgeSidesWithMajority
        var two = full
        two.expertLabels = full.expertLabels.filter { $0.rater != "C" }
        let twoRaters = try #require(
            try AlignmentReport(AlignmentInput(runRowIDs: AlternativeAnnotatorFixture.rows, dimensions: [two]))
                .dimensions.first?.alternativeAnnotatorTest)
        #expect(twoRaters.refusal?.contains("at least 3 raters") == true)
        #expect(twoRaters.refusal?.hasSuffix("this dimension has 2") == true)
        #expect(twoRaters.winningRate == nil && twoRaters.raters.isEmpty && twoRaters.passes == nil)

        var short = full
        short.expertLabels = full.expertLabels.filter { !($0.rater == "B" && $0.rowID == "r0") }
        let report = try AlignmentReport(AlignmentInput(runRowIDs: AlternativeAnnotatorFixture.rows, dimensions: [short]))
        let test = try #require(report.dimensions.first?.alternativeAnnotatorTest)
        #expect(test.refusal?.hasSuffix("rater B has 29") == true)
        #expect(report.renderText().contains("alternative annotator test: not run — the alternative annotator test needs at least 30 rows per rater"))
        #expect(report.alternativeAnnotatorTest == nil)
    }

    @Test("A margin outside 0…1 (or not a number) is refused before any figure", arguments: [-0.01, 1.01, Double.nan])
    func margin(_ epsilon: Double) {
        let input = AlignmentInput(
            runRowIDs: AlternativeAnnotatorFixture.rows, dimensions: [AlternativeAnnotatorFixture.judgeSidesWithMajority])
        let error = #expect(throws: AlignmentSettingsError.self) {
            try AlignmentReport(input, options: AlignmentSettings(alternativeAnnotatorMargin: epsilon))
        }
        #expect(error?.message.contains("margin ε is \(epsilon.plainText); it lies from 0 to 1") == true)
    }

    @Test("The scorers: accuracy on the scale's levels, negative RMSE on the values")
    func scorers() {
        #expect(AnnotatorScorer.negativeRMSE.score(3, against: [1, 5], scale: nil) == -2)
        // 1.6 counts as the level 2 on a 1–2 scale, as the category statistics round it.
        #expect(AnnotatorScorer.accuracy.score(1.6, against: [2, 1], scale: CategoryScale(1...2)) == 0.5)
        #expect(AnnotatorScorer.accuracy.score(1.6, against: [2, 1], scale: nil) == 0)
        #expect(AnnotatorScorer.standard(for: CategoryScale(0...1)) == .accuracy)
        #expect(AnnotatorScorer.standard(for: CategoryScale(1...5)) == .negativeRMSE)
        #expect(AnnotatorScorer.standard(for: nil) == .negativeRMSE)
    }
}
