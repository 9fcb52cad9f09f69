import CalibrationData
import RunImports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// `align --judge-scores X.jsonl` and `import` of JSON Lines read the file as it streams
/// (`JSONLinesReader.forEachLine`, one record parsed at a time): what a reading of the
/// whole document gave, errors with their line and column included, also where a line
/// crosses the reader's 4 MiB window.
@Suite("Streamed JSON Lines judge scores and imports")
struct StreamedJSONLinesReadingTests {
    func write(_ text: String, _ name: String) throws -> URL {
        try SharedData.temporaryFile(text, named: name, in: "streamed-jsonl")
    }

    /// Records of `record(i)` up to just before `ByteSource.defaultChunkSize`, then `bad` (indented)
    /// across the window's end, then more: the text, the line `bad` is on, and that line.
    static func crossingWindow(_ record: (Int) -> String, bad: String) -> (text: String, line: Int, badLine: String) {
        var text = ""
        var line = 0
        while text.utf8.count + 100 < ByteSource.defaultChunkSize {
            line += 1
            text += record(line) + "\n"
        }
        let padding = ByteSource.defaultChunkSize - text.utf8.count - bad.utf8.count / 2
        let badLine = String(repeating: " ", count: max(0, padding)) + bad
        text += badLine + "\n"
        line += 1
        return (text + (1...20).map { record(line + $0) + "\n" }.joined(), line, badLine)
    }

    /// The error the whole-document parser gives for `bad` alone on `line`.
    static func parseError(_ bad: String, line: Int, file: String) -> InputError? {
        do {
            _ = try JSONValue.parse(Data(bad.utf8), file: file, firstLine: line, exactLargeNumbers: true)
            return nil
        } catch {
            return error as? InputError
        }
    }

    @Test("Judge scores: a byte-order mark, CRLF, a blank last line, and a dimension first met on a later record")
    func judgeScores() throws {
        let text =
            "\u{FEFF}{\"id\":\"a\",\"Quality\":4,\"Quality_rationale\":\"fine\"}\r\n\r\n{\"id\":2,\"Quality\":null}\r\n"
            + "{\"id\":\"c\",\"Quality\":2.5,\"Depth\":1}\r\n   \r\n"
        let scores = try ExternalJudgeScores.load(from: try write(text, "s.scores.jsonl"))
        #expect(scores.dimensions == ["Quality", "Depth"])
        #expect(scores.ids == ["a", "2", "c"])
        #expect(scores.lines == ["a": 1, "2": 3, "c": 4])
        #expect(scores.scores["Quality"] == ["a": JudgeScore(4, rationale: "fine"), "c": JudgeScore(2.5, rationale: nil)])
        #expect(scores.failures["Quality"] == ["2": "no score"])
        #expect(scores.scores["Depth"] == ["c": JudgeScore(1, rationale: nil)])
        #expect(scores.failures["Depth"] == ["a": "no score", "2": "no score"], "records before the dimension's first have no score")
    }

    @Test(
        "Judge scores: errors name their line and column, a malformed record before an earlier bad id",
        arguments: [
            ("{\"id\":\"a\",\"q\":1}\n{\"id\":\"a\",\"q\":2}\n{\"id\":\"b\",\"q\":}\n", 3, "15", "not valid JSON: expected a value"),
            ("{\"id\":\"a\",\"q\":1}\n{\"id\":\"a\",\"q\":2}\n", 2, "id", "a already has scores on line 1"),
            ("{\"id\":\"a\",\"q\":1}\n[1]\n", 2, nil, "is not a JSON object"),
            ("{\"id\":\"a\",\"q\":true}\n{\"id\":\"a\"}\n", 1, "q", "'true' is not a number or a level's label"),
            ("{\"id\":\"a\"}\r\n{\"id\":\"b\",\"q_rationale\":\"r\"}\r\n", 1, nil, "has no dimension columns"),
            ("{\"id\":\"a\",\"q\":1}\n{\"id\":\" \",\"q\":2}\n", 2, "id", "the id is blank"),
        ] as [(String, Int, String?, String)])
    func judgeScoreErrors(_ text: String, _ line: Int, _ column: String?, _ message: String) throws {
        try StreamedSheetReadingTests.expectJudgeScoreError(
            in: try write(text, "bad.scores.jsonl"), line: line, column: column, message: message)
    }

    @Test("Judge scores: an empty or blank file is empty, whatever its extension")
    func emptyScores() throws {
        for text in ["", "\u{FEFF}", " \r\n\n"] {
            let error = try #require(throws: InputError.self) { try ExternalJudgeScores.load(from: try write(text, "e.scores.jsonl")) }
            #expect(error.message.hasPrefix("is empty"))
        }
    }

    @Test("Judge scores: a malformed record across the reader's window names its line and column as the document parser does")
    func judgeScoresAcrossWindow() throws {
        let bad = "{\"id\":\"bad\",\"q\":[1,}"
        let file = try Self.crossingWindow({ "{\"id\":\"r\($0)\",\"q\":\($0 % 5 + 1)}" }, bad: bad)
        let error = try #require(throws: InputError.self) {
            try ExternalJudgeScores.load(from: try write(file.text, "w.scores.jsonl"))
        }
        #expect(error == Self.parseError(file.badLine, line: file.line, file: error.file))
        #expect(error.line == file.line)
        let good = try Self.crossingWindow({ "{\"id\":\"r\($0)\",\"q\":\($0 % 5 + 1)}" }, bad: "{\"id\":\"mid\",\"q\":2}")
        let scores = try ExternalJudgeScores.load(from: try write(good.text, "g.scores.jsonl"))
        #expect(scores.lines["mid"] == good.line)
        #expect(scores.ids.count == good.line + 20)
    }

    @Test("import JSON Lines: a byte-order mark, CRLF, blank lines, a blank last line; the format still detected")
    func importLines() throws {
        let text =
            "\u{FEFF}{\"id\":\"r1\",\"input\":{\"q\":1},\"response\":\"a\",\"note\":\"n\"}\r\n\r\n"
            + "{\"id\":12345678901234567891,\"input\":\"x\",\"response\":{\"b\":2},\"expected\":3}\r\n  \r\n"
        let url = try write(text, "i.jsonl")
        let format = try RunImporter.detectFormat(of: url)
        #expect(format == .jsonRecords(FieldMapping()))
        let run = try RunImporter.importRun(from: url, format: format)
        #expect(run.rows.map(\.id) == ["r1", "12345678901234567891"])
        #expect(run.rows[0].input == .object(["q": .number(1)]))
        #expect(run.rows[0].metadata == ["note": .string("n")])
        #expect(run.rows[1].expected == .number(3))
    }

    @Test("import JSON Lines: an empty file holds no rows; a malformed record before an earlier missing field")
    func importErrors() throws {
        let empty = try #require(throws: InputError.self) {
            try RunImporter.importRun(from: try write("\n\r\n", "e.jsonl"), format: .jsonRecords(FieldMapping()))
        }
        #expect(empty.message.hasPrefix("holds no rows"))
        let bad = "{\"id\":2,\"input\":1,\"response\":nul}"
        let both = try #require(throws: InputError.self) {
            try RunImporter.importRun(
                from: try write("{\"id\":1,\"input\":1}\n" + bad + "\n", "b.jsonl"), format: .jsonRecords(FieldMapping()))
        }
        #expect(both == Self.parseError(bad, line: 2, file: both.file), "the record that is not JSON, not line 1's missing response")
        let missing = try #require(throws: RunImporter.ImportError.self) {
            try RunImporter.importRun(
                from: try write("{\"id\":1,\"input\":1,\"response\":2}\n{\"id\":2,\"input\":1}\n", "m.jsonl"),
                format: .jsonRecords(FieldMapping()))
        }
        #expect(missing.line == 2)
        #expect(missing.column == "response")
    }

    @Test("import JSON Lines: a malformed record across the reader's window names its line and column; content ids stay unique")
    func importAcrossWindow() throws {
        let bad = "{\"input\":\"q\",\"response\":\"\\x\"}"
        let record = { (i: Int) in "{\"input\":\"q\(i)\",\"response\":\"answer \(i)\"}" }
        let file = Self.crossingWindow(record, bad: bad)
        let error = try #require(throws: InputError.self) {
            try RunImporter.importRun(from: try write(file.text, "w.jsonl"), format: .jsonRecords(FieldMapping(id: nil)))
        }
        #expect(error == Self.parseError(file.badLine, line: file.line, file: error.file))
        #expect(error.line == file.line)
        let good = Self.crossingWindow(record, bad: record(0))
        let run = try RunImporter.importRun(from: try write(good.text, "g.jsonl"), format: .jsonRecords(FieldMapping(id: nil)))
        #expect(run.rows.count == good.line + 20)
        #expect(run.rows[good.line - 1].input == .string("q0"))
    }
}
