import DataFormats
import Foundation
import Testing
import _TestSupport

@Suite("JSONValue: parsing, paths and text")
struct JSONValueTests {
    @Test("The parser agrees with JSONDecoder on a real 2.4 MB file")
    func agreesWithFoundation() throws {
        let data = try Data(contentsOf: SharedData.url("data/judge-bench/newsroom__newsroom.json"))
        #expect(try JSONValue.parse(data) == JSONDecoder().decode(JSONValue.self, from: data))
    }

    @Test("Escapes, surrogate pairs and numbers")
    func escapes() throws {
        let text = #"{"a": "tab\there \"q\" \u00e9 \ud83d\ude00 \/", "n": [-1.5e2, 0, 12], "t": true, "z": null}"#
        let v = try JSONValue.parse(Data(text.utf8))
        #expect(v["a"] == .string("tab\there \"q\" é 😀 /"))
        #expect(v["n"] == .array([.number(-150), .number(0), .number(12)]))
        #expect(v["t"] == .bool(true))
        #expect(v["z"] == .null)
    }

    @Test(
        "Errors give the line and column of the first bad character",
        arguments: [
            ("{\n  \"a\": 1,\n  \"b\": tru\n}", 3, "11", "expected true"),
            ("[1, 2", 1, "6", "expected \",\" or \"]\""),
            ("{\"a\" 1}", 1, "6", "expected \":\""),
            ("\"unterminated", 1, "14", "closing quote"),
            ("[1] 2", 1, "5", "expected the end of the document"),
        ])
    func errors(text: String, line: Int, column: String, expected: String) throws {
        let error = try #require(throws: InputError.self) { try JSONValue.parse(Data(text.utf8), file: "x.json") }
        #expect(error.file == "x.json")
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message.contains(expected), "\(error)")
    }

    @Test("The escaper writes every ASCII byte as JSONEncoder does (jsonEncoder spelling), and each spelling parses back")
    func escaperAgainstJSONEncoder() throws {
        var text = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self) + "é \u{2028} 🎉 a/b \"q\" \\ end"
        text += "\n\n" + text
        var encoderBytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &encoderBytes, spelling: .jsonEncoder)
        #expect(encoderBytes == Array(try JSONEncoder().encode(text)))
        var minimal: [UInt8] = []
        JSONValue.appendQuoted(text, to: &minimal)
        #expect(!minimal.contains(UInt8(ascii: "\n")))
        for bytes in [encoderBytes, minimal] {
            #expect(try JSONValue.parse(Data(bytes)) == .string(text))
        }
    }

    @Test("A record file reads any range with one open file, fewer bytes at the end, and names an unreadable file")
    func recordFile() throws {
        let bytes = Array("{\"id\": 1}\n{\"id\": 2}\n".utf8)
        withTemporaryFile(bytes) { url in
            do {
                let file = try RecordFile(url)
                #expect(try file.bytes(in: 11..<20) == Data(Array(bytes[11..<20])))
                #expect(try file.bytes(in: 0..<10) == Data(Array(bytes[0..<10])))
                #expect(try file.bytes(in: 15..<100) == Data(Array(bytes[15...])))
                #expect(try file.bytes(in: 100..<120).isEmpty)
            } catch {
                Issue.record("\(error)")
            }
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).jsonl")
        let error = try #require(throws: InputError.self) { try RecordFile(missing) }
        #expect(error.message.hasPrefix("cannot be read ("))
    }

    @Test("Dotted paths reach into objects and arrays")
    func paths() throws {
        let v = try JSONValue.parse(Data(#"{"response": {"tags": ["a", "b"]}, "n": 3}"#.utf8))
        #expect(v.value(atPath: "response.tags.1") == .string("b"))
        #expect(v.value(atPath: "response.missing") == nil)
        #expect(v.value(atPath: "n.x") == nil)
        #expect(v.value(atPath: "") == v)
    }

    @Test("Compact JSON round-trips through the parser and sorts keys")
    func compactJSON() throws {
        let v: JSONValue = .object(["b": .array([.number(1.5), .string("x\"\n")]), "a": .bool(false)])
        #expect(v.compactJSON == #"{"a":false,"b":[1.5,"x\"\n"]}"#)
        #expect(try JSONValue.parse(Data(v.compactJSON.utf8)) == v)
        #expect(JSONValue.number(4).plainText == "4")
    }
}

@Suite("JSON lines by path, and nesting depth")
struct JSONLinesTests {
    @Test("each value's line by path: members by dots, elements by index, the document at the empty path")
    func lines() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": [\n    {\"c\": true},\n    2\n  ]\n}\n"
        let (value, lines) = try JSONValue.parseLocated(Data(text.utf8), file: "t.json")
        #expect(value["b"]?.array?.last == .number(2))
        #expect(lines.line(of: "") == 1)
        #expect(lines.line(of: "a") == 2)
        #expect(lines.line(of: "b") == 3)
        #expect(lines.line(of: "b[0]") == 4 && lines.line(of: "b[0].c") == 4)
        #expect(lines.line(of: "b[1]") == 5)
        #expect(lines.line(of: "x") == nil)
        #expect(lines.end == 8)
    }

    @Test("nesting deeper than the limit is malformed input with its line and column, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: InputError.self) { try JSONValue.parse(Data(deep.utf8), file: "deep.json") }
        let limit = JSONValue.maximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect((try? JSONValue.parse(Data(atLimit.utf8))) != nil)
        do {
            _ = try JSONValue.parse(Data(("\n" + String(repeating: "{\"a\":", count: limit + 1)).utf8), file: "deep.json")
            Issue.record("a document nested \(limit + 1) deep was accepted")
        } catch let error as InputError {
            #expect(error.line == 2)
            #expect(error.column == String(5 * limit + 1))
            #expect(error.message.contains("at most \(limit) levels"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
