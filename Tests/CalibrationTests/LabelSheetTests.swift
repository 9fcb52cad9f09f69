import CalibrationData
import DataFormats
import EvaluationCore
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

private func sheet(_ options: LabelSheet.Settings) throws -> LabelSheet {
    try LabelSheet(run: try bookRun(), dimensions: try bookDimensions(), options: options)
}

@Suite("Expert label sheets: writing for extract")
struct LabelSheetTests {
    @Test("Every row by default: id, the dimensions, rater, note, then input and response fields; never metadata")
    func defaults() throws {
        let s = try sheet(LabelSheet.Settings())
        #expect(
            s.columns == [
                "id", "relevance", "usefulness", "rater", "note", "author", "review", "title", "tags", "inclusion_probability",
                "sampling_strategy", "sampling_batch", "sampling_stratum", "sampling_check",
            ])
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
        let a = try sheet(LabelSheet.Settings(sample: 10, seed: 3))
        let b = try sheet(LabelSheet.Settings(sample: 10, seed: 3))
        let c = try sheet(LabelSheet.Settings(sample: 10, seed: 4))
        #expect(a == b)
        #expect(a.rows.map { $0[0] } != c.rows.map { $0[0] })
        let ids = a.rows.map { $0[0] }
        #expect(Set(ids).count == 10)
        #expect(ids == ids.sorted(), "book ids sort in run order")
    }

    @Test("Stratified: each genre gets its proportional share, rounded by largest remainders, 12 in all")
    func stratified() throws {
        let run = try bookRun()
        let s = try sheet(LabelSheet.Settings(sample: 12, seed: 1, stratifyBy: "metadata.genre"))
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
        let s = try sheet(LabelSheet.Settings(sample: 8, seed: 5, overlap: 3))
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
        let s = try sheet(LabelSheet.Settings(context: ["input.review", "metadata.tone", "response.tags", "input.title"]))
        #expect(s.columns.dropLast(5).suffix(4) == ["review", "tone", "tags", "title"])
        let clash = try sheet(LabelSheet.Settings(context: ["input.title", "response.title"]))
        #expect(clash.columns.dropLast(5).suffix(2) == ["input.title", "response.title"])
    }

    @Test("A sample larger than the run, an overlap larger than the sample, and a row without the strata field are errors")
    func errors() throws {
        #expect(throws: LabelSheet.DrawError.self) { try sheet(LabelSheet.Settings(sample: 43)) }
        #expect(throws: LabelSheet.DrawError.self) { try sheet(LabelSheet.Settings(sample: 2, overlap: 3)) }
        let error = try #require(throws: InputError.self) { try sheet(LabelSheet.Settings(sample: 5, stratifyBy: "metadata.shelf")) }
        #expect(error.message.hasPrefix("row book-001 has no value for metadata.shelf"))
    }
}

/// Two levels, enough for a sheet's column.
private func dimension(_ name: String) -> ScoreDimension {
    ScoreDimension(name, description: "", scale: .numeric([1: "bad", 2: "good"]))
}

/// A run of three small rows with these ids.
private func run(ids: [String]) throws -> FrozenRun {
    try FrozenRun(
        info: RunInfo(name: "tiny"),
        rows: ids.map { FrozenRow(id: $0, input: .object(["id": .string("in-\($0)"), "text": .string("t")]), response: .string("r")) },
        file: "tiny.run.jsonl")
}

@Suite("Expert label sheets: what extract writes, the importer reads back")
struct LabelSheetRoundTripTests {
    /// The sheets extract accepts: each read back by ExpertLabels with its ids, raters and the scores filled in.
    static let accepted: [(String, [String], LabelSheet.Settings)] = [
        ("the defaults", ["a", "b", "c"], LabelSheet.Settings()),
        ("a field named id inside the row, headed by its whole path", ["a", "b", "c"], LabelSheet.Settings(context: ["input.id"])),
        ("overlap: two raters", ["a", "b", "c"], LabelSheet.Settings(sample: 3, seed: 2, overlap: 2)),
        ("ids with a comma, a quote, inner spaces and a line break", ["a,1", "say \"hi\"", "two words", "x\ny"], LabelSheet.Settings()),
        ("a sample of one", ["a", "b", "c"], LabelSheet.Settings(sample: 1, seed: 9)),
    ]

    @Test("Accepted sheets read back as written", arguments: accepted.indices)
    func roundTrip(_ index: Int) throws {
        let (_, ids, options) = Self.accepted[index]
        let dimensions = [dimension("Clarity"), dimension("Tone")]
        let run = try run(ids: ids)
        let sheet = try LabelSheet(run: run, dimensions: dimensions, options: options)
        // The expert's work: the first dimension scored 2 and the second 1 on every row.
        var filled = sheet.rows
        for r in filled.indices {
            filled[r][1] = "2"
            filled[r][2] = "1"
        }
        let writer = CSVWriter()
        let text = writer.record(sheet.columns) + filled.map { writer.record($0) }.joined()
        let labels = try ExpertLabels.read(
            Data(text.utf8), file: "tiny.labels.csv", defaultRater: "tiny", dimensions: dimensions, runIDs: Set(ids))
        #expect(labels.labels.map(\.id) == sheet.rows.map { $0[0] })
        #expect(labels.labels.map(\.rater) == sheet.rows.map { $0[3].isEmpty ? "tiny" : $0[3] })
        #expect(labels.labels.allSatisfy { $0.scores == ["Clarity": 2, "Tone": 1] })
    }

    @Test(
        "Dimensions that cannot have a column of their own are refused, naming the rubric",
        arguments: [
            (["id"], "the dimension id would be read from the sheet's own id column"),
            (["Rater"], "the dimension Rater would be read from the sheet's own rater column"),
            (["Clarity", "NOTE"], "the dimension NOTE would be read from the sheet's own note column"),
            (
                ["Clarity", "clarity"],
                "the dimensions Clarity and clarity differ only in case, so both would be read from one column clarity"
            ),
        ])
    func refusedDimensions(_ names: [String], _ message: String) throws {
        let error = try #require(throws: InputError.self) {
            try LabelSheet(run: try run(ids: ["a"]), dimensions: names.map(dimension), rubricFile: "r.md")
        }
        #expect(error.file == "r.md")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test(
        "Options that would make a sheet the importer misreads are refused",
        arguments: [
            (LabelSheet.Settings(sample: 0), "--sample 0 draws no rows, and the importer refuses a sheet without rows"),
            (LabelSheet.Settings(context: ["id"]), "--context id would head a column named like the sheet's own id column"),
            (LabelSheet.Settings(context: ["RATER"]), "--context RATER would head a column named like the sheet's own rater column"),
            (LabelSheet.Settings(context: ["Clarity"]), "--context Clarity would head a column named like the dimension column clarity"),
            (LabelSheet.Settings(context: ["input.text", "input.text"]), "--context names input.text twice"),
        ])
    func refusedOptions(_ options: LabelSheet.Settings, _ message: String) throws {
        let error = try #require(throws: LabelSheet.SettingsError.self) {
            try LabelSheet(run: try run(ids: ["a", "b"]), dimensions: [dimension("Clarity")], options: options)
        }
        let words = JudgeCal.message(for: error) ?? ""
        #expect(words.hasPrefix(message), "\(words)")
    }

    @Test(
        "An id and a context cell beginning with = + - @ ' are written inert for a spreadsheet and read back exactly; a number as it is",
        arguments: ["=1+1", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "'=quoted", "-2", "+7", "-0.5e3"])
    func spreadsheetCells(_ text: String) throws {
        let dimensions = [ScoreDimension("Tone", description: "", scale: .numeric([-2: "cold", 0: "neutral", 2: "warm"]))]
        let run = try FrozenRun(
            info: RunInfo(name: "tiny"),
            rows: [text, "plain"].map { FrozenRow(id: $0, input: .object(["text": .string(text)]), response: .string("r")) },
            file: "tiny.run.jsonl")
        let sheet = try LabelSheet(run: run, dimensions: dimensions)
        let isNumber = Double(text) != nil
        let written = try CSVReader().read(Data(sheet.csv.utf8), file: "tiny.labels.csv")
        #expect(written.columns.dropLast(5) == ["id", "tone", "rater", "note", "text", "response"])
        for cell in [written[0, 0], written[0, 4], written[1, 4]] {
            #expect(cell == (isNumber ? text : "'" + text), "the written cell is inert: a number, or text after a '")
        }
        // The expert scores both rows -2, the lowest level, as a spreadsheet would save it.
        let filled = sheet.csv.replacingOccurrences(of: ",,,", with: ",-2,,")
        let labels = try ExpertLabels.read(
            Data(filled.utf8), file: "tiny.labels.csv", defaultRater: "tiny", dimensions: dimensions, runIDs: [text, "plain"])
        #expect(labels.labels.map(\.id) == [text, "plain"])
        #expect(labels.labels.map { $0.scores["Tone"] } == [-2, -2])
    }

    @Test("Ids with spaces around them are refused, naming the run and the id", arguments: [" a", "a ", "\ta"])
    func refusedIDs(_ id: String) throws {
        let error = try #require(throws: InputError.self) {
            try LabelSheet(run: try run(ids: ["b", id]), dimensions: [dimension("Clarity")], file: "tiny.run.jsonl")
        }
        #expect(error.file == "tiny.run.jsonl")
        #expect(
            error.message
                == "the row id '\(id)' starts or ends with white space or an invisible character, which the label importer trims, so labels for it would not match the row; import the run again with ids that have none"
        )
    }
}
