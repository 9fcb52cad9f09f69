import Calibration
import CalibrationData
import Foundation
import StatisticsCore
import Testing
import _TestSupport

@Suite("judgecal report and extract --html")
struct ReportCommandTests {
    /// A saved alignment report on 12 rows of one dimension (1–4), the judge one level high on three rows.
    static func savedReport() throws -> (path: String, report: AlignmentReport) {
        let ids = (0..<12).map { "r\($0)" }
        let expert: [Double] = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]
        let judge = expert.enumerated().map { i, v in i % 4 == 1 ? v + 1 : v }
        let report = try AlignmentReport(
            AlignmentInput(
                info: AlignmentInfo(run: "mini"), runRowIDs: ids,
                dimensions: [
                    .init(
                        name: "relevance", scale: CategoryScale(1...4),
                        judge: JudgeScores(
                            scores: Dictionary(
                                uniqueKeysWithValues: zip(ids, judge.map { JudgeScore($0, rationale: "<script>x()</script>") }))),
                        expertLabels: zip(ids, expert).map { ExpertLabel(rowID: $0, value: $1) })
                ]),
            options: AlignmentSettings(resamples: 0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let path = try JudgeCalProcess.file("mini.alignment.json", String(decoding: try encoder.encode(report), as: UTF8.self))
        return (path, report)
    }

    @Test("A saved alignment report becomes a page whose chart holds its κ_q, and Markdown with its confusion matrix")
    func alignmentPages() throws {
        let (path, report) = try Self.savedReport()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let html = folder.appendingPathComponent("mini.html").path
        let markdown = folder.appendingPathComponent("mini.md").path
        let r = try JudgeCalProcess.run(["report", path, "--html", html, "--markdown", markdown])
        #expect(r.status == 0, "\(r.error)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        let value = try #require(report.dimensions.first?.statisticEstimate.value)
        #expect(page.contains("data-dimension=\"relevance\" data-statistic=\"quadratic-kappa\" data-value=\"\(value)\""))
        #expect(page.contains("&lt;script&gt;x()&lt;/script&gt;") && !page.contains("<script>x()"))
        let md = try String(contentsOfFile: markdown, encoding: .utf8)
        // Expert 2 → judge 3 on the three shifted rows; 3 rows each elsewhere on the diagonal.
        #expect(md.contains("| 2 | 0 | 0 | 3 | 0 | 3 |"))
    }

    @Test("report refuses a JSON file that is no report (65) and asks for an output (64)")
    func refusals() throws {
        let other = try JudgeCalProcess.file("other.json", #"{"rows": 3}"#)
        let bad = try JudgeCalProcess.run(["report", other, "--html", other + ".html"])
        #expect(bad.status == 65)
        #expect(bad.error.contains("is not a report judgecal renders") && bad.error.contains("read as alignment"))
        let (path, _) = try Self.savedReport()
        #expect(try JudgeCalProcess.run(["report", path]).status == 64)
    }

    @Test("extract --html writes the label page beside the CSV, keyed by run, sheet and the rows' fingerprint")
    func extractPage() throws {
        let folder = try SharedData.temporaryFolder("judgecal-html")
        let csv = folder.appendingPathComponent("book.labels.csv").path
        let html = folder.appendingPathComponent("book.labels.html").path
        let r = try JudgeCalProcess.run([
            "extract", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "-o", csv, "--html", html,
        ])
        #expect(r.status == 0, "\(r.error)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains(#""storageKey":"judgecal:book-tags:book.labels.csv:"#))
        #expect(page.contains(#""legacyStorageKey":"judgecal:book-tags:book.labels.csv""#))
        #expect(page.contains(#""fileName":"book.labels.csv""#))
        #expect(!page.contains("<script>alert"))
    }
}
