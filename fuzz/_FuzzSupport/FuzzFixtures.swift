public import DataFormats
import Foundation
public import Judging

/// The fixed values the targets read fuzzed input against.
public enum FuzzFixtures {
    /// The repository's root, found from this file's path (`fuzz/_FuzzSupport/`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The book-tags rubric (`rubrics/book-tags.md`): Relevance and Usefulness on 1–4.
    public static let bookTags: Rubric = {
        let url = root.appendingPathComponent("rubrics/book-tags.md")
        do {
            return try Rubric.load(from: url)
        } catch {
            fatalError("the fuzz harness cannot read its fixture \(url.path): \(error)")
        }
    }()

    /// A row shaped like a frozen run's (`id`, `input`, `response`, `expected`,
    /// `metadata`), with every kind of JSON value a template may meet:
    /// nested objects, arrays of strings and numbers, an empty array, `null`,
    /// an empty string, booleans, a fraction, non-ASCII text and a key with a dot.
    public static let row: JSONValue = {
        let text = #"""
            {"id": "book-001",
             "input": {"title": "The Cartographer of Brine Reach", "author": "Ines Varga-Holm",
                       "review": "Odile maps the shifting islands…\nline two", "pages": 412, "rating": 4.5,
                       "series": null, "subtitle": "", "translated": false, "tags.raw": "a.b"},
             "response": {"tags": ["fantasy", "maps", "islands", "guild-politics"], "scores": [1, 2.5, -3],
                          "empty": [], "nested": {"deeper": {"value": true}}},
             "expected": {"tags": ["fantasy", "cartography", "coming-of-age"]},
             "metadata": {"source": "fuzz", "ünïcode": "日本語", "n": 0}}
            """#
        do {
            return try JSONValue.parse(Data(text.utf8), file: "FuzzFixtures.row")
        } catch {
            fatalError("the fuzz harness's fixed row does not parse: \(error)")
        }
    }()

    /// Lints `rubric` and renders its templates against ``row``: what the
    /// rubric targets do with a rubric that reads.
    public static func exercise(_ rubric: Rubric) {
        _ = RubricLinter.lint(rubric, runRowIDs: ["book-001"])
        _ = try? rubric.content(for: row)
    }
}
