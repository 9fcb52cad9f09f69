import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

@testable import judgecal

private func bookRun() throws -> FrozenRun {
    try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
}

private func bookDimensions() throws -> [ScoreDimension] {
    try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
}

private func sheet(_ text: String) throws -> URL {
    let url = try SharedData.temporaryFolder("selection").appendingPathComponent("part.labels.csv")
    try Data(text.utf8).write(to: url)
    return url
}

@Suite("Part of a run: --ids, --sample with --seed, align's labelled rows and labels beyond the run")
struct RowSelectionTests {
    @Test("A seeded sample: the same seed the same rows, in run order; another seed other rows; among candidates only")
    func sample() throws {
        let run = try bookRun()
        let ids = { (seed: UInt64) in try RowSelection.sample(count: 5, seed: seed).rows(of: run).rows.map(\.id) }
        let first = try ids(7)
        #expect(first.count == 5)
        #expect(try ids(7) == first)
        #expect(try ids(8) != first)
        #expect(first == run.rows.map(\.id).filter(Set(first).contains), "kept in run order")
        let candidates: Set<String> = ["book-003", "book-010", "book-020"]
        let among = try RowSelection.sample(count: 2, seed: 7).rows(of: run, among: candidates).rows.map(\.id)
        #expect(among.count == 2 && Set(among).isSubset(of: candidates))
        let tooMany = try #require(throws: LabelSheet.SettingsError.self) {
            try RowSelection.sample(count: 4, seed: 7).rows(of: run, among: candidates)
        }
        #expect(JudgeCal.message(for: tooMany)?.contains("--sample 4 is more than the 3 rows to choose from") == true)
    }

    @Test("--ids: the listed rows in run order; an id the run lacks names its line; both options or a sample of 0 are refused")
    func ids() throws {
        let run = try bookRun()
        let folder = try SharedData.temporaryFolder("selection")
        let list = folder.appendingPathComponent("ids.txt")
        try Data("book-005\nbook-002\n\n".utf8).write(to: list)
        #expect(try RowSelection.ids(list).rows(of: run).rows.map(\.id) == ["book-002", "book-005"])
        try Data("book-002\nbook-999\n".utf8).write(to: list)
        let error = try #require(throws: InputError.self) { try RowSelection.ids(list).rows(of: run) }
        #expect(error.line == 2)
        #expect(throws: LabelSheet.SettingsError.self) { try RowSelection.from(ids: list, sample: 3, seed: 0) }
        #expect(throws: LabelSheet.SettingsError.self) { try RowSelection.from(ids: nil, sample: 0, seed: 0) }
        #expect(try RowSelection.from(ids: nil, sample: nil, seed: 0) == nil)
    }

    @Test("The seeded draw is the one judge has always made: seed 7 draws these five rows of the book run")
    func pinnedDraw() throws {
        let drawn = try RowSelection.sample(count: 5, seed: 7).rows(of: try bookRun()).rows.map(\.id)
        #expect(drawn == ["book-004", "book-013", "book-030", "book-036", "book-042"])
    }

    @Test(
        "A run read row by row: the same rows, ids and errors as the run in memory, still read row by row",
        arguments: [1, 5, 41, 42])
    func rowByRow(count: Int) throws {
        let url = SharedData.projectURL("notebooks-data/book-tags.run.jsonl")
        let whole = try bookRun()
        let file = try #require(try FrozenRunFile.open(url))
        for seed: UInt64 in 0..<25 {
            let selection = RowSelection.sample(count: count, seed: seed)
            let inMemory = try selection.rows(of: whole)
            let streamed: FrozenRunFile = try selection.rows(of: file)
            #expect(streamed.ids == inMemory.ids, "seed \(seed)")
            #expect(try streamed.ids.indices.map { try streamed.row(at: $0) } == inMemory.rows, "seed \(seed)")
            let candidates = Set(whole.ids.filter { $0.hasSuffix("3") || $0.hasSuffix("7") })
            guard count <= candidates.count else { continue }
            #expect(try selection.rows(of: file, among: candidates).ids == selection.rows(of: whole, among: candidates).ids)
        }
        let list = try SharedData.temporaryFolder("selection").appendingPathComponent("ids.txt")
        try Data("book-040\nbook-002\n\nbook-017\n".utf8).write(to: list)
        let listed: FrozenRunFile = try RowSelection.ids(list).rows(of: file)
        #expect(listed.ids == ["book-002", "book-017", "book-040"])
        #expect(try listed.row(at: 1) == whole.rows[16])
        try Data("book-002\nbook-999\n".utf8).write(to: list)
        let missing = try #require(throws: InputError.self) { try RowSelection.ids(list).rows(of: file) }
        let missingWhole = try #require(throws: InputError.self) { try RowSelection.ids(list).rows(of: whole) }
        #expect(missing == missingWhole && missing.line == 2)
        let tooMany = try #require(throws: LabelSheet.SettingsError.self) { try RowSelection.sample(count: 43, seed: 0).rows(of: file) }
        #expect(JudgeCal.message(for: tooMany)?.contains("--sample 43 is more than the 42 rows") == true, "\(tooMany)")
        let outside = try #require(throws: InputError.self) { try file.keepingRows(at: [3, 42]) }
        #expect(outside.message == "has no row at position 43; it has 42")
        #expect(try file.keepingRows(at: [9, 3, 9]).ids == ["book-004", "book-010"], "run order, each once")
    }

    @Test("align's rows: only labelled rows are judged; a sample is drawn among them; the report keeps the run's rows")
    func alignmentRows() throws {
        let run = try bookRun()
        let labels = try ExpertLabels.load(
            from: [try sheet("id,relevance,usefulness\nbook-001,4,4\nbook-002,3,\nbook-003,,\nbook-004,2,2\n")],
            dimensions: try bookDimensions(), runIDs: Set(run.rows.map(\.id)))
        let all = try AlignmentRows(run: run, labels: labels, selection: nil)
        #expect(all.run.rows.count == 42)
        #expect(all.judged.rows.map(\.id) == ["book-001", "book-002", "book-004"], "book-003's row has no score")
        let part = try AlignmentRows(run: run, labels: labels, selection: .sample(count: 2, seed: 1))
        #expect(part.run.rows.count == 2 && part.judged.rows.map(\.id) == part.run.rows.map(\.id))
        #expect(Set(part.labels.labels.map(\.id)) == Set(part.run.rows.map(\.id)))
    }

    @Test("Labels beyond the run: counted and left out for align and compare; refused by default (estimate)")
    func beyondRun() throws {
        let run = try bookRun()
        let url = try sheet("id,relevance,usefulness\nbook-001,4,4\nother-1,3,3\nother-2,2,2\n")
        let ids = Set(run.rows.map(\.id))
        let counted = try ExpertLabels.load(from: [url], dimensions: try bookDimensions(), runIDs: ids, outsideRun: .counted)
        #expect(counted.rowsOutsideRun == 2)
        #expect(counted.labels.map(\.id) == ["book-001"])
        let refused = try #require(throws: InputError.self) {
            try ExpertLabels.load(from: [url], dimensions: try bookDimensions(), runIDs: ids)
        }
        #expect(refused.line == 3 && refused.message == "other-1 is not a row of the run")
        // The count reaches the report's info and its text.
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let judgments = JudgmentSet(run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: "m", judgments: [])
        let report = try AlignmentReport(
            run: run, rubric: rubric, rubricText: "", judgments: judgments, labels: counted, groupBy: nil,
            settings: AlignmentSettings(resamples: 0))
        #expect(report.info.labelledRowsNotInRun == 2)
        for rendering in [report.renderText(), report.renderMarkdown(), report.renderHTML()] {
            #expect(rendering.contains("2 labelled rows are not rows of this run and were left out."))
        }
        let decoded = try JSONDecoder().decode(AlignmentReport.self, from: try JSONEncoder.report.encode(report))
        #expect(decoded.info.labelledRowsNotInRun == 2)
        // compare: the same count in the comparison's info, text, Markdown and page.
        let other = JudgmentSet(run: run.info.name, rubric: rubric.name, rubricVersion: rubric.version, model: "n", judgments: [])
        let comparison = try RubricComparison(
            RubricComparison.Input(
                run: run, control: rubric, controlJudgments: judgments, experimental: rubric, experimentalJudgments: other,
                labels: counted),
            options: AlignmentSettings(resamples: 0))
        #expect(comparison.info.labelledRowsNotInRun == 2)
        for rendering in [comparison.renderText(), comparison.renderMarkdown(), comparison.renderHTML()] {
            #expect(rendering.contains("2 labelled rows are not rows of this run and were left out."))
        }
    }
}
