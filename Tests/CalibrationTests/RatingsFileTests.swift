import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// Reading a ratings file: tables of counts, JSON Lines field paths, groups,
/// ids, and the errors that name file, line and column.
@Suite("Reading a ratings file")
struct RatingsFileTests {
    @Test("a table of counts: one item per count, rows and columns as the raters; percent is the diagonal over n (24 of 30)")
    func contingencyTable() throws {
        let table = try RatingsFile.counts(",1,2,3\n1,10,2,0\n2,1,8,1\n3,0,2,6\n", file: "t.csv")
        #expect(table.itemCount == 30)
        #expect(table.scale == CategoryScale(1...3))
        #expect(table.groups.map(\.ratings?.raters) == [["rows", "columns"]])
        let percent = try AgreementReport(table, AgreementRequest(statistic: .percentAgreement)).only()
        #expect(percent.estimate.value == 0.8)
        #expect(percent.estimate.n == 30)
        #expect(throws: InputError(file: "u.csv", line: 2, column: "2", message: "'x' is not a count (a non-negative integer)")) {
            try RatingsFile.counts(",1,2\n1,3,x\n2,0,1\n", file: "u.csv")
        }
        let swapped = InputError(
            file: "s.csv", line: 3, column: "",
            message: "this row is labelled '3'; expected '2', the header's category number 2 (rows follow the header's order)")
        #expect(throws: swapped, "the line is the file's, the number the header's; no row number stands for a line") {
            try RatingsFile.counts(",1,2,3\n1,1,0,0\n3,0,1,0\n2,0,0,1\n", file: "s.csv")
        }
    }

    @Test("JSON Lines with dotted paths; null is missing and counted as excluded; a rating off the scale names its field")
    func jsonLines() throws {
        let text =
            "{\"id\": 1, \"s\": {\"a\": 1, \"b\": 1}}\n{\"id\": 2, \"s\": {\"a\": 3, \"b\": null}}\n{\"id\": 3, \"s\": {\"a\": 2, \"b\": 3}}\n"
        let ratings = try RatingsFile.columns(
            text, file: "r.jsonl", format: .jsonl, raters: ["s.a", "s.b"], id: "id", scale: CategoryScale(1...3))
        #expect(ratings.groups.map(\.ratings?.ratings) == [[[1, 3, 2], [1, nil, 3]]])
        let percent = try AgreementReport(ratings, AgreementRequest(statistic: .percentAgreement)).only()
        #expect(percent.estimate.value == 0.5)
        #expect(percent.estimate.n == 2)
        #expect(percent.excluded == 1)
        let off = InputError(file: "r.jsonl", line: 2, column: "s.a", message: "3 is not on the scale 1, 2")
        #expect(throws: off) {
            try RatingsFile.columns(text, file: "r.jsonl", format: .jsonl, raters: ["s.a", "s.b"], scale: CategoryScale(1...2))
        }
        #expect(off.description == "r.jsonl line 2, column s.a: 3 is not on the scale 1, 2")
    }

    @Test("groups in order of appearance, one figure each; a group with no pairs is undefined with its reason")
    func groups() throws {
        let ratings = try RatingsFile.columns(
            "id,a,b,g\nx,1,2,p\ny,,3,q\nz,2,2,p\n", file: "g.csv", raters: ["a", "b"], groupBy: "g", scale: CategoryScale(1...3))
        let report = try AgreementReport(ratings, AgreementRequest(statistic: .percentAgreement))
        #expect(report.rows.map(\.group) == ["p", "q"])
        #expect(report.rows.first?.measurement.estimate.value == 0.5)
        #expect(report.rows.last?.measurement.estimate.value == nil)
        #expect(report.rows.last?.measurement.estimate.undefinedReason?.code == "no-data")
        #expect(report.text().contains("q      a · b   percent       —  0         1  no paired ratings to compare"))
    }

    @Test("a value that does not parse names file, line and column, quoted as found")
    func badValue() throws {
        let error = InputError(file: "bad.csv", line: 3, column: "a", message: "'two\nlines' is not a number")
        #expect(throws: error) {
            try RatingsFile.columns("id,a,b\nx,1,2\ny,\"two\nlines\",2\nz,abc,3\n", file: "bad.csv", raters: ["a", "b"])
        }
        #expect(error.description == "bad.csv line 3, column a: 'two\nlines' is not a number")
    }

    @Test("a malformed CSV: an unterminated quote and a short row name their lines")
    func malformed() throws {
        let open = try #require(throws: InputError.self) {
            try RatingsFile.columns("id,a,b\nx,1,2\ny,\"3,2\n", file: "open.csv", raters: ["a", "b"])
        }
        #expect(open.description.hasPrefix("open.csv line 3, column 3: an unterminated quoted field starting at line 3, column 3"))
        let ragged = try #require(throws: InputError.self) {
            try RatingsFile.columns("a,b\n1,2\n3\n", file: "r.csv", raters: ["a", "b"])
        }
        #expect(ragged.description.hasSuffix("line 3: this row has 1 field, but the header has 2 columns"))
    }

    @Test("a duplicate id names both lines")
    func duplicateID() throws {
        let error = InputError(
            file: "dup.csv", line: 4, column: "id", message: "the id 'x' was already used on line 2; ids must be unique")
        #expect(throws: error) {
            try RatingsFile.columns("id,a,b\nx,1,2\ny,2,2\nx,3,3\n", file: "dup.csv", raters: ["a", "b"], id: "id")
        }
    }
}
