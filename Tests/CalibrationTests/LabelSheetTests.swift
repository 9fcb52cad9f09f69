import Calibration
import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing
import _TestSupport

private func bookRun() throws -> FrozenRun {
    try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
}

private func bookDimensions() throws -> [ScoreDimension] {
    try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
}

private func sheet(_ options: LabelSheet.Options) throws -> LabelSheet {
    try LabelSheet(run: try bookRun(), dimensions: try bookDimensions(), options: options)
}

@Suite("Expert label sheets: writing for extract")
struct LabelSheetTests {
    @Test("Every row by default: id, the dimensions, rater, note, then input and response fields; never metadata")
    func defaults() throws {
        let s = try sheet(LabelSheet.Options())
        #expect(s.columns == ["id", "relevance", "usefulness", "rater", "note", "author", "review", "title", "tags"])
        #expect(s.rows.count == 42)
        #expect(s.rows.map { $0[0] } == (try bookRun()).rows.map(\.id), "rows keep the run's order")
        #expect(s.rows.allSatisfy { $0[1] == "" && $0[2] == "" && $0[3] == "" })
        #expect(!s.csv.contains("fantasy\",\"medium") && !s.csv.contains("enthusiastic"), "metadata (genre, tone) stays out")
        #expect(s.rows[0][7] == "The Cartographer of Brine Reach")
        #expect(
            s.rows[0][8] == "fantasy, cartography, archipelago, guild-politics, magic-system, slow-burn, lyrical",
            "a list reads as the hand-written sample sheet writes it")
    }

    @Test("A seeded sample is reproducible, differs with the seed, and keeps the run's order")
    func sample() throws {
        let a = try sheet(LabelSheet.Options(sample: 10, seed: 3))
        let b = try sheet(LabelSheet.Options(sample: 10, seed: 3))
        let c = try sheet(LabelSheet.Options(sample: 10, seed: 4))
        #expect(a == b)
        #expect(a.rows.map { $0[0] } != c.rows.map { $0[0] })
        let ids = a.rows.map { $0[0] }
        #expect(Set(ids).count == 10)
        #expect(ids == ids.sorted(), "book ids sort in run order")
    }

    @Test("Stratified: each genre gets its proportional share, rounded by largest remainders, 12 in all")
    func stratified() throws {
        let run = try bookRun()
        let s = try sheet(LabelSheet.Options(sample: 12, seed: 1, stratifyBy: "metadata.genre"))
        #expect(s.rows.count == 12)
        var population: [String: Int] = [:]
        for row in run.rows { population[row.metadata["genre"]?.string ?? "", default: 0] += 1 }
        var drawn: [String: Int] = [:]
        for row in s.rows { drawn[run.row(id: row[0])?.metadata["genre"]?.string ?? "", default: 0] += 1 }
        for (genre, count) in population {
            let share = Double(count) * 12 / Double(run.rows.count)
            let got = drawn[genre] ?? 0
            #expect(Double(got) >= share.rounded(.down) && Double(got) <= share.rounded(.up), "\(genre): \(got) for a share of \(share)")
        }
    }

    @Test("Overlap: every row for expert-a, K of them again for expert-b at the end; read back as two raters")
    func overlap() throws {
        let s = try sheet(LabelSheet.Options(sample: 8, seed: 5, overlap: 3))
        #expect(s.rows.count == 11)
        #expect(s.rows.prefix(8).allSatisfy { $0[3] == "expert-a" })
        #expect(s.rows.suffix(3).allSatisfy { $0[3] == "expert-b" })
        #expect(Set(s.rows.suffix(3).map { $0[0] }).isSubset(of: Set(s.rows.prefix(8).map { $0[0] })))
        let url = try SharedData.temporaryFolder("sheet").appendingPathComponent("x.labels.csv")
        try s.write(to: url)
        let labels = try ExpertLabels.load(from: [url], dimensions: try bookDimensions(), runIDs: Set(try bookRun().rows.map(\.id)))
        #expect(labels.raters == ["expert-a", "expert-b"])
        #expect(labels.labels.allSatisfy { $0.scores.isEmpty })
    }

    @Test("--context picks dotted paths; a short name that clashes keeps its whole path")
    func context() throws {
        let s = try sheet(LabelSheet.Options(context: ["input.review", "metadata.tone", "response.tags", "input.title"]))
        #expect(s.columns.suffix(4) == ["review", "tone", "tags", "title"])
        let clash = try sheet(LabelSheet.Options(context: ["input.title", "response.title"]))
        #expect(clash.columns.suffix(2) == ["input.title", "response.title"])
    }

    @Test("A sample larger than the run, an overlap larger than the sample, and a row without the strata field are errors")
    func errors() throws {
        #expect(throws: InputError.self) { try sheet(LabelSheet.Options(sample: 43)) }
        #expect(throws: InputError.self) { try sheet(LabelSheet.Options(sample: 2, overlap: 3)) }
        let error = try #require(throws: InputError.self) { try sheet(LabelSheet.Options(sample: 5, stratifyBy: "metadata.shelf")) }
        #expect(error.message.hasPrefix("row book-001 has no value for metadata.shelf"))
    }
}
