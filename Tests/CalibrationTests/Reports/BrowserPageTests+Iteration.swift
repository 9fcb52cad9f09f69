import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

extension BrowserPageTests {
    /// The planted judge's judgments with book-014 (whose review holds a script) scored 2 for 4, its rationale
    /// quoting the review and a note that would break out of an attribute.
    static func hostileJudgments() throws -> JudgmentSet {
        var set = try DigestFixture.judgments()
        set.judgments = set.judgments.map { j in
            guard j.id == "book-014" else { return j }
            var j = j
            let rationale = ReportFixture.book014Review + ReportFixture.attributeBreaker
            j.scores = j.scores.map { DimensionJudgment(dimension: $0.dimension, score: 2, label: "2", rationale: rationale) }
            return j
        }
        return set
    }

    @Test("Digest and comparison pages: every pair and worst row shown, book-014's script and an attribute breaker stay text")
    func iterationPages() throws {
        let judgments = try Self.hostileJudgments()
        let digest = try DisagreementDigest(
            run: DigestFixture.run, rubric: DigestFixture.rubric, judgments: judgments, labels: DigestFixture.labels,
            rows: DigestFixture.development)
        let comparison = try RubricComparison(
            RubricComparison.Input(
                run: DigestFixture.run, control: DigestFixture.rubric, controlJudgments: judgments, experimental: DigestFixture.rubric,
                experimentalJudgments: try JudgeComparisonTests.smallModel(), labels: DigestFixture.labels, groupBy: "metadata.flaw"),
            options: AlignmentSettings(resamples: 200, seed: 2))
        let steps = """
            [{"eval":"JSON.stringify([...document.querySelectorAll('article.pair')].map(a => [a.dataset.expert, a.dataset.judge, Number(a.dataset.rows)]))","as":"pairs"},
             {"eval":"document.querySelectorAll('table.worst tbody tr').length","as":"worst"},
             \(ChromiumDriver.inertnessSteps)]
            """
        let digestPage = try ChromiumDriver(name: "digest-page").run(html: digest.renderHTML(), name: "digest.html", steps: steps)
        let comparisonPage = try ChromiumDriver(name: "comparison-page").run(
            html: comparison.renderHTML(), name: "comparison.html", steps: steps)
        for outcome in [digestPage, comparisonPage] {
            outcome.expectInert()
        }
        let pairs = digest.dimensions.flatMap { d in
            d.pairs.map { [JSONScalar.string($0.expert.label), .string($0.judge.label), .number(Double($0.rows.count))] }
        }
        guard case .string(let shown)? = digestPage.values["pairs"] else {
            Issue.record("the pairs were not read")
            return
        }
        #expect(try JSONDecoder().decode([[JSONScalar]].self, from: Data(shown.utf8)) == pairs)
        #expect(pairs.first == [.string("4"), .string("2"), .number(2)])
        let worst = comparison.dimensions.reduce(0) { $0 + $1.worstDisagreements.count }
        #expect(comparisonPage.values["worst"] == .number(Double(worst)))
        #expect(comparison.dimensions.first?.worstDisagreements.contains { $0.rowID == "book-014" } == true)
    }
}
