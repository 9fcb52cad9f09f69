import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

extension BrowserPageTests {
    /// Three judges on 60 rows of a 1–4 scale, with three raters per row, one judge and two dimensions named
    /// with markup that would run if it were not escaped (an attribute breaker, book-014's review).
    static func hostileJudgeTable() throws -> JudgeTable {
        var generator = SplitMix64(seed: 28)
        let ids = (0..<60).map { "row-\($0)" }
        let truth = ids.map { _ in Double(Int.random(in: 1...4, using: &generator)) }
        func noisy(_ share: Double) -> [Double] {
            truth.map { Double.random(in: 0..<1, using: &generator) < share ? $0 : Double(Int.random(in: 1...4, using: &generator)) }
        }
        let labels = ["a", "b", "c"].flatMap { rater in
            zip(ids, noisy(0.8)).map { ExpertLabel(rowID: $0, rater: rater, value: $1) }
        }
        func judge(_ share: Double) -> AlignmentInput {
            let scores = Dictionary(uniqueKeysWithValues: zip(ids, noisy(share).map { JudgeScore($0) }))
            return AlignmentInput(
                info: AlignmentInfo(run: ReportFixture.book014Review), runRowIDs: ids,
                dimensions: ["relevance", ReportFixture.attributeBreaker, ReportFixture.book014Review].map {
                    .init(name: $0, scale: CategoryScale(1...4), judge: JudgeScores(scores: scores), expertLabels: labels)
                })
        }
        return try JudgeTable(
            [
                ("strong", "strong.csv", judge(0.85)), (ReportFixture.attributeBreaker, "odd.csv", judge(0.6)),
                ("weak", "weak.csv", judge(0.3)),
            ],
            options: AlignmentSettings(resamples: 200))
    }

    @Test(
        "Several judges' page: each dimension's chart holds every judge's statistic and label multiplier; no injected markup or script runs"
    )
    func judgeTablePage() throws {
        let driver = try ChromiumDriver(name: "judges-page")
        let table = try Self.hostileJudgeTable()
        let outcome = try driver.run(
            html: table.renderHTML(), name: "judges.html",
            steps: """
                [{"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.judges')].map(s => [s.dataset.dimension, Number(s.dataset.threshold), JSON.parse(s.dataset.judges)]))","as":"charts"},
                 {"eval":"document.querySelectorAll('table.ranking').length","as":"rankings"},
                 \(ChromiumDriver.inertnessSteps),
                 {"screenshot":"judges-page.png"}]
                """)
        outcome.expectInert()
        #expect(outcome.values["rankings"] == .number(3))
        guard case .string(let text)? = outcome.values["charts"] else {
            Issue.record("the charts were not read")
            return
        }
        let charts = try JSONDecoder().decode([JSONValue].self, from: Data(text.utf8))
        #expect(charts.count == table.dimensions.count)
        for (value, d) in zip(charts, table.dimensions) {
            let chart = try #require(value.array)
            #expect(chart.count == 3)
            #expect(chart[0] == .string(d.name) && chart[1] == .number(table.options.threshold))
            let drawn = try #require(chart[2].array)
            #expect(drawn.count == d.rows.count)
            for (row, expected) in zip(drawn, d.rows) {
                let (s, m) = (expected.statisticEstimate, expected.labelMultiplier.multiplier)
                let figures = [s.value, s.interval?.lower, s.interval?.upper, m.value, m.interval?.lower, m.interval?.upper]
                #expect(row == .array([.string(expected.judge)] + figures.map { $0.map(JSONValue.number) ?? .null }))
            }
        }
        let multipliers = table.dimensions[0].rows.prefix(3).compactMap(\.labelMultiplier.multiplier.value)
        #expect(multipliers.count == 3 && multipliers[0] > multipliers[2], "the stronger judge is worth more labels")
    }
}
