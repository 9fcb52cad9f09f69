import DataFormats
import EvaluationCore
import Judging
import Testing

@Suite("Row templates")
struct TemplateTests {
    let row: JSONValue = .object([
        "id": .string("r1"),
        "input": .string("a review"),
        "response": .object(["tags": .array([.string("fantasy"), .string("quest")]), "count": .number(2)]),
        "expected": .null,
    ])

    @Test("Dotted paths, join, numbers without .0, array indexes")
    func renders() throws {
        let t = try Template("Tags ({{response.count}}): {{ response.tags | join: \", \" }}; first {{response.tags.0}}; {{input}}")
        #expect(try t.render(row) == "Tags (2): fantasy, quest; first fantasy; a review")
        #expect(t.paths == ["response.count", "response.tags", "response.tags.0", "input"])
    }

    @Test("A default stands in for a missing or null value, and only when asked for")
    func defaults() throws {
        let t = try Template("{{expected.tags | join: \", \" | default: \"none | given\"}}")
        #expect(try t.render(row) == "none | given")
        let strict = try Template("line one\n{{expected.tags}}", file: "r.md", line: 10)
        #expect {
            try strict.render(row)
        } throws: { error in
            let e = error as? InputError
            return e?.line == 11 && e?.file == "r.md" && e?.message.contains("row r1") == true
        }
    }

    @Test("A list without join is an error, not a Swift description")
    func listNeedsJoin() throws {
        let t = try Template("{{response.tags}}")
        #expect(throws: InputError.self) { try t.render(row) }
    }

    @Test(
        "Syntax errors name the line",
        arguments: [
            ("a\nb {{response", 2, "never closed"),
            ("{{ }}", 1, "dotted path"),
            ("x\n\n{{input | upper: \"x\"}}", 3, "unknown filter"),
            ("{{input | join: ,}}", 1, "should read"),
        ])
    func syntaxErrors(source: String, line: Int, fragment: String) {
        #expect {
            _ = try Template(source, file: "t.md", line: 1)
        } throws: { error in
            let e = error as? InputError
            return e?.line == line && e?.message.contains(fragment) == true
        }
    }
}
