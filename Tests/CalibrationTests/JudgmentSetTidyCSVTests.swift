import CalibrationData
import DataFormats
import Foundation
import Testing
import _TestSupport

@Suite("The tidy judgments CSV opens in a spreadsheet as text, not formulas")
struct JudgmentSetTidyCSVTests {
    @Test("An id, rationale and label beginning with = + - @ are written after a ' and read back exactly; a score of -2 as it is")
    func formulaCells() throws {
        let file = #"""
            {"judgments":{"model":"@m","rubric":"tone","run":"r"}}
            {"id":"=1+1","model":"@m","promptHash":"h","rawReplies":["x"],"retries":0,"scores":[{"dimension":"Tone","fellBack":false,"label":"-2","rationale":"=HYPERLINK(\"http://x\",\"y\")","score":-2}]}
            {"id":"-2+3","model":"@m","promptHash":"h","rawReplies":["x"],"retries":0,"scores":[{"dimension":"Tone","fellBack":false,"label":"+","rationale":"@SUM(A1)","score":2}]}

            """#
        let url = try SharedData.temporaryFolder("tidy").appendingPathComponent("t.judgments.jsonl")
        try file.write(to: url, atomically: true, encoding: .utf8)
        let csv = try JudgmentSet.load(from: url).tidyCSV(dimensions: ["Tone"])
        #expect(
            csv == """
                id,dimension,rater,score,label,rationale,failure,confidence
                '=1+1,Tone,judge:@m,-2,-2,"'=HYPERLINK(""http://x"",""y"")",,
                '-2+3,Tone,judge:@m,2,'+,'@SUM(A1),,

                """)
        let table = try CSVReader().read(Data(csv.utf8), file: "t.csv")
        #expect((0..<2).map { CSVWriter.spreadsheetOriginal(table[$0, 0]) } == ["=1+1", "-2+3"])
        #expect(CSVWriter.spreadsheetOriginal(table[0, 5]) == #"=HYPERLINK("http://x","y")"#)
        #expect(table[0, 3] == "-2", "a number is never changed")
    }
}
