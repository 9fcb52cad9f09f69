import DataFormats
import Foundation
import Testing

/// The rows (`line: fields`) `JSONLinesReader` hands over for `bytes`, read
/// from memory or from a file in windows of `chunkSize`, or the error.
private func rows(_ bytes: [UInt8], paths: [String], chunkSize: Int?) -> Result<[String], InputError> {
    func read(_ source: ByteSource) -> Result<[String], InputError> {
        var rows: [String] = []
        return Result { () throws(InputError) in
            try JSONLinesReader(paths: paths).forEachRow(in: source, file: "r.jsonl") { names in
                rows.append(names.joined(separator: "|"))
            } row: { record in
                rows.append("\(record.line): " + (0..<record.count).map(record.text).joined(separator: "|"))
            }
            return rows
        }
    }
    guard let chunkSize else { return read(.data(Data(bytes))) }
    return withTemporaryFile(bytes) { url in read(.file(url, chunkSize: chunkSize)) }
}

@Suite("JSON Lines read record by record from a file in windows")
struct JSONLinesStreamingTests {
    static let wellFormed: [(String, [UInt8])] = [
        ("nested fields, numbers, booleans, null and a missing field",
         Array(#"{"id":"a","s":{"x":3,"y":2.5}}"#.utf8) + [0x0A] + Array(#"{"id":7,"s":{"x":null},"ok":true}"#.utf8)),
        ("a byte-order mark, CRLF endings, blank lines and no final line break",
         [0xEF, 0xBB, 0xBF] + Array("{\"id\":\"é\",\"s\":{\"x\":1}}\r\n\r\n  \n{\"id\":\"ü€\",\"s\":{\"x\":4}}".utf8)),
        ("a JSON array over several lines", Array("\n[\n {\"id\":1,\"s\":{\"x\":2}},\n {\"id\":2,\"s\":{\"x\":3}}\n]\n".utf8)),
        ("escapes in strings", Array(#"{"id":"a\"b\\c\u00e9","s":{"x":"3"}}"#.utf8) + [0x0A]),
    ]

    static let malformed: [(String, [UInt8])] = [
        ("a record that is not JSON after a byte-order mark and CRLF lines",
         [0xEF, 0xBB, 0xBF] + Array("{\"id\":1,\"s\":{\"x\":1}}\r\n\r\n{\"id\":2,\"s\":{\"x\" 1}}\r\n".utf8)),
        ("a field holding an object", Array("{\"id\":1,\"s\":{\"x\":1}}\n{\"id\":2,\"s\":{\"x\":{}}}\n".utf8)),
        ("a field no record has", Array("{\"id\":1,\"t\":{\"x\":1}}\n".utf8)),
        ("a byte that is not UTF-8 on line 3", Array("{\"id\":1}\n\n{\"id\":\"".utf8) + [0xFF] + Array("\"}\n".utf8)),
        ("an unclosed array", Array("[{\"id\":1,\"s\":{\"x\":1}},\n".utf8)),
    ]

    @Test("every window size reads the same records as memory", arguments: wellFormed + malformed)
    func sameAsMemory(_ file: (String, [UInt8])) {
        let whole = rows(file.1, paths: ["id", "s.x"], chunkSize: nil)
        for chunkSize in 1...(file.1.count + 1) {
            #expect(rows(file.1, paths: ["id", "s.x"], chunkSize: chunkSize) == whole, "\(file.0), windows of \(chunkSize)")
        }
    }

    @Test("fields read as text, lines counted from the file's start")
    func fields() throws {
        #expect(try rows(Self.wellFormed[0].1, paths: ["id", "s.x", "s.y", "ok"], chunkSize: 5).get() == [
            "id|s.x|s.y|ok", "1: a|3|2.5|", "2: 7|||true",
        ])
        #expect(try rows(Self.wellFormed[1].1, paths: ["id", "s.x"], chunkSize: 3).get() == ["id|s.x", "1: é|1", "4: ü€|4"])
        #expect(try rows(Self.wellFormed[2].1, paths: ["id", "s.x"], chunkSize: 4).get() == ["id|s.x", "3: 1|2", "4: 2|3"])
    }

    @Test("errors name the file, line and column or field")
    func errors() {
        let expected: [InputError] = [
            InputError(file: "r.jsonl", line: 3, column: "18", message: #"not valid JSON: expected ":" after a member name, found "1""#),
            InputError(
                file: "r.jsonl", line: 2, column: "s.x", message: "the field holds an object; expected a number or text"),
            InputError(
                file: "r.jsonl",
                message: "no record has the field 's.x'; check its spelling (a nested field is written with dots, such as scores.expert)"),
        ]
        for (file, error) in zip(Self.malformed, expected) {
            #expect(rows(file.1, paths: ["id", "s.x"], chunkSize: 2) == .failure(error), "\(file.0)")
        }
        guard case .failure(let notUTF8) = rows(Self.malformed[3].1, paths: ["id"], chunkSize: 2) else {
            Issue.record("a byte that is not UTF-8 was read")
            return
        }
        #expect(notUTF8.line == 3 && notUTF8.column == "8", "\(notUTF8)")
    }

    @Test(
        "a member no path wants is still checked: a bad escape, a raw control character or an unterminated string is the same error",
        arguments: [
            #"{"note":"a\qb","s":{"x":1}}"#, "{\"note\":\"a\u{01}b\",\"s\":{\"x\":1}}", #"{"s":{"x":1},"note":"open"#,
            #"{"note":[1,{"k":tru}],"s":{"x":1}}"#,
        ])
    func unwantedMembers(_ line: String) {
        let wanted = rows(Array(line.utf8), paths: ["note", "s.x"], chunkSize: nil)
        let unwanted = rows(Array(line.utf8), paths: ["s.x"], chunkSize: nil)
        guard case .failure(let expected) = wanted, case .failure(let error) = unwanted else {
            Issue.record("\(line) was read: \(wanted), \(unwanted)")
            return
        }
        #expect(error == expected)
    }

    @Test("a number's field is its plain text, whole numbers below 10^15 written digit by digit: -0 as 0, 1e2 as 100, 2.50 as 2.5")
    func numbers() throws {
        let values = ["0", "-0", "7", "-3", "1e2", "2.50", "-2.5", "123456789012345", "-999999999999999", "1e15", "1E300", "0.1"]
        let text = values.map { #"{"v":"# + $0 + "}" }.joined(separator: "\n")
        let read = try rows(Array(text.utf8), paths: ["v"], chunkSize: nil).get()
        let expected = values.map { Double($0).map(\.plainText) ?? "?" }
        #expect(read == ["v"] + expected.enumerated().map { "\($0.offset + 1): \($0.element)" })
        #expect(expected[1] == "0" && expected[4] == "100" && expected[9] == "1000000000000000.0")
    }

    @Test("a member name is matched as text: written with an escape, or in another normal form of é, it is still found")
    func memberNames() throws {
        let text = #"{"i\u0064":"a","é":2,"x":3}"# + "\n" + "{\"id\":\"b\",\"e\u{0301}\":4}"
        let read = try rows(Array(text.utf8), paths: ["id", "é"], chunkSize: nil).get()
        #expect(read == ["id|é", "1: a|2", "2: b|4"])
    }
}
