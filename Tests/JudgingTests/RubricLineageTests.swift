import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

@Suite("A rubric's lineage: the edited-from front matter")
struct RubricLineageTests {
    @Test("v2 declares it was edited from v1; v1 declares nothing; the JSON form carries it as edited-from")
    func editedFrom() throws {
        let v1 = try Fixtures.rubric("book-tags.md")
        let v2 = try Fixtures.rubric("book-tags-v2.md")
        #expect(v1.editedFrom == nil)
        #expect(v2.editedFrom == "book-tags v1")
        let json = try v2.jsonData()
        #expect(try JSONValue.parse(json)["edited-from"] == .string("book-tags v1"))
        #expect(try Rubric.decode(json: json, file: "v2.json").editedFrom == "book-tags v1")
    }

    @Test("An unknown front matter key names the keys, edited-from among them")
    func unknownKey() throws {
        let text = "---\nname: x\nparent: y\n---\n# Instructions\nJudge.\n# Target\n{{response}}\n# Dimension: Q\n- 1: bad\n- 2: good\n"
        let error = try #require(throws: InputError.self) { try Rubric.parse(markdown: text, file: "x.md") }
        #expect(error.line == 3)
        #expect(error.message.contains("the keys are name, version, description, edited-from and rationale-opening"))
    }
}
