import DataFormats
import Foundation
import Testing

/// Issue #11: bad input gets a located error and nothing is changed silently.
@Suite("Hostile input to the readers: byte-order marks, bad UTF-8, numbers beyond a Double, deep nesting")
struct HostileInputTests {
    static let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)

    @Test("A leading byte-order mark is skipped, by the parser and by the record splitter")
    func byteOrderMark() throws {
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))) == .object(["a": .number(1)]))
        let records = try JSONRecords.split(Data([0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8)), file: "a.json")
        #expect(records.map { String(decoding: $0.data, as: UTF8.self) } == ["1", "2"])
    }

    @Test("A byte that is not UTF-8 is an error with its line and column, not U+FFFD")
    func invalidUTF8() {
        let bytes = Array("{\"a\": 1,\n \"b\": \"x".utf8) + [0xFF] + Array("\"}".utf8)
        let error = #expect(throws: InputError.self) { try JSONValue.parse(Data(bytes), file: "bad.json") }
        #expect(error?.line == 2)
        #expect(error?.column == "9")
        #expect(error?.message.contains("expected UTF-8 text") == true)
        #expect(error?.message.contains("0xFF") == true)
    }

    @Test(
        "Overlong forms, surrogates and truncated sequences are not UTF-8; well-formed text is",
        arguments: [
            ([0xC0, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0x61, 0xE2, 0x82], 1), ([0xF4, 0x90, 0x80, 0x80], 0),
            ([0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80], nil),
        ] as [([UInt8], Int?)])
    func validation(bytes: [UInt8], firstInvalid: Int?) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidByte(in: $0) } == firstInvalid)
    }

    @Test(
        "Infinity, NaN and numbers beyond a Double are malformed, with their column",
        arguments: [
            ("[1, 1e999]", "5", "beyond"), ("[-1e400]", "2", "beyond"), ("[NaN]", "2", "expected a value"),
            ("[Infinity]", "2", "expected a value"), ("[-Infinity]", "3", "expected a digit"), ("[inf]", "2", "expected a value"),
        ])
    func nonFinite(text: String, column: String, expected: String) {
        let error = #expect(throws: InputError.self) { try JSONValue.parse(Data(text.utf8), file: "n.json") }
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("JSON Lines read by path go through the depth-checked parser: 100,000 levels is an error with its line")
    func tableDepth() throws {
        let data = Data(#"{"id": 1, "score": 2}"#.utf8 + [0x0A]) + Self.deep
        let error = #expect(throws: InputError.self) { try JSONRecords.table(data, paths: ["id"], file: "deep.jsonl") }
        #expect(error?.line == 2)
        #expect(error?.message.contains("at most 512 levels") == true)
    }

    @Test("A bad byte in a JSON Lines record names its line and column and what was expected")
    func tableSyntax() {
        let data = Data("{\"id\": 1, \"score\": 2}\n{\"id\": 2, \"score\": 3,}\n".utf8)
        let error = #expect(throws: InputError.self) { try JSONRecords.table(data, paths: ["id"], file: "s.jsonl") }
        #expect(error?.line == 2)
        #expect(error?.column == "22")
        #expect(error?.message.contains("expected a member name") == true)
    }

    @Test("A CSV byte that is not UTF-8 names its line and column")
    func csvUTF8() {
        let data = Data(Array("id,score\n1,2\n2,a".utf8) + [0xE9] + Array("\n".utf8))
        let error = #expect(throws: InputError.self) { try CSVReader().read(data, file: "s.csv") }
        #expect(error?.line == 3)
        #expect(error?.column == "4")
        #expect(error?.message.contains("0xE9 is not UTF-8") == true)
    }

    @Test(
        "An id is a string or a whole number below 2^53; a longer number has lost digits and has no id text",
        arguments: [
            (JSONValue.string("0012"), "0012"), (.number(42), "42"), (.number(9_007_199_254_740_991), "9007199254740991"),
            (.number(9_007_199_254_740_992), nil), (.number(1.5), nil), (.bool(true), nil), (.array([]), nil),
        ] as [(JSONValue, String?)])
    func identifiers(value: JSONValue, text: String?) {
        #expect(value.identifierText == text)
        if text == nil { #expect(!value.identifierProblem.isEmpty) }
    }

    @Test("A 20-digit id in JSON reads as a number beyond 2^53, which identifierText refuses")
    func longID() throws {
        let value = try JSONValue.parse(Data(#"{"id": 12345678901234567891}"#.utf8))
        #expect(value["id"]?.identifierText == nil)
        #expect(value["id"]?.identifierProblem.contains("2^53 or more") == true)
    }

    @Test(
        "With exactLargeNumbers, a number of 2^53 or more, or one that would read as 0, is its text as written; any other is a number; beyond a Double is an error",
        arguments: [
            ("12345678901234567891", JSONValue.string("12345678901234567891")), ("-9007199254740992", .string("-9007199254740992")),
            ("9007199254740992.0", .string("9007199254740992.0")), ("1E+300", .string("1E+300")),
            ("9007199254740991", .number(9_007_199_254_740_991)), ("-0.5e3", .number(-500)),
            ("-1e-400", .string("-1e-400")), ("0.000e-400", .number(0)), ("5e-324", .number(.leastNonzeroMagnitude)),
            ("\"9007199254740993\"", .string("9007199254740993")),
        ] as [(String, JSONValue)])
    func exactLargeNumbers(text: String, value: JSONValue) throws {
        #expect(try JSONValue.parse(Data("[\(text)]".utf8), exactLargeNumbers: true) == .array([value]))
        // The default keeps every number a Double.
        #expect(try JSONValue.parse(Data(text.utf8)).double == value.double ?? Double(text))
        let error = #expect(throws: InputError.self) { try JSONValue.parse(Data("[1e999]".utf8), exactLargeNumbers: true) }
        #expect(error?.column == "2")
    }
}
