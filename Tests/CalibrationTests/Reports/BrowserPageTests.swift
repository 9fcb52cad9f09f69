import AgreementStatistics
import Calibration
import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing
import _TestSupport

/// The pages in a real browser.
///
/// Screenshots land in `test-output/` for a person to look at.
@Suite("HTML pages in headless Chromium", .tags(.browser), .serialized)
struct BrowserPageTests {
    @Test(
        "Label page: three rows scored by keyboard, exported, read back by the importer; progress survives a reload; book-014's script stays text"
    )
    func labelPage() throws {
        let driver = try ChromiumDriver(name: "label-page")
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        let sheet = try LabelSheet(run: run, dimensions: rubric.dimensions)
        let html = try sheet.renderHTML(
            dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name, sheetName: "book-tags.labels.csv")
        let toBook014 = String(repeating: #"{"key":"ArrowRight"},"#, count: 11)
        let outcome = try driver.run(
            html: html, name: "book-tags.labels.html",
            steps: """
                [{"key":"4"},{"key":"3"},{"key":"ArrowRight"},{"key":"2"},{"key":"2"},{"key":"ArrowRight"},{"key":"1"},{"key":"4"},
                 {"eval":"judgecalCSV()","as":"csv"},{"screenshot":"label-page.png"},
                 {"click":"#export","download":true},
                 {"reload":true},{"eval":"judgecalCSV()","as":"afterReload"},
                 \(toBook014)
                 {"eval":"document.getElementById('row-id').textContent","as":"row"},
                 {"eval":"document.getElementById('context').textContent.includes('<script>alert(\\"gotcha\\")</script>')","as":"shownAsText"},
                 {"eval":"document.scripts.length","as":"scripts"},
                 {"screenshot":"label-page-book-014.png"}]
                """)
        #expect(outcome.console.isEmpty, "console: \(outcome.console)")
        #expect(outcome.exceptions.isEmpty, "exceptions: \(outcome.exceptions)")
        #expect(outcome.dialogs.isEmpty, "the injected script ran: \(outcome.dialogs)")
        #expect(outcome.values["row"] == .string("book-014"))
        #expect(outcome.values["shownAsText"] == .bool(true))
        #expect(outcome.values["scripts"] == .number(2))
        guard case .string(let csv)? = outcome.values["csv"] else {
            Issue.record("no CSV from the page")
            return
        }
        #expect(outcome.values["afterReload"] == .string(csv), "progress was lost on reload")
        let download = try #require(outcome.downloads.first)
        #expect(download.state == "completed")
        #expect(download.suggestedFilename == "book-tags.labels.csv")
        #expect(try String(contentsOfFile: download.path, encoding: .utf8) == csv)
        // The importer reads the export: exactly the three rows scored, with those scores.
        let labels = try ExpertLabels.load(
            from: [URL(fileURLWithPath: download.path)], dimensions: rubric.dimensions, runIDs: Set(run.rows.map(\.id)))
        let scored = labels.labels.filter { !$0.scores.isEmpty }
        #expect(scored.map(\.id) == ["book-001", "book-002", "book-003"])
        #expect(scored.map { $0.scores["Relevance"] ?? $0.scores["relevance"] } == [4, 2, 1])
        #expect(scored.map { $0.scores["Usefulness"] ?? $0.scores["usefulness"] } == [3, 2, 4])
        // The same header and context as the CSV sheet `extract` writes.
        #expect(csv.split(separator: "\n").first == sheet.csv.split(separator: "\n").first)
    }

    @Test("Report page: one chart per dimension holding the JSON's numbers; no injected markup or script runs")
    func reportPage() throws {
        let driver = try ChromiumDriver(name: "report-page")
        let report = try ReportFixture.alignment()
        let outcome = try driver.run(
            html: report.renderHTML(), name: "alignment.html",
            steps: """
                [{"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.statistic')].map(s => [s.dataset.dimension, Number(s.dataset.value), Number(s.dataset.lower), Number(s.dataset.upper), s.dataset.verdict]))","as":"statistics"},
                 {"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.confusion')].map(s => JSON.parse(s.dataset.counts)))","as":"confusion"},
                 {"eval":"document.querySelectorAll('svg.chart.distribution').length","as":"distributions"},
                 {"eval":"document.querySelectorAll('img').length + document.scripts.length","as":"injected"},
                 {"eval":"typeof window.__pwned","as":"pwned"},
                 {"eval":"document.body.textContent.includes('<script>alert(\\"gotcha\\")</script>')","as":"shownAsText"},
                 {"screenshot":"report-page.png"}]
                """)
        #expect(outcome.console.isEmpty, "console: \(outcome.console)")
        #expect(outcome.exceptions.isEmpty && outcome.dialogs.isEmpty)
        #expect(outcome.values["injected"] == .number(0))
        #expect(outcome.values["pwned"] == .string("undefined"))
        #expect(outcome.values["shownAsText"] == .bool(true))
        #expect(outcome.values["distributions"] == .number(Double(report.dimensions.count)))
        guard case .string(let statistics)? = outcome.values["statistics"], case .string(let confusion)? = outcome.values["confusion"]
        else {
            Issue.record("the charts were not read")
            return
        }
        struct Chart: Decodable {
            var fields: [JSONScalar]
            init(from decoder: any Decoder) throws { fields = try [JSONScalar](from: decoder) }
        }
        let charts = try JSONDecoder().decode([Chart].self, from: Data(statistics.utf8))
        #expect(charts.count == report.dimensions.count)
        for (chart, d) in zip(charts, report.dimensions) {
            #expect(
                chart.fields == [
                    .string(d.name), .number(try #require(d.statisticEstimate.value)),
                    .number(try #require(d.statisticEstimate.interval?.lower)),
                    .number(try #require(d.statisticEstimate.interval?.upper)), .string(d.verdict.outcome.rawValue),
                ])
        }
        #expect(
            try JSONDecoder().decode([[[Int]]].self, from: Data(confusion.utf8))
                == report.dimensions.compactMap { $0.confusionMatrix?.counts })
    }
}

/// A string or a number in a JSON array.
enum JSONScalar: Decodable, Equatable {
    case string(String)
    case number(Double)

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .string(try c.decode(String.self)) }
    }
}

extension BrowserPageTests {
    /// The README's picture: Beluga-13B (prompt 1) judging HANNA's 960 generated
    /// stories against the mean of three human raters on six criteria (1–5),
    /// the judge's failure codes (values below 1) counted as failures.
    @Test("HANNA report page: six dimensions, each chart's κ_q the report's, rows failed as the data has them")
    func hannaReportPage() throws {
        let driver = try ChromiumDriver(name: "hanna-report")
        let (columns, systems) = HANNAAlignmentTests.data
        let stories = systems.indices.filter { systems[$0] != "Human" }
        let ids = stories.map { "story-\($0)" }
        var dimensions: [AlignmentInput.Dimension] = []
        var failed = 0
        for criterion in HANNAAlignmentTests.criteria {
            let judge = try #require(columns["Beluga-13B \(criterion) 1"])
            var scores: [String: JudgeScore] = [:]
            var failures: [String: String] = [:]
            for (id, story) in zip(ids, stories) {
                if judge[story] >= 1 {
                    scores[id] = JudgeScore(judge[story])
                } else {
                    failures[id] = "failure code \(judge[story])"
                }
            }
            failed += failures.count
            let labels = try HANNAAlignmentTests.humanLabels(criterion, ids: ids, stories: stories)
            dimensions.append(
                .init(
                    name: criterion, scale: CategoryScale(1...5), judge: JudgeScores(scores: scores, failures: failures),
                    expertLabels: labels))
        }
        let report = try AlignmentReport(
            AlignmentInput(
                info: AlignmentInfo(
                    run: "HANNA generated stories", rubric: "HANNA prompt 1", model: "Beluga-13B",
                    dataset: "HANNA (Chhun et al. 2022, 2024)"),
                runRowIDs: ids, dimensions: dimensions),
            options: AlignmentSettings(resamples: 0))
        let outcome = try driver.run(
            html: report.renderHTML(), name: "hanna.html",
            steps: """
                [{"eval":"JSON.stringify([...document.querySelectorAll('svg.chart.statistic')].map(s => Number(s.dataset.value)))","as":"values"},
                 {"screenshot":"hanna-report.png"},{"screenshot":"hanna-report-top.png","height":1380}]
                """)
        #expect(outcome.console.isEmpty && outcome.exceptions.isEmpty)
        guard case .string(let values)? = outcome.values["values"] else {
            Issue.record("no charts read")
            return
        }
        #expect(
            try JSONDecoder().decode([Double].self, from: Data(values.utf8)) == report.dimensions.map { $0.statisticEstimate.value ?? .nan }
        )
        #expect(report.dimensions.map(\.counts.judgeFailures).reduce(0, +) == failed)
        #expect(report.dimensions.allSatisfy { $0.counts.paired + $0.counts.judgeFailures == 960 })
    }
}
