import CalibrationData
import DataFormats
import Foundation
import Testing
import _TestSupport

@Suite("A frozen run read row by row: the rows and errors of one read whole")
struct FrozenRunFileTests {
    static let header = #"{"run": {"name": "demo", "info": {"Model": "m"}}}"#

    /// The error `body` throws, or `nil`.
    static func error(_ body: () throws -> Any?) -> InputError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? InputError
        }
    }

    @Test(
        "Each sample run gives the rows, ids and information of the run read whole",
        arguments: ["notebooks-data/book-tags.run.jsonl", "notebooks-data/summeval-sample.run.jsonl"])
    func sameRows(path: String) throws {
        let url = SharedData.projectURL(path)
        let whole = try FrozenRun.load(from: url)
        let file = try #require(try FrozenRunFile.open(url))
        #expect(file.info == whole.info)
        #expect(file.ids == whole.ids)
        #expect(try file.ids.indices.map { try file.row(at: $0) } == whole.rows)
        #expect(Self.error { try file.row(at: file.ids.count) }?.message.contains("has no row at position") == true)
    }

    @Test(
        "A blank line, CRLF and a byte-order mark read as they do whole; a bad file fails with the same error",
        arguments: [
            "\u{FEFF}" + header + "\r\n\r\n" + #"{"id": "a", "input": 1, "response": 2}"# + "\r\n"
                + #"{"id": "b", "input": [1], "response": {"x": "é"}}"#,
            header + "\n" + #"{"id": "a", "input": 1, "response": 2}"# + "\n" + #"{"id": "a", "input": 3, "response": 4}"#,
            header + "\n\n" + #"{"id": "a", "input": 1}"#,
            header + "\n" + #"{"id": "a", "input": 1, "response": 2"#,
            "",
            #"{"id": "a", "input": 1, "response": 2}"#,
            header + "\n",
        ])
    func sameAsWhole(text: String) throws {
        let url = try SharedData.temporaryFile(text, named: "run.jsonl", in: "run-file")
        let whole = Result { try FrozenRun.load(from: url) }
        let file = Result { try FrozenRunFile.open(url) }
        switch (whole, file) {
        case (.success(let run), .success(let opened?)):
            #expect(opened.ids == run.ids)
            #expect(try opened.ids.indices.map { try opened.row(at: $0) } == run.rows)
        case (.failure(let expected), .failure(let got)):
            #expect(got as? InputError == expected as? InputError)
            #expect(expected is InputError)
        default:
            Issue.record("whole: \(whole), row by row: \(file)")
        }
    }

    @Test("A run written as one JSON array is left to be read whole")
    func array() throws {
        let url = try SharedData.temporaryFile(
            "[" + Self.header + ", " + #"{"id": "a", "input": 1, "response": 2}"# + "]", named: "run.json", in: "run-file")
        #expect(try FrozenRunFile.open(url) == nil)
    }
}
