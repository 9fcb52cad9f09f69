import Calibration
import CalibrationData
import CalibrationReports
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

@Suite("HTML and Markdown reports: the JSON's numbers, hostile text shown as text")
struct ReportRenderingTests {
    /// The value of `name="…"` on the first element of class `chart kind` for `dimension`.
    static func attribute(_ name: String, chart kind: String, dimension: String, in html: String) -> String? {
        let opening = "class=\"chart \(kind)\" data-dimension=\"\(dimension)\""
        guard let start = html.range(of: opening) else { return nil }
        let rest = html[start.upperBound...].prefix { $0 != ">" }
        guard let found = rest.range(of: " \(name)=\"") else { return nil }
        return String(rest[found.upperBound...].prefix { $0 != "\"" })
    }

    @Test("Each dimension's charts carry the report's statistic, interval, verdict and counts")
    func numbers() throws {
        let report = try ReportFixture.alignment()
        let html = report.renderHTML()
        for d in report.dimensions {
            let value = try #require(Self.attribute("data-value", chart: "statistic", dimension: d.name, in: html))
            #expect(Double(value) == d.statisticEstimate.value)
            #expect(
                Double(try #require(Self.attribute("data-lower", chart: "statistic", dimension: d.name, in: html)))
                    == d.statisticEstimate.interval?.lower)
            #expect(Self.attribute("data-verdict", chart: "statistic", dimension: d.name, in: html) == d.verdict.outcome.rawValue)
            let counts = try #require(d.confusionMatrix?.counts)
            let written = try #require(Self.attribute("data-counts", chart: "confusion", dimension: d.name, in: html))
            #expect(
                try JSONDecoder().decode([[Int]].self, from: Data(written.replacingOccurrences(of: "&quot;", with: "\"").utf8)) == counts)
            // The expert's distribution is the matrix's row sums: 40 rows in all.
            let expert = try JSONDecoder().decode(
                [Int].self, from: Data(try #require(Self.attribute("data-expert", chart: "distribution", dimension: d.name, in: html)).utf8)
            )
            #expect(expert == counts.map { $0.reduce(0, +) })
            #expect(expert.reduce(0, +) == 40)
        }
        #expect(html.contains("<td><pre class=\"text\">Rubric SHA-256</pre></td><td><pre class=\"text\">9f2c0d7e5b</pre></td>"))
        // The value as the reader sees it, to three decimals, beside the mark.
        let first = try #require(report.dimensions.first?.statisticEstimate.value)
        #expect(html.contains(String(format: "%.3f", first)))
    }

    @Test("book-014's <script> and an attribute breaker appear only escaped, in HTML and Markdown")
    func injection() throws {
        #expect(ReportFixture.book014Review.contains(#"<script>alert("gotcha")</script>"#))
        let report = try ReportFixture.alignment()
        for page in [report.renderHTML(), report.renderMarkdown()] {
            #expect(!page.contains("<script"))
            #expect(!page.contains("<img"))
            #expect(!page.contains("<b>"))
            #expect(page.contains("&lt;script&gt;alert(&quot;gotcha&quot;)&lt;/script&gt;"))
        }
        #expect(report.renderHTML().contains("&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;"))
        // Markdown also escapes its own syntax: `_` would open emphasis.
        #expect(report.renderMarkdown().contains(#"&quot;&gt;&lt;img src=x onerror=&quot;window.\_\_pwned=1&quot;&gt;"#))
    }

    @Test(
        "Markdown link, image and HTML syntax in a cell render inert",
        arguments: [
            ("![x](http://evil.example/p.png)", #"!\[x\](http://evil.example/p.png)"#),
            ("[click](javascript:alert(1))", #"\[click\](javascript:alert(1))"#),
            ("<img src=x>", "&lt;img src=x&gt;"),
            ("a|b *c* `d` ~e~ \\", #"a\|b \*c\* \`d\` \~e\~ \\"#),
            ("line\nbreak\u{1B}[31m", "line break␛\\[31m"),
        ])
    func markdownCell(raw: String, escaped: String) {
        #expect(HTMLEscaping.markdownCell(raw) == escaped)
    }

    @Test("The report page allows no script at all and loads nothing from outside")
    func policy() throws {
        let html = try ReportFixture.alignment().renderHTML()
        #expect(html.contains("script-src 'none'"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url(http"))
    }

    @Test("A comparison page holds both rubrics' figures and the paired difference per dimension")
    func comparison() throws {
        let ids = AlignmentFixture.ids(40)
        let expert = AlignmentFixture.expert
        func scores(_ values: [Double]) -> JudgeScores {
            JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, values.map { JudgeScore($0) })))
        }
        let input = RubricComparison.Input(
            controlName: "tags v1 <i>", experimentalName: "tags v2", runRowIDs: ids,
            dimensions: [
                .init(
                    name: "relevance", scale: CategoryScale(1...5), control: scores(AlignmentFixture.judge), experimental: scores(expert),
                    expertLabels: zip(ids, expert).map { ExpertLabel(rowID: $0, value: $1) })
            ])
        let comparison = try RubricComparison(input, options: AlignmentSettings(resamples: 200, seed: 3))
        let d = try #require(comparison.dimensions.first)
        let html = comparison.renderHTML()
        #expect(
            Double(try #require(Self.attribute("data-control", chart: "comparison", dimension: "relevance", in: html))) == d.control.value)
        #expect(
            Double(try #require(Self.attribute("data-experimental", chart: "comparison", dimension: "relevance", in: html)))
                == d.experimental.value)
        #expect(
            Double(try #require(Self.attribute("data-difference-upper", chart: "comparison", dimension: "relevance", in: html)))
                == d.difference.interval?.upper)
        // The experimental rubric copies the expert: κ = 1 against the control's lower value.
        #expect(d.experimental.value == 1)
        #expect(!html.contains("<i>") && html.contains("tags v1 &lt;i&gt;"))
        #expect(comparison.renderMarkdown().contains("| relevance | 40 |"))
    }

    @Test("The label page embeds book-014 as escaped JSON, blinded, with the rubric's scales")
    func labelPage() throws {
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        let sheet = try LabelSheet(run: run, dimensions: rubric.dimensions)
        let html = try sheet.renderHTML(
            dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name, sheetName: "book-tags.labels.csv")
        // Exactly two script elements: the data and the page's own code.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.contains(#"\u003cscript\u003ealert(\"gotcha\")\u003c/script\u003e"#))
        let levels = try #require(rubric.dimensions.first?.scale.levels)
        for level in levels { #expect(html.contains(HTMLEscaping.text(level.description))) }
        // Blinded: the rows carry exactly the CSV sheet's columns, no judge field.
        struct Embedded: Decodable { var columns: [String] }
        let start = try #require(html.range(of: "id=\"sheet-data\">"))
        let json = html[start.upperBound...].prefix { $0 != "<" }
        #expect(try JSONDecoder().decode(Embedded.self, from: Data(json.utf8)).columns == sheet.columns)
    }
}
