import DataFormats
import EvaluationCore
import Foundation
import Judging
import LanguageModels
import Testing
import _TestSupport

@Suite("Rubric files")
struct RubricTests {
    @Test(
        "The book-tag rubrics: v1 and v2 share two 1–4 dimensions and the references; the examples cite different rows",
        arguments: [
            ("book-tags.md", "1", ["book-002", "book-004"]),
            ("book-tags-v2.md", "2", ["book-008", "book-009", "book-032"]),
        ])
    func bookTags(file: String, version: String, rows: [String]) throws {
        let r = try Fixtures.rubric(file)
        #expect(r.name == "book-tags")
        #expect(r.version == version)
        #expect(r.dimensions.map(\.name) == ["Relevance", "Usefulness"])
        #expect(r.dimensions.allSatisfy { $0.scale.summary == "1–4" })
        #expect(r.reference.map(\.label) == ["Author", "Review"])
        #expect(r.examples.map(\.rowID) == rows)
    }

    /// Each worked example is a real row of the sample run: its target is the
    /// row's rendered target and its scores are expert-a's labels.
    @Test("The examples match their rows and expert-a's scores", arguments: ["book-tags.md", "book-tags-v2.md"])
    func examplesMatchTheSampleData(file: String) throws {
        let r = try Fixtures.rubric(file)
        let labels = try Fixtures.expertALabels()
        for example in r.examples {
            let id = try #require(example.rowID)
            let rendered = try JudgePromptRenderer.messages(for: r, row: Fixtures.bookRow(id))[1].content
            #expect(rendered.contains("<target>\n\(example.target)\n</target>"), "\(id)")
            #expect(example.scores == labels[id], "\(id)")
        }
    }

    @Test(
        "SummEval and Newsroom: four dimensions each on 1–5",
        arguments: [
            ("summeval.md", ["Coherence", "Consistency", "Fluency", "Relevance"]),
            ("newsroom.md", ["Informativeness", "Relevance", "Fluency", "Coherence"]),
        ])
    func summaries(file: String, names: [String]) throws {
        let r = try Fixtures.rubric(file)
        #expect(r.dimensions.map(\.name) == names)
        #expect(r.dimensions.allSatisfy { $0.scale.levels.map(\.value) == [1, 2, 3, 4, 5] })
    }

    @Test("The JSON form of the book-tag rubric is the same rubric")
    func jsonForm() throws {
        let markdown = try Fixtures.rubric("book-tags.md")
        let url = SharedData.projectURL("rubrics/book-tags.json")
        if ProcessInfo.processInfo.environment["JUDGECAL_RECORD_GOLDENS"] == "1" {
            try markdown.jsonData().write(to: url)
        }
        let json = try Rubric.load(from: url)
        #expect(json.dimensions == markdown.dimensions)
        #expect(json.examples == markdown.examples)
        #expect(json.reference == markdown.reference)
        #expect(json.instructions == markdown.instructions)
        #expect(json.target == markdown.target)
        let row = try Fixtures.bookRows()[0]
        #expect(try JudgePromptRenderer.messages(for: json, row: row) == JudgePromptRenderer.messages(for: markdown, row: row))
    }

    @Test("Scales: pass/fail and custom labels in Markdown")
    func labelledScales() throws {
        let r = try Rubric.parse(
            markdown: Self.minimal(
                levels: "- pass: grounded\n- fail: invented",
                extra: """

                    # Dimension: Tone

                    - curt: rude
                    - neutral: plain
                    - warm: kind
                    """), file: "x.md")
        #expect(r.dimensions[0].scale == .passFail(passDescription: "grounded", failDescription: "invented"))
        #expect(r.dimensions[1].scale.levels.map(\.label) == ["curt", "neutral", "warm"])
    }

    static func minimal(levels: String = "- 1: bad\n- 2: good", extra: String = "", front: String = "name: t") -> String {
        """
        ---
        \(front)
        ---

        # Instructions

        Judge it.

        # Target

        {{response}}

        # Dimension: Quality

        Is it good?

        \(levels)
        \(extra)
        """
    }

    @Test(
        "Errors name the line",
        arguments: [
            (minimal(front: "title: t"), 2, "unknown front matter key"),
            (minimal(levels: "- 1: bad\n- two: good"), 18, "not a whole number"),
            (minimal(levels: "- 1: bad\n- 1: good"), 18, "listed twice"),
            (minimal(levels: "- 1: only"), 13, "at least two"),
            (minimal(levels: "- 1: bad\n- 2: good\nstray text"), 19, "only more"),
            (minimal(extra: "\n# Scoring\n"), 20, "unknown section"),
            (minimal(extra: "\n# Example: e\n\n## Target\nx\n## Scores\n- Quality: 7\n## Reason\nr"), 25, "not on the scale"),
            (minimal(extra: "\n# Example: e\n\n## Target\nx\n## Scores\n- Fluency: 2\n## Reason\nr"), 25, "not a dimension"),
            (minimal(extra: "\n# Example: e\n\n## Target\nx\n## Scores\n- Quality: 2"), 20, "no `## Reason`"),
            (minimal(extra: "\n# Target\n{{input}}"), 20, "second `# Target`"),
            ("---\nname: t\n---\n# Instructions\nx\n# Target\n{{response\n", 7, "never closed"),
        ])
    func errors(text: String, line: Int, fragment: String) {
        #expect {
            _ = try Rubric.parse(markdown: text, file: "bad.md")
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.file == "bad.md" && e.line == line && e.message.contains(fragment)
        }
    }

    @Test(
        "A JSON rubric's errors name the line and the field",
        arguments: [
            ("{\n\"name\": \"t\",\n\"instructions\": 3}", 3, "instructions", "not of the expected type"),
            ("{\n\"name\": \"t\",\n\"instructions\": \"i\",,\n}", 3, "21", "not valid JSON"),
            (
                #"{"name": "t", "instructions": "i", "target": "{{response}}","# + "\n"
                    + #""dimensions": [{"name": "Q", "description": "", "scale": {"levels": ["# + "\n"
                    + #"{"label": 1, "description": "a"},"# + "\n" + #"{"label": "two"}]}}]}"#, 4, "dimensions[0].scale",
                "not a whole number"
            ),
            (
                #"{"name": "t", "instructions": "i", "target": "{{response}}", "dimensions": [{"name": "Q", "description": "", "scale": {"levels": [{"label": 1}, {"label": 2}]}}],"#
                    + "\n" + #""examples": [{"target": "x", "reason": "r","# + "\n" + #""scores": {"Q": 3}}]}"#, 3, "examples[0].scores.Q",
                "not on the scale"
            ),
        ])
    func jsonLines(json: String, line: Int, column: String?, fragment: String) {
        #expect {
            _ = try Rubric.decode(json: Data(json.utf8), file: "bad.json")
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.line == line && e.column == column && e.message.contains(fragment)
        }
    }

    @Test("A JSON rubric's errors name the field")
    func jsonErrors() {
        let json =
            #"{"name": "t", "instructions": "i", "target": "{{response}}", "dimensions": [{"name": "Q", "description": "", "scale": {"levels": [{"label": 1}]}}]}"#
        #expect {
            _ = try Rubric.decode(json: Data(json.utf8), file: "bad.json")
        } throws: { error in
            let e = error as? InputError
            return e?.column == "dimensions[0].scale" && e?.message.contains("at least two") == true
        }
    }
}
