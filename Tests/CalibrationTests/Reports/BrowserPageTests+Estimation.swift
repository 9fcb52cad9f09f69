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
    /// Two dimensions on 1–4 over 300 rows, 60 labelled, named with markup that would run if it were not escaped.
    static func hostileEstimates() throws -> EstimationReport {
        var generator = SplitMix64(seed: 4)
        let ids = (0..<300).map { "row-\($0)" }
        func dimension(_ name: String) -> AlignmentInput.Dimension {
            let expert = ids.map { _ in Double(Int.random(in: 1...4, using: &generator)) }
            let judge = expert.map {
                Double.random(in: 0..<1, using: &generator) < 0.8 ? $0 : Double(Int.random(in: 2...4, using: &generator))
            }
            return AlignmentInput.Dimension(
                name: name, scale: CategoryScale(1...4),
                judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, judge.map { JudgeScore($0) }))),
                expertLabels: (0..<60).map { ExpertLabel(rowID: ids[$0], value: expert[$0]) })
        }
        let input = AlignmentInput(
            info: AlignmentInfo(run: ReportFixture.book014Review, model: "fixture"), runRowIDs: ids,
            dimensions: [dimension("relevance"), dimension(ReportFixture.attributeBreaker)])
        return try EstimationReport(
            EstimationRun(input: input), settings: EstimationSettings(passLevel: 3, declaredSampling: .randomSample))
    }

    @Test("Estimates page: a mean and a pass-rate chart per dimension holding the JSON's numbers; no injected markup or script runs")
    func estimatesPage() throws {
        let driver = try ChromiumDriver(name: "estimates-page")
        let report = try Self.hostileEstimates()
        let outcome = try driver.run(
            html: report.renderHTML(), name: "estimates.html",
            steps: """
                [{"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.estimate')].map(s => [s.dataset.dimension, s.dataset.figure, JSON.parse(s.dataset.estimates)]))","as":"charts"},
                 \(ChromiumDriver.inertnessSteps),
                 {"screenshot":"estimates-page.png"}]
                """)
        outcome.expectInert()
        guard case .string(let text)? = outcome.values["charts"] else {
            Issue.record("the charts were not read")
            return
        }
        let charts = try JSONDecoder().decode([JSONValue].self, from: Data(text.utf8))
        #expect(charts.count == 4)
        for (i, d) in report.dimensions.enumerated() {
            let mean = try #require(charts[2 * i].array)
            #expect(mean[0] == .string(d.name) && mean[1] == .string("mean"))
            let figures = [d.mean.judgeOnly, d.mean.expertsOnly, d.mean.corrected]
            let drawn = try #require(mean[2].array)
            #expect(drawn.count == 3)
            for (row, e) in zip(drawn, figures) {
                #expect(row == .array([e.value, e.interval?.lower, e.interval?.upper].map { $0.map(JSONValue.number) ?? .null }))
            }
            let pass = try #require(charts[2 * i + 1].array)
            #expect(pass[1] == .string("pass rate ≥ 3"))
            let rg = try #require(d.passRate?.corrected)
            #expect(
                pass[2].array?[2] == .array([rg.value, rg.interval?.lower, rg.interval?.upper].map { $0.map(JSONValue.number) ?? .null }))
        }
    }
}
