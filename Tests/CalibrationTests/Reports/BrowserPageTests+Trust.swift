import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import RunInference
import SelectiveTrust
import StatisticsCore
import Testing
import _TestSupport

extension BrowserPageTests {
    /// Two dimensions over 400 rows, 300 labelled, a judge right where it is sure; names with markup that would run if not escaped.
    static func hostileTrust() throws -> TrustReport {
        var generator = SplitMix64(seed: 30)
        let ids = (0..<400).map { "row-\($0)" }
        func dimension(_ name: String) -> AlignmentInput.Dimension {
            var scores: [String: JudgeScore] = [:], labels: [ExpertLabel] = []
            for (i, id) in ids.enumerated() {
                let confidence = 0.3 + 0.7 * Double.random(in: 0..<1, using: &generator)
                let expert = Double(Int.random(in: 1...4, using: &generator))
                let level = Double.random(in: 0..<1, using: &generator) < confidence ? expert : (expert == 4 ? 1 : expert + 1)
                scores[id] = JudgeScore(level, confidence: JudgeConfidence(method: .given, level: level, value: confidence))
                if i < 300 { labels.append(ExpertLabel(rowID: id, value: expert)) }
            }
            return AlignmentInput.Dimension(name: name, scale: CategoryScale(1...4), judge: JudgeScores(scores: scores), expertLabels: labels)
        }
        let input = AlignmentInput(
            info: AlignmentInfo(run: ReportFixture.book014Review, model: "fixture"), runRowIDs: ids,
            dimensions: [dimension("relevance"), dimension(ReportFixture.attributeBreaker)])
        return try TrustReport(input, settings: TrustSettings(risk: 0.15, resamples: 200))
    }

    @Test("Trust page: a reliability diagram and a coverage–risk curve per dimension holding the report's numbers; no injected markup runs")
    func trustPage() throws {
        let driver = try ChromiumDriver(name: "trust-page")
        let report = try Self.hostileTrust()
        let outcome = try driver.run(
            html: report.renderHTML(), name: "trust.html",
            steps: """
                [{"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.reliability')].map(s => [s.dataset.dimension, JSON.parse(s.dataset.bins)]))","as":"bins"},
                 {"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.coverage-risk')].map(s => [s.dataset.dimension, s.dataset.threshold, JSON.parse(s.dataset.curve), s.querySelectorAll('polyline').length]))","as":"curves"},
                 \(ChromiumDriver.inertnessSteps),
                 {"screenshot":"trust-page.png"}]
                """)
        outcome.expectInert()
        guard case .string(let binsText)? = outcome.values["bins"], case .string(let curvesText)? = outcome.values["curves"] else {
            Issue.record("the charts were not read")
            return
        }
        let bins = try JSONDecoder().decode([JSONValue].self, from: Data(binsText.utf8))
        let curves = try JSONDecoder().decode([JSONValue].self, from: Data(curvesText.utf8))
        #expect(bins.count == 2 && curves.count == 2)
        for (i, d) in report.dimensions.enumerated() {
            let drawn = try #require(bins[i].array)
            #expect(drawn[0] == .string(d.name))
            #expect(drawn[1].array?.count == d.calibration.bins.count)
            for (row, bin) in zip(drawn[1].array ?? [], d.calibration.bins) {
                #expect(row.array?[2] == .number(Double(bin.rows)))
                #expect(row.array?[4] == (bin.agreement.map(JSONValue.number) ?? .null))
            }
            let curve = try #require(curves[i].array)
            #expect(curve[1] == .string(d.threshold.threshold.map { "\($0)" } ?? ""))
            #expect(curve[2].array?.count == d.threshold.candidates.count)
            #expect(curve[2].array?.last?.array?[1] == d.threshold.candidates.last.map { .number(Double($0.kept)) })
            #expect(curve[3] == .number(2), "the bound and the disagreement seen")
        }
        #expect(report.dimensions.contains { $0.verdict.outcome == .trusted }, "the fixture's judge is trusted somewhere")
    }
}
