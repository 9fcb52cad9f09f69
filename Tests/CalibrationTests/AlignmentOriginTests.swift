import Calibration
import CalibrationData
import CalibrationReports
import Foundation
import StatisticsCore
import Testing

/// A run mixing curated and synthetic rows (Book Tracker's two suites) is aligned as a whole and per origin.
@Suite("Alignment by origin: curated and synthetic rows apart, beside the whole")
struct AlignmentOriginTests {
    /// The fixture's 40 rows, the first 15 unmarked (curated), the other 25 synthetic.
    static func mixed() -> AlignmentInput {
        var input = AlignmentFixture.input(scale: CategoryScale(1...5))
        input.origins = Dictionary(uniqueKeysWithValues: AlignmentFixture.ids(40).dropFirst(15).map { ($0, "synthetic") })
        return input
    }

    @Test("Each origin's figures are the report of its rows alone; the whole is unchanged")
    func perOrigin() throws {
        let options = AlignmentSettings(resamples: 0)
        let report = try AlignmentReport(Self.mixed(), options: options)
        let origins = try #require(report.origins)
        #expect(origins.map(\.origin) == ["curated", "synthetic"])
        #expect(origins.map(\.rowsInRun) == [15, 25])
        let whole = try AlignmentReport(AlignmentFixture.input(scale: CategoryScale(1...5)), options: options)
        #expect(whole.origins == nil, "one origin: no by-origin figures")
        #expect(report.dimensions == whole.dimensions)
        for (origin, range) in zip(origins, [0..<15, 15..<40]) {
            let alone = try AlignmentReport(
                AlignmentInput(
                    runRowIDs: Array(AlignmentFixture.ids(40)[range]),
                    dimensions: [
                        AlignmentFixture.dimension(
                            "quality", scale: CategoryScale(1...5), judge: AlignmentFixture.judge,
                            expert: AlignmentFixture.expert)
                    ].map { d in
                        var d = d
                        let ids = Set(AlignmentFixture.ids(40)[range])
                        d.judge = JudgeScores(scores: d.judge.scores.filter { ids.contains($0.key) })
                        d.expertLabels = d.expertLabels.filter { ids.contains($0.rowID) }
                        return d
                    }), options: options)
            #expect(origin.dimensions == alone.dimensions, "\(origin.origin)")
            #expect(origin.dimensions.first?.counts.paired == range.count)
        }
    }

    @Test("Text, Markdown and HTML show each origin's line beside the whole; JSON round-trips")
    func rendered() throws {
        let report = try AlignmentReport(Self.mixed(), options: AlignmentSettings(resamples: 0))
        let text = report.renderText()
        #expect(text.contains("By origin (metadata.origin"))
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("quality") }
        #expect(lines.contains { $0.contains(" all ") && $0.contains(" 40 ") })
        #expect(lines.contains { $0.contains(" curated ") && $0.contains(" 15 ") })
        #expect(lines.contains { $0.contains(" synthetic ") && $0.contains(" 25 ") })
        #expect(report.renderMarkdown().contains("| quality | synthetic | 25 | 25 |"))
        let html = report.renderHTML()
        #expect(html.contains("class=\"origins\"") && html.contains("<pre class=\"text\">synthetic</pre>"))
        let decoded = try JSONDecoder().decode(AlignmentReport.self, from: JSONEncoder().encode(report))
        #expect(decoded.origins == report.origins)
    }
}
