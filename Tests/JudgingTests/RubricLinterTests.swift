import DataFormats
import EvaluationCore
import Foundation
import Judging
import Testing
import _TestSupport

@Suite("Rubric lint")
struct RubricLinterTests {
    @Test("The book-tag rubric is clean; with a run that lacks book-004 its example is flagged")
    func bookTags() throws {
        let r = try Fixtures.rubric("book-tags.md")
        #expect(RubricLinter.lint(r).isEmpty)
        let findings = RubricLinter.lint(r, runRowIDs: ["book-001", "book-002"])
        #expect(findings.map(\.code) == ["example-row-not-in-run"])
        #expect(findings.first?.line == 58)
        #expect(findings.first?.severity == .warning)
    }

    @Test(
        "Both book-tag rubrics are clean against the sample run: every example cites one of its rows",
        arguments: [
            "book-tags.md", "book-tags-v2.md",
        ])
    func sampleRun(file: String) throws {
        let ids = Set(try Fixtures.bookRows().compactMap { $0["id"]?.string })
        #expect(ids.count == 42)
        #expect(RubricLinter.lint(try Fixtures.rubric(file), runRowIDs: ids).isEmpty)
    }

    @Test(
        "SummEval's and Newsroom's odd 1–5 scales keep their warning, one per dimension, at its heading",
        arguments: [
            ("summeval.md", [19, 29, 39, 49]),
            ("newsroom.md", [19, 29, 39, 49]),
        ])
    func oddScales(file: String, lines: [Int]) throws {
        let findings = RubricLinter.lint(fileAt: SharedData.projectURL("rubrics/\(file)"))
        #expect(findings.map(\.code) == Array(repeating: "odd-levels", count: 4))
        #expect(findings.map(\.line) == lines)
        #expect(findings.allSatisfy { $0.severity == .warning })
    }

    @Test("A level without a description, a duplicate dimension and an unscored example")
    func findings() throws {
        let text = RubricTests.minimal(
            levels: "- 1: bad\n- 2:",
            extra: """

                # Dimension: quality

                - 1: bad
                - 2: good

                # Example: e

                ## Target
                x
                ## Scores
                - Quality: 2
                ## Reason
                r
                """)
        let r = try Rubric.parse(markdown: text, file: "r.md")
        let findings = RubricLinter.lint(r)
        #expect(findings.map(\.code) == ["duplicate-dimension", "level-without-description", "example-missing-score"])
        #expect(findings.map(\.line) == [20, 18, 25])
        #expect(findings[0].severity == .error)
        #expect(findings[1].description == "r.md:18: warning: level 2 of Quality has no description; say what earns it")
    }

    @Test("A rubric that does not parse is one error finding with its line")
    func parseError() throws {
        let folder = try SharedData.temporaryFolder("lint")
        let url = folder.appendingPathComponent("broken.md")
        try "---\nname: x\n---\n# Instructions\nx\n# Target\n{{response\n".write(to: url, atomically: true, encoding: .utf8)
        let findings = RubricLinter.lint(fileAt: url)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.line == 7)
    }
}
