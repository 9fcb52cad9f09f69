import CalibrationData
import RunImports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// The judge-scores CSV, the label sheets and `import`'s CSV are read as they stream
/// (`CSVReader.forEachRow`, a cell's bytes turned into text only where text is kept):
/// what a table of every cell used to give, byte-order mark, CRLF, quoted line breaks
/// and errors with their line and column included.
@Suite("Streamed label sheets, judge scores and CSV imports")
struct StreamedSheetReadingTests {
    func write(_ text: String, _ name: String) throws -> URL {
        try SharedData.temporaryFile(text, named: name, in: "streamed")
    }

    static let bom = "\u{FEFF}"

    @Test("Judge scores: a byte-order mark, CRLF, a quoted rationale over two lines and padded cells read as written")
    func judgeScores() throws {
        let text =
            Self.bom + "id , Quality,quality_rationale\r\n a ,4,\"fine\r\nand \"\"clear\"\"\"\r\nb,\t2.5 ,\r\n\"c\",,none\r\n"
        let scores = try ExternalJudgeScores.load(from: try write(text, "s.scores.csv"))
        #expect(scores.dimensions == ["Quality"])
        #expect(scores.ids == ["a", "b", "c"])
        #expect(scores.lines == ["a": 2, "b": 4, "c": 5], "the quoted line break counts as a line")
        #expect(scores.scores["Quality"]?["a"] == JudgeScore(4, rationale: "fine\r\nand \"clear\""))
        #expect(scores.scores["Quality"]?["b"] == JudgeScore(2.5, rationale: nil))
        #expect(scores.failures["Quality"] == ["c": "no score"])
    }

    @Test(
        "Judge scores: a malformed or ragged row, a bad score and a repeated id name their line and column",
        arguments: [
            ("id,q\na,1\nb,2\"\n", 3, "4", "a quote inside an unquoted field"),
            ("id,q\na,1\nb,2,3\n", 3, nil, "this row has 3 fields, but the header has 2 columns"),
            ("id,q\na,1\nb, inf \n", 3, "q", "'inf' is not a finite number"),
            ("id,q\na,1\n a ,2\n", 3, "id", "a already has scores on line 2"),
            ("id,q\n,1\n", 2, "id", "the id is blank"),
            ("id,q_rationale\na,x\n", 1, nil, "has no dimension columns"),
            ("q,r\n1,2\n", 1, nil, "has no id column"),
        ] as [(String, Int, String?, String)])
    func judgeScoreErrors(_ text: String, _ line: Int, _ column: String?, _ message: String) throws {
        try Self.expectJudgeScoreError(in: try write(text, "bad.scores.csv"), line: line, column: column, message: message)
    }

    /// Reading the judge-scores file at `url` fails at `line` and `column` with a message starting `message`
    /// (shared with the JSON Lines form's tests).
    static func expectJudgeScoreError(in url: URL, line: Int, column: String?, message: String) throws {
        let error = try #require(throws: InputError.self) { try ExternalJudgeScores.load(from: url) }
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message.hasPrefix(message), "\(error)")
    }

    @Test("Judge scores: a header alone has no scores, and says so without a line")
    func headerOnly() throws {
        let error = try #require(throws: InputError.self) { try ExternalJudgeScores.load(from: try write("id,q\r\n", "h.scores.csv")) }
        #expect(error.line == nil)
        #expect(error.message.hasPrefix("has no scores"))
    }

    static func dimensions() throws -> [ScoreDimension] {
        try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
    }

    func sheet(_ text: String) throws -> ExpertLabels {
        try ExpertLabels.read(Data(text.utf8), file: "s.labels.csv", defaultRater: "s", dimensions: try Self.dimensions())
    }

    @Test("Label sheet: a byte-order mark, CRLF, a quoted note over two lines, cells padded with tabs and no-break spaces")
    func labelSheet() throws {
        let text =
            Self.bom + "id,Relevance,usefulness,note,rater\r\nbook-001,\u{00A0}4\t,,\"two\r\nlines\",\r\nbook-002, 1 ,,,b\r\n"
        let labels = try sheet(text)
        #expect(labels.labels.map(\.id) == ["book-001", "book-002"])
        #expect(labels.labels.map(\.line) == [2, 4])
        #expect(labels.labels.map(\.rater) == ["s", "b"])
        #expect(labels.labels[0].note == "two\r\nlines")
        #expect(labels.labels[0].scores == ["Relevance": 4], "no-break space and tab trimmed as Foundation trims them")
        #expect(labels.labels[1].scores == ["Relevance": 1])
    }

    @Test("Label sheet: '=3 undone is not a level, named by its line and column")
    func spreadsheetPrefix() throws {
        let error = try #require(throws: InputError.self) { try sheet("id,relevance,usefulness\nbook-001,4,'=3\n") }
        #expect(error.line == 2)
        #expect(error.column == "usefulness")
        #expect(error.message == "'=3' is neither a number nor a level of the scale 1–4")
    }

    @Test("Label sheet: a malformed row after good ones names its line and column; a ragged row its line")
    func labelSheetErrors() throws {
        let quote = try #require(throws: InputError.self) { try sheet("id,relevance,usefulness\nbook-001,4,4\nbook-002,3\"x,4\n") }
        #expect(quote.line == 3)
        #expect(quote.column == "11")
        let ragged = try #require(throws: InputError.self) { try sheet("id,relevance,usefulness\r\nbook-001,4,4\r\nbook-002,3\r\n") }
        #expect(ragged.line == 3)
        #expect(ragged.message == "this row has 2 fields, but the header has 3 columns")
    }

    @Test("Label sheet: some sampling columns but not all is an error on the header, after 'has no labels' for a sheet without rows")
    func partialSampling() throws {
        let header = "id,relevance,usefulness,inclusion_probability\n"
        #expect(try #require(throws: InputError.self) { try sheet(header) }.message.hasPrefix("has no labels"))
        let error = try #require(throws: InputError.self) { try sheet(header + "book-001,4,4,0.5\n") }
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("has inclusion_probability but not sampling_strategy"))
    }

    @Test("Label sheet in long form (item,rater,score,dimension) still reads through its table")
    func longForm() throws {
        let labels = try sheet("item,rater,score,dimension\r\nbook-001,a,4,relevance\r\nbook-001,a,2,Usefulness\r\n")
        #expect(labels.labels.count == 1)
        #expect(labels.labels[0].scores == ["Relevance": 4, "Usefulness": 2])
    }

    @Test("import CSV: an empty cell is null, a JSON cell parsed, a quoted line break kept, with CRLF and a byte-order mark")
    func importCSV() throws {
        let text = Self.bom + "id,input,response,expected\r\nr1,\"{\"\"q\"\": 1}\",\"a\r\nb\",\r\nr2,plain,x,3\r\n"
        let run = try RunImporter.importRun(from: try write(text, "i.csv"), format: .csv(FieldMapping()))
        #expect(run.rows.map(\.id) == ["r1", "r2"])
        #expect(run.rows[0].input == .object(["q": .number(1)]))
        #expect(run.rows[0].response == .string("a\r\nb"))
        #expect(run.rows[0].expected == nil, "an empty cell is null, which is no expected value")
        #expect(run.rows[1].input == .string("plain"))
    }
}
