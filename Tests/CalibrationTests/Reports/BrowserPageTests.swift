import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import EvaluationCore
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

/// The pages in a real browser.
///
/// Screenshots land in `test-output/` for a person to look at.
@Suite("HTML pages in headless Chromium", .tags(.browser), .needs(.systemPackages), .serialized)
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

    @Test(
        "Label page: a sheet extracted again with other rows under the same run and file name opens blank, says whose progress it found, and exports it with its own ids"
    )
    func labelPageOtherSheetsProgress() throws {
        let driver = try ChromiumDriver(name: "label-page-two-sheets")
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        func page(seed: UInt64) throws -> (LabelSheet, String) {
            let sheet = try LabelSheet(
                run: run, dimensions: rubric.dimensions, options: LabelSheet.Settings(sample: 3, seed: seed, context: ["input.title"]))
            let html = try sheet.renderHTML(
                dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name, sheetName: "book-tags.labels.csv")
            return (sheet, html)
        }
        let (first, firstHTML) = try page(seed: 1)
        let (second, secondHTML) = try page(seed: 2)
        let firstIDs = first.rows.map { $0[0] }
        let secondIDs = second.rows.map { $0[0] }
        try #require(first.rows.count == second.rows.count, "the case the row count cannot tell apart")
        try #require(Set(firstIDs).isDisjoint(with: secondIDs), "other rows")
        try driver.write(html: secondHTML, name: "second.html")
        let legacyKey = "judgecal:\(run.info.name):book-tags.labels.csv"
        let legacy = #"{"position":0,"active":0,"scores":[{"relevance":"4","usefulness":"4"},{},{}],"notes":["","",""]}"#
        let shown = "!document.getElementById('earlier').hidden"
        let message = "document.getElementById('earlier-message').textContent"
        let steps: [[String: Any]] = [
            ["key": "4"], ["key": "3"], ["key": "ArrowRight"], ["key": "2"],
            ["eval": "judgecalCSV()", "as": "firstCSV"], ["eval": shown, "as": "firstNoticeBefore"],
            ["navigate": "second.html"],
            ["eval": "judgecalCSV()", "as": "secondCSV"],
            ["eval": "document.getElementById('progress').textContent", "as": "secondProgress"],
            ["eval": shown, "as": "secondNotice"], ["eval": message, "as": "secondMessage"],
            ["screenshot": "second-sheet-notice.png"],
            ["click": "#earlier-export", "download": true],
            ["click": "#export", "download": true],
            ["navigate": "first.html"],
            ["eval": "judgecalCSV()", "as": "firstAgain"],
            ["navigate": "second.html"],
            ["click": "#earlier-discard"], ["eval": shown, "as": "afterDiscard"],
            ["reload": true], ["eval": shown, "as": "afterDiscardReload"],
            // Progress saved by a page from before the fingerprint: three rows, like this sheet, but no ids.
            ["eval": "localStorage.setItem(\(jsonString(legacyKey)), \(jsonString(legacy))), 0", "as": "planted"],
            ["reload": true],
            ["eval": "judgecalCSV()", "as": "secondWithLegacy"], ["eval": message, "as": "legacyMessage"],
            ["eval": "document.getElementById('earlier-export').hidden", "as": "legacyExportHidden"],
        ]
        let outcome = try driver.run(
            html: firstHTML, name: "first.html",
            steps: String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self))
        #expect(outcome.console.isEmpty, "console: \(outcome.console)")
        #expect(outcome.exceptions.isEmpty, "exceptions: \(outcome.exceptions)")
        guard case .string(let firstCSV)? = outcome.values["firstCSV"], case .string(let secondCSV)? = outcome.values["secondCSV"],
            case .string(let secondMessage)? = outcome.values["secondMessage"]
        else {
            Issue.record("the pages were not read: \(outcome.values)")
            return
        }
        #expect(outcome.values["firstNoticeBefore"] == .bool(false))
        // The second sheet shows none of the first's scores, and its export carries none.
        #expect(outcome.values["secondProgress"] == .string("0 of 3 rows scored"))
        let shownSecond = try ExpertLabels.read(
            Data(secondCSV.utf8), file: "second", defaultRater: "x", dimensions: rubric.dimensions, runIDs: Set(run.rows.map(\.id)))
        #expect(shownSecond.labels.map(\.id) == secondIDs)
        #expect(shownSecond.labels.allSatisfy { $0.scores.isEmpty }, "the second sheet shows none of the first's scores")
        #expect(outcome.values["secondNotice"] == .bool(true))
        #expect(secondMessage.contains("another sheet with 3 rows (2 scored"), "\(secondMessage)")
        #expect(secondMessage.contains("it was not applied here"))
        #expect(secondMessage.contains(firstIDs[0]))
        #expect(outcome.downloads.count == 2)
        let ids = Set(run.rows.map(\.id))
        if outcome.downloads.count == 2 {
            let earlier = outcome.downloads[0]
            let own = outcome.downloads[1]
            #expect(earlier.suggestedFilename?.hasPrefix("book-tags.earlier-") == true)
            #expect(earlier.suggestedFilename?.hasSuffix(".labels.csv") == true)
            let old = try ExpertLabels.load(from: [URL(fileURLWithPath: earlier.path)], dimensions: rubric.dimensions, runIDs: ids)
            #expect(old.labels.map(\.id) == firstIDs, "the earlier scores keep their own ids")
            #expect(old.labels.map { $0.scores["Relevance"] } == [4, 2, nil])
            #expect(old.labels.map { $0.scores["Usefulness"] } == [3, nil, nil])
            #expect(own.suggestedFilename == "book-tags.labels.csv")
            let exported = try ExpertLabels.load(from: [URL(fileURLWithPath: own.path)], dimensions: rubric.dimensions, runIDs: ids)
            #expect(exported.labels.map(\.id) == secondIDs)
            #expect(exported.labels.allSatisfy { $0.scores.isEmpty }, "the second sheet's export carries no scores")
        }
        #expect(outcome.values["firstAgain"] == .string(firstCSV), "the first sheet keeps its own progress")
        #expect(outcome.values["afterDiscard"] == .bool(false))
        #expect(outcome.values["afterDiscardReload"] == .bool(false))
        // Progress without ids is never applied, even with this sheet's row count; it can only be deleted here.
        #expect(outcome.values["secondWithLegacy"] == .string(secondCSV))
        #expect(outcome.values["legacyExportHidden"] == .bool(true))
        if case .string(let legacyMessage)? = outcome.values["legacyMessage"] {
            #expect(legacyMessage.contains("has no row ids and cannot be matched to any rows"), "\(legacyMessage)")
        } else {
            Issue.record("no message for the progress without ids")
        }
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
                 \(ChromiumDriver.inertnessSteps),
                 {"screenshot":"report-page.png"}]
                """)
        outcome.expectInert()
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

/// `text` as a JSON string literal, for a script in a step.
func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
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
    /// The picture in docs/ALIGNMENT.md: Beluga-13B (prompt 1) judging HANNA's 960 generated
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
