import AgreementCoefficients
@testable import CalibrationData
@testable import RunImports
import DataFormats
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

/// Writes `text` to a fresh folder as `name` and returns its URL.
private func file(_ name: String, _ text: String) throws -> URL {
    let url = try SharedData.temporaryFolder("ratings").appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

@Suite("Human ratings imported with a run: --label-columns and JUDGE-BENCH's individual scores, written as a label sheet")
struct ImportedRatingsTests {
    static let export = """
        key,review,tags,human,second,note
        b1,Dark and witty.,noir,4,,a
        b2,Bees.,bees,2,3,b
        b3,Rain.,weather,,,c

        """

    @Test("CSV label columns: one sheet column per dimension, blank cells no rating, the fields kept out of metadata")
    func csvColumns() throws {
        let url = try file("export.csv", Self.export)
        let imported = try RunImporter.importRun(
            from: url, format: .csv(FieldMapping(id: "key", input: ["review"], response: "tags")),
            labelColumns: ["relevance=human", "second"])
        #expect(imported.run.rows.count == 3)
        #expect(imported.run.rows.allSatisfy { $0.metadata["human"] == nil && $0.metadata["second"] == nil })
        #expect(imported.run.rows[0].metadata["note"] == .string("a"), "an unmapped column stays metadata")
        let ratings = try #require(imported.ratings)
        #expect(ratings.dimensions == ["relevance", "second"])
        #expect(ratings.ratedRows == 2, "b3 has no rating and is not in the sheet")
        let sheet = LabelSheet(ratings: ratings)
        #expect(sheet.csv == "id,relevance,second,rater,note\nb1,4,,,\nb2,2,3,,\n")
        // The sheet reads back as labels of the sheet's default rater.
        let labels = try ExpertLabels.read(
            Data(sheet.csv.utf8), file: "export.labels.csv", defaultRater: "export",
            dimensions: [], runIDs: Set(imported.run.rows.map(\.id)))
        #expect(labels.labels.map(\.id) == ["b1", "b2"])
        let named = try ExpertLabels.load(
            from: [try file("export.labels.csv", sheet.csv)], dimensionNames: ["Relevance", "second"])
        #expect(named.scores(dimension: "Relevance", rater: "export") == ["b1": 4, "b2": 2])
        #expect(named.scores(dimension: "second", rater: "export") == ["b2": 3])
    }

    @Test("Run and sheet written together beside the run; the summary names the sheet and its rows")
    func writesBeside() throws {
        let url = try file("export.csv", Self.export)
        let format = RunFormat.csv(FieldMapping(id: "key", input: ["review"], response: "tags"))
        let runPath = url.deletingLastPathComponent().appendingPathComponent("books.run.jsonl").path
        let imported = try RunImporter.importAndSave(from: url, format: format, name: nil, output: runPath, scores: nil, labelColumns: ["human"])
        let sheetPath = try #require(imported.labelSheet)
        #expect(sheetPath.hasSuffix("/books.labels.csv"))
        #expect(try String(contentsOfFile: sheetPath, encoding: .utf8) == "id,human,rater,note\nb1,4,,\nb2,2,,\n")
        #expect(try FrozenRun.load(from: URL(fileURLWithPath: runPath)).rows.count == 3)
        let json = try JSONValue.parse(Data(RunImporter.summary(of: imported, format: format, from: "export.csv", into: runPath, json: true).utf8))
        #expect(json["labels"]?.string == sheetPath && json["labelled"]?.double == 2 && json["rows"]?.double == 3)
        let text = RunImporter.summary(of: imported, format: format, from: "export.csv", into: runPath, json: false)
        #expect(text.hasSuffix("\nwrote 2 labels of 2 rows by 1 rater on 1 dimension into \(sheetPath)"))
        #expect(ImportedRun.labelSheetPath(besideRun: "runs/x.jsonl") == "runs/x.labels.csv")
        #expect(ImportedRun.labelSheetPath(besideRun: "x.json") == "x.labels.csv")
    }

    @Test("JSON Lines label paths: a nested field, a label's text; an object is an error naming line and field")
    func jsonLines() throws {
        let good = try file("export.jsonl", """
            {"id": "a", "input": "q", "response": "r", "human": {"score": "pass", "who": "x"}}
            {"id": "b", "input": "q2", "response": "r2", "human": {"score": null}}

            """)
        let imported = try RunImporter.importRun(from: good, format: .jsonRecords(FieldMapping()), labelColumns: ["verdict=human.score"])
        #expect(imported.ratings?.ratings == [.init(id: "a", rater: "", dimension: "verdict", value: "pass")])
        #expect(imported.run.rows[0].metadata["human"] == .object(["who": .string("x")]), "the label's siblings stay")
        let bad = try file("bad.jsonl", "{\"id\": \"a\", \"input\": 1, \"response\": 2, \"human\": [1]}\n")
        let error = try #require(throws: InputError.self) {
            try RunImporter.importRun(from: bad, format: .jsonRecords(FieldMapping()), labelColumns: ["human"])
        }
        #expect(error.line == 1 && error.column == "human")
        #expect(error.message == "[1] is not a rating; expected a number or a level's label")
        let none = try file("none.jsonl", "{\"id\": \"a\", \"input\": 1, \"response\": 2}\n")
        let empty = try #require(throws: RunImporter.ImportError.self) {
            try RunImporter.importRun(from: none, format: .jsonRecords(FieldMapping()), labelColumns: ["human"])
        }
        #expect(empty.message.contains("no record has a value in human"))
    }

    @Test("Label columns given wrongly are option errors: twice, mapped to the row, a reserved name, a fixed format")
    func optionErrors() throws {
        let url = try file("export.csv", Self.export)
        let mapping = FieldMapping(id: "key", input: ["review"], response: "tags")
        for columns in [["human", "human"], ["tags"], ["id=human"]] {
            #expect(throws: LabelSheet.SettingsError.self, "\(columns)") {
                try RunImporter.importRun(from: url, format: .csv(mapping), labelColumns: columns)
            }
        }
        #expect(throws: LabelSheet.SettingsError.self) { try LabelColumn.parse(["human"], format: .xcodeResult) }
        #expect(try LabelColumn.parse([], format: .xcodeResult).isEmpty)
    }

    /// JUDGE-BENCH Newsroom, imported with its individual human scores.
    static let newsroom = try? RunImporter.importRun(
        from: SharedData.url("data/judge-bench/newsroom__newsroom.json"), format: .judgeBench, labelColumns: [])

    @Test("JUDGE-BENCH Newsroom: 3 annotators × 420 rows × 4 metrics; the sheet gives the published Krippendorff alpha")
    func judgeBench() throws {
        let imported = try #require(Self.newsroom)
        let ratings = try #require(imported.ratings)
        #expect(ratings.dimensions == ["Informativeness", "Relevance", "Fluency", "Coherence"])
        #expect(ratings.ratedRows == 420)
        #expect(Set(ratings.ratings.map(\.rater)) == ["annotator-1", "annotator-2", "annotator-3"])
        let sheet = try file("newsroom.labels.csv", LabelSheet(ratings: ratings).csv)
        let labels = try ExpertLabels.load(
            from: [sheet],
            dimensions: ratings.dimensions.map {
                ScoreDimension($0, description: "", scale: .numeric(Dictionary(uniqueKeysWithValues: (1...5).map { ($0, "\($0)") })))
            },
            runIDs: Set(imported.run.rows.map(\.id)))
        #expect(labels.labels.count == 1260)
        // Published (JUDGE-BENCH, recomputed_alpha.json): ordinal alpha per metric, to 4 decimals.
        for (metric, published) in [("Informativeness", 0.2849), ("Relevance", 0.1151), ("Fluency", -0.0158), ("Coherence", 0.0650)] {
            let raters = labels.raters.map { labels.scores(dimension: metric, rater: $0) }
            let units = imported.run.rows.map { row in raters.map { $0[row.id] } }
            let alpha = try KrippendorffAlpha(unitsByRaters: units, scale: CategoryScale(1...5), metric: .ordinal).alpha.value
            #expect(abs((alpha ?? .nan) - published) <= 5e-5, "\(metric): \(alpha ?? .nan) vs \(published)")
        }
    }

    @Test("JUDGE-BENCH: --label-columns keeps the named metrics; a metric the file lacks is an option error; categorical labels kept")
    func judgeBenchMetrics() throws {
        let url = SharedData.url("data/judge-bench/roscoe__roscoe-gsm8k-overall.json")
        let chosen = try RunImporter.importRun(from: url, format: .judgeBench, labelColumns: ["Missing Steps"])
        let ratings = try #require(chosen.ratings)
        #expect(ratings.dimensions == ["Missing Steps"])
        #expect(Set(ratings.ratings.map(\.dimension)) == ["Missing Steps"])
        #expect(!ratings.ratings.isEmpty && ratings.ratings.allSatisfy { !$0.value.isEmpty })
        let error = try #require(throws: LabelSheet.SettingsError.self) {
            try RunImporter.importRun(from: url, format: .judgeBench, labelColumns: ["Overall"])
        }
        #expect(error.message.contains("has no metric Overall; its metrics are Overall Quality"))
    }

    @Test("Two different rows whose content hashes collide: an error saying so and suggesting --id, not 'same content'")
    func collision() throws {
        var run = try FrozenRun(info: RunInfo(name: "r"), rows: [])
        let first = FrozenRow(id: "r-0000000000000001", input: .string("a"), response: .string("x"))
        try RunImporter.appendContentIdentified(first, to: &run, file: "e.jsonl", line: 1, column: nil, remedy: .text("remove it"))
        let other = FrozenRow(id: first.id, input: .string("b"), response: .string("y"))
        let collided = try #require(throws: RunImporter.ImportError.self) {
            try RunImporter.appendContentIdentified(other, to: &run, file: "e.jsonl", line: 2, column: nil, remedy: .text("remove it"))
        }
        #expect(collided.line == 2)
        #expect(collided.message.contains("differ, but their contents hash to the same id r-0000000000000001"))
        #expect(JudgeCal.message(for: collided)?.contains("--id") == true)
        let same = FrozenRow(id: first.id, input: .string("a"), response: .string("x"))
        let repeated = try #require(throws: InputError.self) {
            try RunImporter.appendContentIdentified(same, to: &run, file: "e.jsonl", line: 3, column: nil, remedy: .text("remove it"))
        }
        #expect(repeated.message.contains("has the same input and response as the row on line 1"))
        #expect(run.rows.count == 1, "neither the collided nor the repeated row was added")
    }
}
