import Foundation
import Testing
import _TestSupport

/// Issue #11 at the command line: usage problems exit 64, bad input 65 with where it is.
@Suite("judgecal on hostile input: import mappings and reports that do not fit together")
struct HostileInputCommandTests {
    @Test("import --input with the same path twice, or one inside another, is a usage error (64), not a trap")
    func clashingInputs() throws {
        let export = try JudgeCalProcess.file("clash.jsonl", #"{"id": "r", "a": {"b": 1}, "response": 2}"#)
        for paths in ["a,a", "a,a.b"] {
            let r = try JudgeCalProcess.run(["import", export, "--input", paths, "-o", export + ".run.jsonl"])
            #expect(r.status == 64, "\(r.error)")
            #expect(r.error.contains("--input"))
        }
    }

    @Test("A label sheet's id holding an ESC sequence, a CR and a bell is quoted in the error with each shown, not obeyed")
    func controlCharactersInError() throws {
        let sheet = try JudgeCalProcess.file(
            "hostile.labels.csv", "id,relevance,usefulness\nbook-001,4,4\n\"x\u{1B}[2J\u{1B}]0;owned\u{07}\ry\",3,3\n\"x\u{1B}[2J\u{1B}]0;owned\u{07}\ry\",2,2\n")
        let r = try JudgeCalProcess.run([
            "align", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", sheet, "--no-history",
        ])
        #expect(r.status == 65, "\(r.error)")
        // A row outside the run is counted, not refused (a sheet may cover more than the run); labelled twice is an error.
        #expect(r.error.contains("hostile.labels.csv line 5, column id: x␛[2J␛]0;owned␇␍y was already labelled by hostile on line 3"), "\(r.error)")
        #expect(!r.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character but the line end")
    }

    @Test("report exits 65 naming the JSON path of a confusion matrix that does not fit its scale")
    func badMatrix() throws {
        let (path, _) = try ReportCommandTests.savedReport()
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: #""counts":[["#))
        text.replaceSubrange(range, with: #""counts":[[-1,0,0,0],["#)
        let bad = try JudgeCalProcess.file("bad-matrix.alignment.json", text)
        let r = try JudgeCalProcess.run(["report", bad, "--html", bad + ".html"])
        #expect(r.status == 65, "\(r.error)")
        #expect(
            r.error.contains("column dimensions[0].confusionMatrix.counts: cannot render this report: 5 rows for 4 labels"), "\(r.error)")
        #expect(!FileManager.default.fileExists(atPath: bad + ".html"))
    }
}
