import DataFormats
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

@Suite("Degradations of one's own: probe files with degrades and severity, and each bad key located")
struct DegradationDefinitionTests {
    static func file(_ front: String) -> String {
        "---\nname: loved-it\n\(front)---\n\n# Template\n\n{{response.tags | join: \", \"}}, loved-it\n"
    }

    @Test("degrades and severity make a probe a degradation that rewrites through the template")
    func defined() throws {
        let probe = try ProbeDefinition.parse(Self.file("degrades: Relevance, usefulness\nseverity: severe\n"), file: "loved-it.md")
        #expect(probe.degrades == DegradationTarget(dimensions: .named(["Relevance", "usefulness"]), severity: .severe))
        #expect(probe.expectation == "the score falls on the dimensions it names")
        let rubric = DegradationData.book.rubric
        #expect(probe.degrades?.dimensions(in: rubric).map(\.name) == ["Relevance", "Usefulness"], "names match case aside")
        try probe.check(rubric: rubric)
        let rows = DegradationData.book.rows
        let prompt = try #require(try probe.prompt(row: 0, of: rows, rubric: rubric, field: DegradationData.book.field))
        #expect(prompt.messages.last?.content.contains("magic-system, slow-burn, lyrical, loved-it\n") == true)
        let all = try ProbeDefinition.parse(Self.file("degrades: all\n"), file: "loved-it.md")
        #expect(all.degrades == DegradationTarget(dimensions: .all, severity: .moderate), "moderate by default")
        #expect(try ProbeDefinition.parse(Self.file(""), file: "loved-it.md").degrades == nil, "without the keys, a bias probe")
    }

    @Test("Bad keys name the file, line and key, and what was expected")
    func badKeys() throws {
        let empty = try #require(throws: InputError.self) {
            try ProbeDefinition.parse(Self.file("summary: tags a reaction\ndegrades: , \n"), file: "loved-it.md")
        }
        #expect(empty.file == "loved-it.md" && empty.line == 4 && empty.column == "degrades", "\(empty)")
        #expect(empty.message.contains("`degrades:` names no dimension"), "\(empty)")
        let severity = try #require(throws: InputError.self) {
            try ProbeDefinition.parse(Self.file("degrades: Relevance\nseverity: sever\n"), file: "loved-it.md")
        }
        #expect(severity.line == 4 && severity.column == "severity", "\(severity)")
        #expect(
            severity.message == "unknown severity `sever`; did you mean severe?; a severity is one of severe, moderate, minor",
            "\(severity)")
        let alone = try #require(throws: InputError.self) {
            try ProbeDefinition.parse(Self.file("severity: minor\n"), file: "loved-it.md")
        }
        #expect(alone.line == 3 && alone.message.contains("add `degrades: …`"), "\(alone)")
    }

    @Test("A dimension the rubric does not have is refused where the rubric is known, naming the nearest")
    func unknownDimension() throws {
        let probe = try ProbeDefinition.parse(Self.file("degrades: Relevence\n"), file: "loved-it.md")
        let error = try #require(throws: ProbeError.self) { try probe.check(rubric: DegradationData.book.rubric) }
        #expect(error.code == "unknown-dimension" && error.isUsage)
        #expect(
            error.message
                == "the loved-it probe degrades Relevence, and the rubric book-tags has no such dimension; did you mean Relevance? "
                + "(its dimensions: Relevance, Usefulness)", "\(error)")
        #expect(throws: ProbeError.self) {
            try probe.prompt(row: 0, of: DegradationData.book.rows, rubric: DegradationData.book.rubric, field: DegradationData.book.field)
        }
    }
}
