import CalibrationData
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

@Suite("Expert labels from a Label Studio export")
struct ExpertLabelsLabelStudioTests {
    /// The real export of `Tests/Fixtures/label-studio` (see its README), read on the book-tags rubric.
    func recorded() throws -> ExpertLabels {
        let dimensions = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
        let runIDs = Set(try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl")).rows.map(\.id))
        return try ExpertLabels.load(
            from: [SharedData.projectURL("Tests/Fixtures/label-studio/book-tags.export.json")], dimensions: dimensions, runIDs: runIDs)
    }

    @Test("Three annotators by email; the skip left out and counted; the edit and the later of two annotations kept")
    func annotators() throws {
        let labels = try recorded()
        #expect(labels.raters == ["ada@example.com", "ben@example.com", "cy@example.com"])
        #expect(labels.labels.count == 8 + 8 + 7)
        #expect(labels.cancelledAnnotations == 1)
        #expect(labels.cancelledSentence == "1 Label Studio annotation was skipped or cancelled and left out.")
        // ben's third task was submitted as 1, 1 and edited to 2, 2; cy annotated the fourth 4, 4, then 3, 3.
        #expect(labels.scores(dimension: "Relevance", rater: "ben@example.com")["book-020"] == 2)
        #expect(labels.scores(dimension: "Usefulness", rater: "cy@example.com")["book-021"] == 3)
        #expect(labels.scores(dimension: "Relevance", rater: "cy@example.com")["book-011"] == nil, "cy skipped the first task")
    }

    @Test("Ground truth, lead time, the note and the sampling cells travel with each label")
    func carried() throws {
        let labels = try recorded()
        let ada = labels.labels.filter { $0.rater == "ada@example.com" }
        #expect(ada.map(\.groundTruth) == [false, true, false, false, false, false, false, false])
        #expect(ada.map(\.leadTime) == (10...17).map { Double($0) })
        #expect(ada.first?.note == "first")
        #expect(labels.labels.allSatisfy { $0.inclusionProbability == 8.0 / 42 && $0.samplingStrategy == .uniform })
        #expect(labels.sampling?.strategy == .uniform)
    }

    @Test("A sheet is still read as CSV, and an export is known by its first character as well as by its name")
    func detection() throws {
        let dimensions = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
        let export = #"  [{"id": 1, "data": {"row_id": "book-010"}, "annotations": [{"id": 2, "completed_by": 3, "result": []}]}]"#
        let labels = try ExpertLabels.read(Data(export.utf8), file: "export.txt", defaultRater: "x", dimensions: dimensions)
        #expect(labels.raters == ["3"])
        #expect(labels.labels.first?.scores.isEmpty == true)
        #expect(labels.cancelledAnnotations == 0)
        let sheet = try ExpertLabels.read(
            Data("id,relevance,usefulness\nbook-010,3,\n".utf8), file: "s.csv", defaultRater: "s", dimensions: dimensions)
        #expect(sheet.cancelledAnnotations == nil)
        #expect(sheet.labels.first?.leadTime == nil && sheet.labels.first?.groundTruth == nil)
    }
}
