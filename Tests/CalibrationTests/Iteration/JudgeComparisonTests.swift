import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

@Suite("Compare any two judges: failures by kind, worst rows with what was judged, slices, no test on no rows")
struct JudgeComparisonTests {
    /// The same rubric under a second model that writes expert-a's labels but fails four rows.
    static func smallModel() throws -> JudgmentSet {
        let expert = Dictionary(DigestFixture.labels.labels.map { ($0.id, $0.scores) }, uniquingKeysWith: { a, _ in a })
        let failed: [String: String] = ["book-005": "invalid-json", "book-006": "invalid-json", "book-007": "off-scale", "book-010": "off-scale"]
        let judgments = try DigestFixture.run.rows.map { row -> Judgment in
            if let code = failed[row.id] {
                let line = """
                    {"id":"\(row.id)","scores":[],"failure":{"code":"\(code)","message":"\(code)","attempts":[{"reply":"x","code":"\(code)","message":"\(code)"}]},\
                    "rawReplies":["x"],"retries":0,"model":"fixture-small","promptHash":"h"}
                    """
                return try JSONDecoder().decode(Judgment.self, from: Data(line.utf8))
            }
            let scores = try DigestFixture.rubric.dimensions.map { d in
                let score = try #require(expert[row.id]?[d.name])
                return DimensionJudgment(dimension: d.name, score: score, label: score.plainText, rationale: "small \(row.id)")
            }
            return Judgment(id: row.id, scores: scores, rawReplies: [], retries: 0, model: "fixture-small", promptHash: "h")
        }
        return JudgmentSet(run: "book-tags", rubric: "book-tags", rubricVersion: "1", model: "fixture-small", judgments: judgments)
    }

    static func comparison(groupBy: String? = nil) throws -> RubricComparison {
        try RubricComparison(
            RubricComparison.Input(
                run: DigestFixture.run, control: DigestFixture.rubric, controlJudgments: try DigestFixture.judgments(),
                experimental: DigestFixture.rubric, experimentalJudgments: try smallModel(), labels: DigestFixture.labels,
                groupBy: groupBy),
            options: AlignmentSettings(resamples: 200, seed: 4, worstDisagreements: 3))
    }

    @Test("One rubric under two models: each side named by its model, failures counted by code, the quadrupling said")
    func failures() throws {
        let c = try Self.comparison()
        #expect(c.controlName == "book-tags v1 · fixture")
        #expect(c.experimentalName == "book-tags v1 · fixture-small")
        #expect(c.controlFailures == RubricComparison.SideFailures(rows: 40, failed: 1, byCode: ["invalid-json": 1]))
        #expect(c.experimentalFailures.byCode == ["invalid-json": 2, "off-scale": 2])
        #expect(c.failureComparison == "the experimental side failed 4 rows, 4.0× the control side's 1")
        for page in [c.renderText(), c.renderMarkdown(), c.renderHTML()] {
            #expect(page.contains("4.0× the control side"))
            #expect(page.contains("off-scale 2"))
        }
    }

    @Test("Worst disagreements: furthest from the experts on either side, ties by id, with the row's input and output")
    func worst() throws {
        let relevance = try #require(try Self.comparison().dimensions.first)
        #expect(relevance.worstDisagreements.map(\.rowID) == ["book-001", "book-030", "book-003"])
        let first = try #require(relevance.worstDisagreements.first)
        #expect([first.expert, first.control, first.experimental] == [4, 2, 4])
        #expect(first.controlRationale == "because book-001")
        #expect(first.experimentalRationale == "small book-001")
        let row = try #require(DigestFixture.run.rows.first { $0.id == "book-001" })
        #expect(first.judged == JudgedText(input: row.input.plainText, output: row.response.plainText))
        #expect(first.judged?.output.contains("cartography") == true)
    }

    @Test("--group-by: a verdict per slice, whose rows add up to the dimension's")
    func slices() throws {
        let c = try Self.comparison(groupBy: "metadata.flaw")
        #expect(c.groupedBy == "metadata.flaw")
        let relevance = try #require(c.dimensions.first)
        let flaws = Set(DigestFixture.run.rows.compactMap { $0.metadata["flaw"]?.plainText })
        #expect(Set(relevance.slices.map(\.group)).isSubset(of: flaws))
        #expect(relevance.slices.map(\.group) == relevance.slices.map(\.group).sorted())
        #expect(relevance.slices.reduce(0) { $0 + $1.paired } == relevance.paired)
        #expect(relevance.slices.allSatisfy { $0.verdict == Verdict(difference: $0.difference) })
        let markdown = c.renderMarkdown()
        #expect(markdown.contains("### Per metadata.flaw"))
        #expect(c.renderHTML().contains("Per metadata.flaw"))
    }

    @Test("The Markdown report carries what the page does: verdicts, McNemar, worst rows with input and output, flipped rows")
    func markdownCarriesThePage() throws {
        let c = try Self.comparison(groupBy: "metadata.flaw")
        let markdown = c.renderMarkdown()
        let html = c.renderHTML()
        for d in c.dimensions {
            #expect(markdown.contains(HTMLEscaping.markdownCell(c.mcnemarSentence(d))))
            #expect(html.contains(HTMLEscaping.text(c.mcnemarSentence(d))))
            for r in d.worstDisagreements {
                #expect(markdown.contains(HTMLEscaping.markdownCell(r.judged?.output ?? "—")))
                #expect(html.contains(HTMLEscaping.text(r.judged?.output ?? "—")))
            }
            for f in d.flipped { #expect(markdown.contains("| \(HTMLEscaping.markdownCell(f.rowID)) |")) }
            #expect(markdown.contains(d.verdict.outcome.rawValue))
        }
    }

    @Test("No paired rows: no McNemar test, shown as — with why, never 0/0 and p 1.000")
    func noPairedRows() throws {
        let ids = ["r0", "r1"]
        let input = RubricComparison.Input(
            controlName: "A", experimentalName: "B", runRowIDs: ids,
            dimensions: [
                .init(
                    name: "quality", scale: CategoryScale(1...3), control: JudgeScores(scores: [:], failures: ["r0": "x", "r1": "x"]),
                    experimental: JudgeScores(scores: ["r0": JudgeScore(2), "r1": JudgeScore(3)]),
                    expertLabels: [ExpertLabel(rowID: "r0", value: 2), ExpertLabel(rowID: "r1", value: 3)])
            ], controlFailureCodes: ["r0": "transport", "r1": "transport"])
        let c = try RubricComparison(input, options: AlignmentSettings(resamples: 100, seed: 1))
        let d = try #require(c.dimensions.first)
        #expect(d.paired == 0)
        #expect(d.mcnemar == nil)
        #expect(d.noTestReason?.hasPrefix("no paired rows") == true)
        #expect(d.verdict.outcome == .undefined)
        let text = c.renderText()
        #expect(!text.contains("0/0"))
        #expect(text.contains("McNemar: — (no paired rows"))
        #expect(c.failureComparison == "only the control side failed rows: 2 of 2")
    }
}
