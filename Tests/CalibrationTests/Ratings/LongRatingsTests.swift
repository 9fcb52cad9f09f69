import AgreementCoefficients
import Calibration
import CalibrationData
import DataFormats
import Foundation
import Judging
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

private func long(_ text: String, format: RecordFormat = .csv) throws -> LongRatings {
    try LongRatings.read(Data(text.utf8), file: "long.csv", format: format)
}

private func bookDimensions() throws -> [ScoreDimension] {
    try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
}

@Suite("Long ratings (item, rater, score[, dimension]) for agreement and align")
struct LongRatingsTests {
    static let text = """
        item,rater,dimension,score
        i1,ann,q,1
        i1,bob,q,1
        i2,ann,q,2
        i2,bob,q,3
        i3,ann,q,3
        i3,bob,q,3
        i4,bob,q,2
        i1,ann,r,4

        """

    @Test("One group per dimension, raters and items in order of first appearance, a rating not given is missing")
    func groups() throws {
        let file = try RatingsFile.long(try long(Self.text), scale: CategoryScale(1...4))
        #expect(file.groups.map(\.key) == ["q", "r"])
        #expect(file.groupsAreDimensions)
        #expect(file.itemCount == 4)
        let q = try #require(file.groups[0].ratings)
        #expect(q.raters == ["ann", "bob"])
        #expect(q.ratings == [[1, 2, 3, nil], [1, 3, 3, 2]])
        #expect(file.groups[1].ratings?.ratings == [[4], [nil]], "bob did not rate r: missing, not left out")
        // The same kappa as the wide columns would give.
        let wide = try RatingsFile.columns(
            .data(Data("ann,bob\n1,1\n2,3\n3,3\n,2\n".utf8)), file: "wide.csv", format: .csv, raters: ["ann", "bob"],
            scale: CategoryScale(1...4))
        let request = AgreementRequest(statistic: try #require(AgreementStatistic.named("cohen-kappa")), weights: .quadratic)
        let fromLong = try AgreementReport(file, request: request).rows.first { $0.group == "q" }?.measurement.estimate.value
        let fromWide = try AgreementReport(wide, request: request).rows.first?.measurement.estimate.value
        #expect(fromLong != nil && fromLong == fromWide)
    }

    @Test("Without a dimension column one unnamed group; JSON Lines with the first record's fields; id for item")
    func plainAndJSONLines() throws {
        let plain = try RatingsFile.long(try long("ID,Rater,Score\na,x,1\na,y,2\n"))
        #expect(plain.groups.map(\.key) == [nil])
        #expect(!plain.groupsAreDimensions)
        let json = try long(#"{"item": "a", "rater": "x", "score": 2}"# + "\n" + #"{"item": "a", "rater": "y", "score": null}"# + "\n", format: .jsonl)
        #expect(json.entries.map(\.score) == ["2", ""])
        #expect(!json.hasDimension)
    }

    @Test("Errors name file, line and column: missing columns, blank rater, a rating given twice, a score off the scale")
    func errors() throws {
        let missing = try #require(throws: InputError.self) { try long("item,score\na,1\n") }
        #expect(missing.line == 1 && missing.message.contains("expected the columns item (or id), rater, score"))
        let blank = try #require(throws: InputError.self) { try long("item,rater,score\na, ,1\n") }
        #expect(blank.line == 2 && blank.column == "rater")
        let twice = try #require(throws: InputError.self) { try long("item,rater,score\na,x,1\nb,x,1\na,x,2\n") }
        #expect(twice.line == 4 && twice.column == "item" && twice.message == "a was already rated by x on line 2; each rating is given once")
        let off = try #require(throws: InputError.self) {
            try RatingsFile.long(try long("item,rater,score\na,x,1\na,y,7\n"), scale: CategoryScale(1...4))
        }
        #expect(off.line == 3 && off.column == "score" && off.message.contains("7"))
    }

    @Test("align --labels reads a long sheet: the same labels as the wide sheet, scores on the rubric's scale")
    func labels() throws {
        let wide = "id,relevance,usefulness,rater\nbook-001,4,3,ann\nbook-002,2,,ann\nbook-001,3,3,bob\n"
        let longText = """
            item,rater,dimension,score
            book-001,ann,Relevance,4
            book-001,ann,usefulness,3
            book-002,ann,relevance,2
            book-001,bob,relevance,3
            book-001,bob,usefulness,3

            """
        let dimensions = try bookDimensions()
        let a = try ExpertLabels.read(Data(wide.utf8), file: "w.csv", defaultRater: "w", dimensions: dimensions)
        let b = try ExpertLabels.read(Data(longText.utf8), file: "l.csv", defaultRater: "l", dimensions: dimensions)
        for rater in ["ann", "bob"] {
            for d in dimensions.map(\.name) { #expect(a.scores(dimension: d, rater: rater) == b.scores(dimension: d, rater: rater)) }
        }
        #expect(b.labels.map(\.line) == [2, 4, 5], "each label at its first line")
    }

    @Test("A long sheet's errors: an unknown dimension, an item not in the run, no dimension column for two dimensions, off the scale")
    func labelErrors() throws {
        let dimensions = try bookDimensions()
        func error(_ text: String, runIDs: Set<String>? = nil) throws -> InputError {
            try #require(throws: InputError.self) {
                try ExpertLabels.read(Data(text.utf8), file: "l.csv", defaultRater: "l", dimensions: dimensions, runIDs: runIDs)
            }
        }
        let unknown = try error("item,rater,dimension,score\nbook-001,a,tone,3\n")
        #expect(unknown.line == 2 && unknown.column == "dimension" && unknown.message.contains("tone is not a dimension"))
        let stranger = try error("id,rater,dimension,score\nbook-999,a,relevance,3\n", runIDs: ["book-001"])
        #expect(stranger.line == 2 && stranger.column == "id" && stranger.message == "book-999 is not a row of the run")
        let undimensioned = try error("item,rater,score\nbook-001,a,3\n")
        #expect(undimensioned.line == 1 && undimensioned.message.contains("add a dimension column"))
        let off = try error("item,rater,dimension,score\nbook-001,a,relevance,9\n")
        #expect(off.line == 2 && off.column == "score")
        let twice = try error("item,rater,dimension,score\nbook-001,a,relevance,3\nbook-001,a,Relevance,2\n")
        #expect(twice.line == 3 && twice.message.contains("already rated by a on Relevance"))
    }
}
