import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

extension BrowserPageTests {
    /// Cells a spreadsheet would run as formulas, cells that only look like them, and plain numbers,
    /// which `CSVWriter.spreadsheetSafe(_:)` and the label page's export must treat alike.
    static let spreadsheetCells = [
        "=1+1", #"=HYPERLINK("http://x","y")"#, "+33 6 12", "-x", "@SUM(A1)", "'tis", "''", "'", "=", "@", "+", "-",
        "\tindented", "\rreturn", "\r\n=crlf", "-2", "+0.5", "-1e3", ".5", "5.", "-.5e-3", "1E+5", "-e3", "1e", "--1", "-1-",
        "- 1", "-0x1F", "-\u{661}", "x=1", " =1", "plain", "", "a,\"b\"\nc",
    ]

    @Test(
        "Label page: Export CSV makes cells inert by CSVWriter.spreadsheetSafe's rule, and hostile ids and notes read back exactly"
    )
    func labelPageSpreadsheetCells() throws {
        let driver = try ChromiumDriver(name: "label-page-spreadsheet-cells")
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        let ids = ["=1+1", #"=HYPERLINK("http://x","y")"#, "+33 6 12", "-x", "@SUM(A1)", "'tis", "-2", "1e5", "''"]
        let notes = ["=cmd|' /C calc'!A0", "+1 555", "-", "@", "\tindented", "'quoted", "-1e3", "a,\"b\"\nc", ""]
        let cells = Self.spreadsheetCells
        let rows = cells.indices.map { i in
            FrozenRow(
                id: i < ids.count ? ids[i] : "row-\(i)", input: .object(["q": .string(cells[(i + 1) % cells.count])]),
                response: .string(cells[i]))
        }
        let run = try FrozenRun(info: RunInfo(name: "hostile"), rows: rows)
        let sheet = try LabelSheet(run: run, dimensions: rubric.dimensions)
        let html = try sheet.renderHTML(
            dimensions: rubric.dimensions, instructions: rubric.instructions, runName: "hostile", sheetName: "hostile.labels.csv")
        let notesJSON = String(decoding: try JSONEncoder().encode(notes), as: UTF8.self)
        let typeNotes = """
            (() => { for (const text of \(notesJSON)) { const note = document.getElementById('note'); note.value = text;
              note.dispatchEvent(new Event('input')); document.getElementById('next').click(); } return true; })()
            """
        let steps: [[String: Any]] = [
            ["eval": "judgecalCSV()", "as": "blank"],
            ["eval": typeNotes, "as": "typed"],
            ["click": "#export", "download": true],
        ]
        let outcome = try driver.run(
            html: html, name: "hostile.labels.html",
            steps: String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self))
        #expect(outcome.console.isEmpty, "console: \(outcome.console)")
        #expect(outcome.exceptions.isEmpty, "exceptions: \(outcome.exceptions)")
        #expect(outcome.values["typed"] == .bool(true))
        // One rule: every cell of the page's export (ids, context, header) is the cell `extract` writes.
        guard case .string(let blank)? = outcome.values["blank"] else {
            Issue.record("no CSV from the page: \(outcome.values)")
            return
        }
        #expect(blank == sheet.csv)
        let pageLines = blank.split(separator: "\n", omittingEmptySubsequences: false)
        let sheetLines = sheet.csv.split(separator: "\n", omittingEmptySubsequences: false)
        for (page, swift) in zip(pageLines, sheetLines) where page != swift {
            Issue.record("the page wrote \(page.debugDescription) where CSVWriter writes \(swift.debugDescription)")
        }
        #expect(blank.contains("\n'=1+1,"), "a formula id is written with its prefix")
        #expect(blank.contains(",-2\n") || blank.contains("\n-2,"), "a plain number is written as it is")
        // The export with the typed notes reads back through the toolkit's reader: every id and note as it was.
        let download = try #require(outcome.downloads.first)
        #expect(download.state == "completed")
        let labels = try ExpertLabels.load(
            from: [URL(fileURLWithPath: download.path)], dimensions: rubric.dimensions, runIDs: Set(run.rows.map(\.id)))
        #expect(labels.labels.map(\.id) == run.rows.map(\.id))
        let expected = cells.indices.map { i in i < notes.count && !notes[i].isEmpty ? notes[i] : nil }
        #expect(labels.labels.map(\.note) == expected)
    }
}
