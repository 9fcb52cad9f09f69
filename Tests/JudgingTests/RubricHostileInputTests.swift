import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// Issue #11: rubrics read as written, refuse what they would otherwise ignore, and lint what fails later.
@Suite("Rubrics: CRLF and byte-order marks, unknown JSON keys, scale order and gaps, templates against a run")
struct RubricHostileInputTests {
    func write(_ data: Data, _ name: String) throws -> URL {
        let url = try SharedData.temporaryFolder("rubric-hostile").appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    static let json =
        #"{"name": "t", "instructions": "Judge.", "target": "{{response}}", "dimensions": [{"name": "Q", "description": "d", "scale": {"levels": [{"label": 1, "description": "bad"}, {"label": 2, "description": "good"}]}}]}"#

    @Test("A Markdown rubric with a byte-order mark and CRLF line ends reads as the plain one")
    func markdownCRLF() throws {
        let text = RubricTests.minimal().replacingOccurrences(of: "\n", with: "\r\n")
        let url = try write(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), "crlf.md")
        let rubric = try Rubric.load(from: url)
        #expect(rubric.name == "t")
        #expect(rubric.dimensions.map(\.name) == ["Quality"])
        #expect(rubric.target.source == "{{response}}")
        #expect(rubric.dimensions[0].scale.levels.map(\.description) == ["bad", "good"])
    }

    @Test("A JSON rubric with a byte-order mark and CRLF line ends reads")
    func jsonCRLF() throws {
        let text = Self.json.replacingOccurrences(of: ", ", with: ",\r\n")
        let rubric = try Rubric.load(from: try write(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), "crlf.json"))
        #expect(rubric.dimensions.count == 1)
    }

    @Test("A Markdown rubric with a byte that is not UTF-8 names its line and column")
    func markdownUTF8() throws {
        let text = RubricTests.minimal().replacingOccurrences(of: "Judge it.", with: "Judge it\u{1}")
        var bytes = Array(text.utf8)
        bytes[bytes.firstIndex(of: 0x01)!] = 0xE9
        let error = #expect(throws: InputError.self) { try Rubric.load(from: try write(Data(bytes), "latin1.md")) }
        #expect(error?.line == 7)
        #expect(error?.column == "9")
    }

    @Test(
        "A JSON rubric refuses a key the format does not have, naming its path",
        arguments: [
            (#""instructions": "Judge.","#, #""instructions": "Judge.", "instruction": "x","#, "instruction"),
            (#""scale": {"levels""#, #""scale": {"kinds": "numeric", "levels""#, "dimensions[0].scale.kinds"),
            (#"{"label": 1, "description": "bad"}"#, #"{"label": 1, "descripton": "bad"}"#, "dimensions[0].scale.levels[0].descripton"),
        ])
    func unknownKeys(from: String, to: String, path: String) throws {
        let text = Self.json.replacingOccurrences(of: from, with: to)
        #expect(text != Self.json)
        let error = #expect(throws: InputError.self) { try Rubric.decode(json: Data(text.utf8), file: "r.json") }
        #expect(error?.column == path)
        #expect(error?.message.contains("unknown key") == true)
    }

    @Test("An empty target is refused in JSON as an empty # Target is in Markdown")
    func emptyTarget() throws {
        let text = Self.json.replacingOccurrences(of: #""target": "{{response}}""#, with: #""target": "  ""#)
        let error = #expect(throws: InputError.self) { try Rubric.decode(json: Data(text.utf8), file: "r.json") }
        #expect(error?.column == "target")
        #expect(error?.message.contains("target is empty") == true)
        let markdown = RubricTests.minimal().replacingOccurrences(of: "{{response}}", with: "")
        let mdError = #expect(throws: InputError.self) { try Rubric.parse(markdown: markdown, file: "r.md") }
        #expect(mdError?.message.contains("is empty") == true)
    }

    @Test("A JSON rubric 100,000 levels deep is malformed input, not a stack overflow")
    func deepJSON() throws {
        let deep =
            #"{"name": "#
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let error = #expect(throws: InputError.self) { try Rubric.decode(json: Data(deep.utf8), file: "deep.json") }
        #expect(error?.message.contains("at most 512 levels") == true)
    }

    @Test("A word scale written best first is refused at load and is an error in lint at its first level")
    func bestFirst() throws {
        let text = RubricTests.minimal(levels: "- Excellent: e\n- Good: g\n- Fair: f\n- Poor: p")
        let error = #expect(throws: InputError.self) { try Rubric.parse(markdown: text, file: "r.md") }
        #expect(error?.line == 17)
        #expect(error?.message.contains("best first") == true)
        let url = try write(Data(text.utf8), "best-first.md")
        let findings = RubricLinter.lint(fileAt: url)
        #expect(findings.map(\.code) == ["scale-best-first"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.line == 17)
        let lowestFirst = RubricTests.minimal(levels: "- Poor: p\n- Fair: f\n- Good: g\n- Excellent: e")
        #expect(RubricLinter.lint(try Rubric.parse(markdown: lowestFirst, file: "r.md")).isEmpty)
    }

    @Test("A numeric scale that skips a number is a lint warning naming what it skips")
    func gap() throws {
        let rubric = try Rubric.parse(markdown: RubricTests.minimal(levels: "- 1: a\n- 2: b\n- 4: c\n- 5: d"), file: "r.md")
        let findings = RubricLinter.lint(rubric)
        #expect(findings.map(\.code) == ["scale-gap"])
        #expect(findings.first?.message.contains("skips 3") == true)
        #expect(findings.first?.line == 13)
    }

    @Test("lint with the run's rows renders every template on every row and names the rows and field that fail")
    func templatesAgainstRows() throws {
        let text = RubricTests.minimal().replacingOccurrences(of: "{{response}}", with: "{{response.tags | join: \", \"}}")
        let rubric = try Rubric.parse(markdown: text, file: "r.md")
        let rows: [JSONValue] = (1...8).map { i in
            .object(["id": .string("r\(i)"), "response": i <= 2 ? .object(["tags": .array([.string("a")])]) : .object([:])])
        }
        let findings = RubricLinter.lint(rubric, runRows: rows)
        #expect(findings.map(\.code) == ["template-fails-on-run"])
        let message = try #require(findings.first?.message)
        #expect(message.contains("6 of 8 rows"))
        #expect(message.contains("r3, r4, r5, r6, r7 and 1 more"))
        #expect(message.contains("response.tags"))
        #expect(findings.first?.line == 11)
        #expect(RubricLinter.lint(rubric, runRows: Array(rows.prefix(2))).isEmpty)
    }
}
