import Calibration
import CalibrationData
import RunImports
import CalibrationReports
import DataFormats
import EvaluationCore
import Foundation
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

/// Issue #11: every JSON path is depth-checked and located; imports change nothing silently.
@Suite("Hostile imports, runs, judge scores, judgments and reports")
struct HostileImportTests {
    static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    static let deepObject = #"{"a": "# + deep + "}"

    func write(_ text: String, _ name: String) throws -> URL {
        try write(Data(text.utf8), name)
    }

    func write(_ data: Data, _ name: String) throws -> URL {
        let url = try SharedData.temporaryFolder("hostile").appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func importError(_ text: String, _ name: String, format: RunFormat) throws -> InputError? {
        let url = try write(text, name)
        return #expect(throws: InputError.self) { try RunImporter.importRun(from: url, format: format) }
    }

    // MARK: - 100,000 levels deep, every path

    @Test(
        "A 100,000-deep document is malformed input in every import format, not a stack overflow",
        arguments: [
            ("deep.jsonl", RunFormat.jsonRecords(FieldMapping()), #"{"id": "a", "input": 1, "response": 2}"# + "\n" + deep),
            ("deep-result.json", .evaluationResult, deepObject),
            ("deep-history.jsonl", .evaluationResult, #"{"name": "x"}"# + "\n" + deepObject),
            ("deep-xcode.json", .xcodeResult, #"{"results": "# + deep + "}"),
            ("deep-judge-bench.json", .judgeBench, #"{"instances": "# + deep + #", "annotations": []}"#),
        ])
    func deepImports(name: String, format: RunFormat, text: String) throws {
        let error = try importError(text, name, format: format)
        #expect(error?.message.contains("at most 512 levels") == true, "\(String(describing: error))")
    }

    @Test("Format detection of a 100,000-deep document is malformed input too")
    func deepDetection() throws {
        let url = try write(Self.deep, "deep-detect.json")
        #expect(throws: InputError.self) { try RunImporter.detectFormat(of: url) }
    }

    @Test("A run, a judge-scores file, a judgments file and a report 100,000 deep are each malformed input")
    func deepFiles() throws {
        let run = try write(#"{"run": {"name": "r", "info": {}}}"# + "\n" + Self.deepObject, "deep.run.jsonl")
        let runError = #expect(throws: InputError.self) { try FrozenRun.load(from: run) }
        #expect(runError?.line == 2)
        let scores = try write(#"{"id": "a", "q": 1}"# + "\n" + Self.deepObject, "deep.scores.jsonl")
        #expect(throws: InputError.self) { try ExternalJudgeScores.load(from: scores) }
        let judgments = try write(
            #"{"judgments": {"run": "r", "rubric": "q", "model": "m"}}"# + "\n" + Self.deepObject, "deep.judgments.jsonl")
        let judgmentsError = #expect(throws: InputError.self) { try JudgmentSet.load(from: judgments) }
        #expect(judgmentsError?.message.contains("at most 512 levels") == true)
        let report = #expect(throws: InputError.self) { try ReportDocument(json: Data(Self.deepObject.utf8), file: "deep.json") }
        #expect(report?.message.contains("at most 512 levels") == true)
    }

    // MARK: - Run rows through the locating parser

    @Test("A bad byte in a run row names its line, column and what was expected, not a decoder's type")
    func runRowSyntax() throws {
        let url = try write(#"{"run": {"name": "r", "info": {}}}"# + "\n" + #"{"id": "a", "input": 1, "response": 2,}"#, "comma.run.jsonl")
        let error = #expect(throws: InputError.self) { try FrozenRun.load(from: url) }
        #expect(error?.line == 2)
        #expect(error?.column == "39")
        #expect(error?.message.contains("expected a member name") == true, "\(String(describing: error))")
        let numberID = try write(#"{"run": {"name": "r", "info": {}}}"# + "\n" + #"{"id": 7, "input": 1, "response": 2}"#, "n.run.jsonl")
        let idError = #expect(throws: InputError.self) { try FrozenRun.load(from: numberID) }
        #expect(idError?.column == "id")
        #expect(idError?.message.contains("not a string") == true)
    }

    @Test(
        "NaN, Infinity and numbers beyond a Double in a JSON Lines import or judge scores are malformed, with file and line",
        arguments: ["NaN", "Infinity", "-Infinity", "1e999"])
    func nonFinite(token: String) throws {
        let text = #"{"id": "a", "input": 1, "response": 2}"# + "\n" + #"{"id": "b", "input": 1, "response": "# + token + "}"
        let error = try importError(text, "nan.jsonl", format: .jsonRecords(FieldMapping()))
        #expect(error?.file.hasSuffix("nan.jsonl") == true)
        #expect(error?.line == 2)
        let scores = try write(#"{"id": "a", "q": 1}"# + "\n" + #"{"id": "b", "q": "# + token + "}", "nan.scores.jsonl")
        let scoreError = #expect(throws: InputError.self) { try ExternalJudgeScores.load(from: scores) }
        #expect(scoreError?.line == 2)
    }

    @Test("inf and nan in a judge-scores CSV are malformed with their line and column", arguments: ["inf", "nan", "-Infinity"])
    func nonFiniteCSV(cell: String) throws {
        let url = try write("id,q\na,1\nb,\(cell)\n", "inf.scores.csv")
        let error = #expect(throws: InputError.self) { try ExternalJudgeScores.load(from: url) }
        #expect(error?.line == 3)
        #expect(error?.column == "q")
    }

    // MARK: - Nothing changes silently

    @Test("Text that is not UTF-8 in an import is an error with line and column, not replaced")
    func invalidUTF8() throws {
        let json = Data(Array(#"{"id": "a", "input": "caf"#.utf8) + [0xE9] + Array(#"", "response": 2}"#.utf8))
        let jsonError = #expect(throws: InputError.self) {
            try RunImporter.importRun(from: try write(json, "latin1.jsonl"), format: .jsonRecords(FieldMapping()))
        }
        #expect(jsonError?.line == 1)
        #expect(jsonError?.column == "26")
        let csv = Data(Array("id,input,response\na,caf".utf8) + [0xE9] + Array(",2\n".utf8))
        let csvError = #expect(throws: InputError.self) {
            try RunImporter.importRun(from: try write(csv, "latin1.csv"), format: .csv(FieldMapping()))
        }
        #expect(csvError?.line == 2)
        #expect(csvError?.column == "6")
    }

    @Test(
        "A number of 2^53 or more keeps its digits as written, as an id (with or without --id) and in metadata; below 2^53 it stays a number"
    )
    func longNumbers() throws {
        let rows = [
            #"{"id": 12345678901234567891, "input": 1, "response": 2, "big": -9007199254740993, "small": 9007199254740991}"#,
            #"{"id": 9007199254740992, "input": 1, "response": 3, "tags": [18446744073709551617, 1e300, 0.5]}"#,
            #"{"id": "12345678901234567892", "input": 1, "response": 4, "nested": {"n": 12345678901234567893}}"#,
        ]
        let url = try write(rows.joined(separator: "\n"), "long.jsonl")
        let run = try RunImporter.importRun(from: url, format: .jsonRecords(FieldMapping()))
        #expect(run.rows.map(\.id) == ["12345678901234567891", "9007199254740992", "12345678901234567892"])
        #expect(run.rows[0].metadata == ["big": .string("-9007199254740993"), "small": .number(9_007_199_254_740_991)])
        #expect(run.rows[1].metadata["tags"] == .array([.string("18446744073709551617"), .string("1e300"), .number(0.5)]))
        // Without --id the number is an unmapped field, so metadata keeps it as written.
        let unmapped = try RunImporter.importRun(from: url, format: .jsonRecords(FieldMapping(id: nil)))
        let writtenIDs = ["12345678901234567891", "9007199254740992", "12345678901234567892"]
        #expect(unmapped.rows.map { $0.metadata["id"] } == writtenIDs.map(JSONValue.string))
        #expect(unmapped.rows[2].metadata["nested"] == .object(["n": .string("12345678901234567893")]))
        // A run file written and read again keeps the digits; so does a run file written by hand with the number.
        let saved = try SharedData.temporaryFolder("hostile").appendingPathComponent("long.run.jsonl")
        try unmapped.save(to: saved)
        #expect(try FrozenRun.load(from: saved) == unmapped)
        let header = #"{"run": {"name": "h", "info": {}}}"#
        let byHand = try write(header + "\n" + #"{"id": "a", "input": {"n": 12345678901234567891}, "response": 1}"#, "hand.run.jsonl")
        #expect(try FrozenRun.load(from: byHand).rows[0].input == .object(["n": .string("12345678901234567891")]))
        // Judge scores name the same row by the same digits.
        let scores = try ExternalJudgeScores.load(from: try write(#"{"id": 12345678901234567891, "q": 1}"#, "long.scores.jsonl"))
        #expect(scores.ids == ["12345678901234567891"])
        // A score that large is refused by its digits, not quoted as text.
        let tooLarge = try #require(throws: InputError.self) {
            try ExternalJudgeScores.load(from: try write(#"{"id": "a", "q": 12345678901234567891}"#, "large.scores.jsonl"))
        }
        #expect(tooLarge.message.hasPrefix("12345678901234567891 is not a usable score: it is 2^53 or more"))
        // An id that is not a whole number is refused with the number as written.
        let error = try importError(#"{"id": 2.5, "input": 1, "response": 2}"#, "fraction.jsonl", format: .jsonRecords(FieldMapping()))
        #expect(error?.column == "id")
        #expect(error?.message.contains("the id 2.5 is not a string or a whole number") == true)
    }

    @Test("Two identical rows without --id are refused, naming both and suggesting --id")
    func identicalRows() throws {
        let row = #"{"input": "same", "response": "same"}"#
        let url = try write(row + "\n" + row, "twice.jsonl")
        let error = #expect(throws: RunImporter.ImportError.self) {
            try RunImporter.importRun(from: url, format: .jsonRecords(FieldMapping(id: nil)))
        }
        #expect(error?.line == 2)
        #expect(error?.message.contains("same input and response as the row on line 1,") == true)
        #expect(error.flatMap(JudgeCal.message(for:))?.contains("--id") == true)
    }

    @Test("Several --input paths are nested by their dots, so a template can address input.a.b")
    func nestedInputs() throws {
        let text = #"{"id": "r", "a": {"b": 1, "x": 0}, "c": {"d": "two"}, "e": 3, "response": 4}"#
        let run = try RunImporter.importRun(
            from: try write(text, "nested.jsonl"), format: .jsonRecords(FieldMapping(input: ["a.b", "c.d", "e"])))
        #expect(run.rows[0].input == .object(["a": .object(["b": .number(1)]), "c": .object(["d": .string("two")]), "e": .number(3)]))
        #expect(run.rows[0].json.value(atPath: "input.a.b") == .number(1))
        // The fields read as input are not repeated in metadata; their siblings are kept.
        #expect(run.rows[0].metadata == ["a": .object(["x": .number(0)])])
    }

    @Test("A field mapped by a dotted path leaves metadata, its siblings stay, an object emptied by it goes, an array stays whole")
    func mappedFieldsLeaveMetadata() throws {
        let text =
            #"{"k": {"id": "r1", "source": "s"}, "q": {"text": "Q", "lang": "en"}, "out": {"answer": {"text": "A"}}, "#
            + #""turns": [{"c": "t"}], "metadata": {"genre": "g", "gold": 1}, "m": 2}"#
        let mapping = FieldMapping(id: "k.id", input: ["q.text", "turns.0.c"], response: "out.answer.text", expected: "metadata.gold")
        let run = try RunImporter.importRun(from: try write(text, "mapped.jsonl"), format: .jsonRecords(mapping))
        let row = try #require(run.rows.first)
        #expect(row.id == "r1")
        #expect(row.input == .object(["q": .object(["text": .string("Q")]), "turns": .object(["0": .object(["c": .string("t")])])]))
        #expect(row.response == .string("A"))
        #expect(row.expected == .number(1))
        #expect(
            row.metadata == [
                "k": .object(["source": .string("s")]), "q": .object(["lang": .string("en")]),
                "turns": .array([.object(["c": .string("t")])]), "genre": .string("g"), "m": .number(2),
            ])
    }

    @Test("The same --input path twice, or one inside another, is refused without a trap", arguments: [["a", "a"], ["a", "a.b"]])
    func clashingInputs(paths: [String]) throws {
        #expect(FieldMapping(input: paths).problem != nil)
        let text = #"{"id": "r", "a": {"b": 1}, "response": 4}"#
        let error = try importError(text, "clash.jsonl", format: .jsonRecords(FieldMapping(input: paths)))
        #expect(error?.message.contains("cannot map the records") == true)
    }

    @Test("An EvaluationResult's expected value that is not JSON text is kept as a string, not dropped")
    func expectedText() throws {
        let sample = SampleOutcome(
            index: 0, prompt: "p", expected: "Book(title: Emma)", response: #"{"tags": ["x"]}"#, metrics: [],
            inferenceError: nil, evaluatorErrors: [])
        let result = EvaluationResult(
            name: "e", info: [:], startedAt: Date(timeIntervalSince1970: 0), endedAt: Date(timeIntervalSince1970: 1),
            samples: [sample], aggregates: [], errors: ErrorSummary())
        let url = try SharedData.temporaryFolder("hostile").appendingPathComponent("expected.json")
        try result.save(to: url)
        let run = try RunImporter.importRun(from: url, format: .evaluationResult)
        #expect(run.rows[0].expected == .string("Book(title: Emma)"))
        #expect(run.rows[0].response == .object(["tags": .array([.string("x")])]))
    }

    // MARK: - Reports are validated before they are drawn

    static func reportJSON() throws -> JSONValue {
        let ids = (0..<8).map { "r\($0)" }
        let values: [Double] = [1, 2, 3, 4, 1, 2, 3, 4]
        let report = try AlignmentReport(
            AlignmentInput(
                info: AlignmentInfo(run: "mini"), runRowIDs: ids,
                dimensions: [
                    .init(
                        name: "q", scale: CategoryScale(1...4),
                        judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, values.map { JudgeScore($0) }))),
                        expertLabels: zip(ids, values).map { ExpertLabel(rowID: $0, value: $1) })
                ]),
            options: AlignmentSettings(resamples: 0))
        return try JSONValue.parse(try ReportDocument.alignment(report).json())
    }

    /// `value` with the value at a dotted path (numbers index arrays) replaced by `new`.
    static func setting(_ path: String, to new: JSONValue, in value: JSONValue) -> JSONValue {
        setting(path.split(separator: ".").map(String.init)[...], to: new, in: value)
    }

    static func setting(_ path: ArraySlice<String>, to new: JSONValue, in value: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        switch value {
        case .object(var o):
            o[step] = setting(path.dropFirst(), to: new, in: o[step] ?? .null)
            return .object(o)
        case .array(var a):
            guard let i = Int(step), a.indices.contains(i) else { return value }
            a[i] = setting(path.dropFirst(), to: new, in: a[i])
            return .array(a)
        default: return value
        }
    }

    @Test("A valid saved report passes validation and renders")
    func validReport() throws {
        let report = try ReportDocument(json: Data(try Self.reportJSON().compactJSON.utf8), file: "r.json")
        #expect(report.problem == nil)
        #expect(report.html.contains("confusion"))
    }

    @Test(
        "A report that does not fit together is refused before drawing, naming the JSON path",
        arguments: [
            ("dimensions.0.confusionMatrix.counts.2", JSONValue.array([.number(1)]), "dimensions[0].confusionMatrix.counts[2]"),
            ("dimensions.0.confusionMatrix.counts", .array([]), "dimensions[0].confusionMatrix.counts"),
            (
                "dimensions.0.confusionMatrix.counts.1.0", .number(-3),
                "dimensions[0].confusionMatrix.counts[1][0]"
            ),
            ("dimensions.0.confusionMatrix.labels", .array([.string("1")]), "dimensions[0].confusionMatrix.labels"),
            ("dimensions.0.counts.paired", .number(-1), "dimensions[0].counts.paired"),
            ("dimensions.0.scale.values", .array([]), "dimensions[0].scale.values"),
            ("dimensions.0.scale.labels", .array([.string("a")]), "dimensions[0].scale.labels"),
            (
                "dimensions.0.scale.values", .array([.number(1), .number(2), .number(2), .number(4)]),
                "dimensions[0].scale.values[2]"
            ),
            ("schemaVersion", .number(99), "schemaVersion"),
            (
                "dimensions.0.confusionMatrix.counts.0",
                .array([.number(9_000_000_000_000_000_000), .number(9_000_000_000_000_000_000), .number(0), .number(0)]),
                "dimensions[0].confusionMatrix.counts"
            ),
        ] as [(String, JSONValue, String)])
    func invalidReports(path: String, value: JSONValue, expectedPath: String) throws {
        let broken = Self.setting(path, to: value, in: try Self.reportJSON())
        let error = #expect(throws: InputError.self) { try ReportDocument(json: Data(broken.compactJSON.utf8), file: "bad.json") }
        #expect(error?.column?.hasPrefix(expectedPath) == true, "\(String(describing: error))")
        #expect(error?.message.contains("cannot render this report") == true || error?.message.contains("not an alignment") == true)
    }
}
