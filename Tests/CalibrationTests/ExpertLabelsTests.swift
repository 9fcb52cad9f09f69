import CalibrationData
import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing
import _TestSupport

/// The book-tags rubric's dimensions (Relevance, Usefulness, 1–4).
private func bookDimensions() throws -> [ScoreDimension] {
    try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
}

private func bookRunIDs() throws -> Set<String> {
    Set(try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl")).rows.map(\.id))
}

/// Reads `text` as a sheet named `sheet.labels.csv`.
private func read(_ text: String, runIDs: Set<String>? = nil, values: ExpertLabels.ValueMode = .levels) throws -> ExpertLabels {
    try ExpertLabels.read(
        Data(text.utf8), file: "sheet.labels.csv", defaultRater: "sheet", dimensions: try bookDimensions(), runIDs: runIDs, values: values)
}

private func readError(_ text: String, runIDs: Set<String>? = nil) throws -> InputError {
    try #require(throws: InputError.self) { try read(text, runIDs: runIDs) }
}

@Suite("Expert label sheets: reading")
struct ExpertLabelsTests {
    @Test("The book-tags sheets merge into two raters: 42 labels from expert-a, 16 from expert-b, scores as written")
    func sampleSheets() throws {
        let urls = ["calibration/book-tags.labels.csv", "calibration/book-tags.labels.expert-b.csv"].map(SharedData.projectURL)
        let labels = try ExpertLabels.load(from: urls, dimensions: try bookDimensions(), runIDs: try bookRunIDs())
        #expect(labels.raters == ["expert-a", "expert-b"])
        #expect(labels.labels.count == 58)
        let a = labels.scores(dimension: "Relevance", rater: "expert-a")
        let b = labels.scores(dimension: "Usefulness", rater: "expert-b")
        #expect(a.count == 42)
        #expect(a["book-004"] == 2)
        #expect(b["book-004"] == 2)
        #expect(labels.scores(dimension: "Relevance", rater: "expert-b")["book-004"] == 1)
        let book003 = try #require(labels.labels.first { $0.id == "book-003" && $0.rater == "expert-a" })
        #expect(book003.line == 4)
        #expect(book003.note?.hasPrefix("Judgment call") == true)
        #expect(book003.file == "calibration/book-tags.labels.csv")
    }

    @Test("SummEval's averaged expert scores: an error as levels, accepted as means within 1–5")
    func means() throws {
        let url = SharedData.projectURL("calibration/summeval-sample.labels.csv")
        let dimensions = try Rubric.load(from: SharedData.projectURL("rubrics/summeval.md")).dimensions
        let error = try #require(throws: InputError.self) { try ExpertLabels.load(from: [url], dimensions: dimensions) }
        #expect(error.line == 2)
        #expect(error.column == "relevance")
        #expect(error.message.hasPrefix("3.3333333333333335 is not on the scale 1–5"))
        let labels = try ExpertLabels.load(from: [url], dimensions: dimensions, values: .means)
        #expect(labels.labels.count == 48)
        #expect(labels.raters == ["summeval-experts-mean"])
        #expect(labels.scores(dimension: "Relevance", rater: "summeval-experts-mean")["88c2481234e7-M0"] == 3.3333333333333335)
        let outside = try #require(throws: InputError.self) {
            try read("id,relevance,usefulness\nbook-001,4.5,1\n", values: .means)
        }
        #expect(outside.message == "4.5 is not on the scale 1–4")
    }

    @Test("Headers match dimensions without regard to case; context columns are ignored; no rater column names the rater after the file")
    func headers() throws {
        let labels = try read("title,USEFULNESS,Id,Relevance,tags\nA book,3,book-001,,x\n")
        #expect(labels.labels.count == 1)
        #expect(labels.labels[0].rater == "sheet")
        #expect(labels.labels[0].scores == ["Usefulness": 3], "a blank cell is a missing score")
        #expect(ExpertLabels.defaultRater(for: URL(fileURLWithPath: "/x/book-tags.labels.csv")) == "book-tags")
    }

    @Test("A value off the scale names file, line and column: 'sheet.labels.csv line 3, column usefulness: 5 is not on the scale 1–4'")
    func offScale() throws {
        let error = try readError("id,relevance,usefulness\nbook-001,4,4\nbook-002,3,5\n")
        #expect(error.description.hasPrefix("sheet.labels.csv line 3, column usefulness: 5 is not on the scale 1–4"))
    }

    @Test("A value that is not a number is an error naming the cell")
    func notANumber() throws {
        let error = try readError("id,relevance,usefulness\nbook-001,four,4\n")
        #expect(error.line == 2)
        #expect(error.column == "relevance")
        #expect(error.message == "'four' is neither a number nor a level of the scale 1–4")
    }

    @Test("An id that is not a row of the run is an error")
    func unknownID() throws {
        let error = try readError("id,relevance,usefulness\nbook-001,4,4\nbook-999,1,1\n", runIDs: try bookRunIDs())
        #expect(error.line == 3)
        #expect(error.column == "id")
        #expect(error.message == "book-999 is not a row of the run")
    }

    @Test("A duplicate (id, rater) pair names the first line, within a sheet and across sheets; the same id for two raters is fine")
    func duplicates() throws {
        let inSheet = try readError("id,relevance,usefulness,rater\nbook-001,4,4,a\nbook-001,3,3,b\nbook-001,2,2,a\n")
        #expect(inSheet.line == 4)
        #expect(inSheet.message.hasPrefix("book-001 was already labelled by a on line 2"))
        let url = SharedData.projectURL("calibration/book-tags.labels.expert-b.csv")
        let copy = try SharedData.temporaryFolder("labels").appendingPathComponent("copy.labels.csv")
        try FileManager.default.copyItem(at: url, to: copy)
        let across = try #require(throws: InputError.self) {
            try ExpertLabels.load(from: [url, copy], dimensions: try bookDimensions())
        }
        #expect(across.line == 2)
        #expect(across.file.hasSuffix("copy.labels.csv"))
        #expect(across.message.contains("on calibration/book-tags.labels.expert-b.csv line 2"))
    }

    @Test("One sheet given twice is named once as given twice, not as every row labelled twice on its own line")
    func sameSheetTwice() throws {
        let url = SharedData.projectURL("calibration/book-tags.labels.expert-b.csv")
        let twice = try #require(throws: InputError.self) {
            try ExpertLabels.load(from: [url, url], dimensions: try bookDimensions())
        }
        #expect(twice.description == "calibration/book-tags.labels.expert-b.csv: is given twice; give each label sheet once")
        let link = try SharedData.temporaryFolder("labels").appendingPathComponent("link.labels.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        let aliased = try #require(throws: InputError.self) {
            try ExpertLabels.load(from: [url, link], dimensions: try bookDimensions())
        }
        #expect(aliased.line == nil)
        #expect(aliased.message == "is given twice (also as calibration/book-tags.labels.expert-b.csv); give each label sheet once")
    }

    @Test("A rubric dimension without a column, a sheet without an id column, and an empty sheet are errors")
    func structure() throws {
        let missing = try readError("id,relevance,rater\nbook-001,4,a\n")
        #expect(missing.line == 1)
        #expect(missing.message.hasPrefix("has no column for the rubric dimension Usefulness"))
        let noID = try readError("row,relevance,usefulness\nbook-001,4,4\n")
        #expect(noID.message.hasPrefix("has no id column"))
        #expect(try readError("id,relevance,usefulness\n").message.hasPrefix("has no labels"))
        #expect(throws: InputError.self) { try read("") }
    }

    @Test(
        "Two columns matching one dimension or one of the sheet's own columns are refused, naming both; never one kept silently",
        arguments: [
            (
                "id,relevance,usefulness,Relevance\nbook-001,4,4,1\n", "Relevance",
                "the columns relevance (column 2) and Relevance (column 4) both match the dimension Relevance; keep one column for it"
            ),
            (
                "id,relevance,usefulness, USEFULNESS \nbook-001,4,4,1\n", " USEFULNESS ",
                "the columns usefulness (column 3) and  USEFULNESS  (column 4) both match the dimension Usefulness; keep one column for it"
            ),
            (
                "id,relevance,usefulness,ID\nbook-001,4,4,book-002\n", "ID",
                "the columns id (column 1) and ID (column 4) both match the sheet's id column; keep one column for it"
            ),
            (
                "id,relevance,usefulness,rater,Rater\nbook-001,4,4,a,b\n", "Rater",
                "the columns rater (column 4) and Rater (column 5) both match the sheet's rater column; keep one column for it"
            ),
        ])
    func twoColumnsForOne(_ text: String, _ column: String, _ message: String) throws {
        let error = try readError(text)
        #expect(error.file == "sheet.labels.csv")
        #expect(error.line == 1)
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test("Dimensions equal without regard to case, or named like a column of the sheet, are refused before any row is read")
    func dimensionNames() throws {
        let scale = try bookDimensions()[0].scale
        let twins = [
            ScoreDimension("Relevance", description: "", scale: scale), ScoreDimension("relevance", description: "", scale: scale),
        ]
        let error = try #require(throws: InputError.self) {
            try ExpertLabels.read(Data("id,relevance\nbook-001,4\n".utf8), file: "s.csv", defaultRater: "s", dimensions: twins)
        }
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("the dimensions Relevance and relevance differ only in case"))
        let note = try #require(throws: InputError.self) {
            try ExpertLabels.load(
                from: [SharedData.projectURL("calibration/book-tags.labels.csv")], dimensionNames: ["Relevance", "Note"])
        }
        #expect(note.message.hasPrefix("the dimension Note would be read from the sheet's own note column"))
    }
}
