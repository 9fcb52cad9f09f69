import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

/// The sample run judged with rubric v1 by a planted judge: expert-a's labels
/// except where a row is set below, and one row failed.
enum DigestFixture {
    static let run: FrozenRun = load { try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl")) }
    static let rubric: Rubric = load { try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")) }
    static let labels: ExpertLabels = load {
        try ExpertLabels.load(
            from: [SharedData.projectURL("calibration/book-tags.labels.csv")], dimensions: rubric.dimensions,
            runIDs: Set(run.rows.map(\.id)))
    }
    /// Development rows: book-001 … book-020 (book-002 and book-004 are the rubric's worked examples).
    static let development = Set((1...20).map { String(format: "book-%03d", $0) })

    /// Relevance as the planted judge writes it where it differs from expert-a:
    /// 4 → 2 once, 3 → 2 twice (more rows, less weight), and 3 → 1 outside the development rows.
    static let relevance: [String: Double] = ["book-001": 2, "book-003": 2, "book-010": 2, "book-030": 1]

    static func judgments(rubricVersion: String? = nil) throws -> JudgmentSet {
        let expert = Dictionary(labels.labels.map { ($0.id, $0.scores) }, uniquingKeysWith: { a, _ in a })
        let failed = """
            {"id":"book-006","scores":[],"failure":{"code":"invalid-json","message":"the reply is not JSON",
            "attempts":[{"reply":"{oops","code":"invalid-json","message":"the reply is not JSON"}]},
            "rawReplies":["{oops"],"retries":0,"model":"fixture","promptHash":"h"}
            """
        let judgments = try run.rows.map { row -> Judgment in
            if row.id == "book-006" { return try JSONDecoder().decode(Judgment.self, from: Data(failed.utf8)) }
            let scores = try rubric.dimensions.map { d in
                let value = d.name == "Relevance" ? relevance[row.id] : nil
                let score = try #require(value ?? expert[row.id]?[d.name])
                let rationale = row.id == "book-014" ? ReportFixture.book014Review : "because \(row.id)"
                return DimensionJudgment(dimension: d.name, score: score, label: score.plainText, rationale: rationale)
            }
            return Judgment(id: row.id, scores: scores, rawReplies: [], retries: 0, model: "fixture", promptHash: "h")
        }
        return JudgmentSet(
            run: run.info.name, rubric: rubric.name, rubricVersion: rubricVersion ?? rubric.version, model: "fixture",
            judgments: judgments)
    }

    private static func load<T>(_ body: () throws -> T) -> T {
        do { return try body() } catch { fatalError("cannot read the sample: \(error)") }
    }
}

@Suite("Disagreement digest: confusion pairs by weight, on the rows given")
struct DisagreementDigestTests {
    func digest(rows: Set<String>? = DigestFixture.development) throws -> DisagreementDigest {
        try DisagreementDigest(
            run: DigestFixture.run, rubric: DigestFixture.rubric, judgments: try DigestFixture.judgments(),
            labels: DigestFixture.labels, rows: rows)
    }

    @Test("Expert 4 → judge 2 (weight 4/9, one row) ranks above 3 → 2 (1/9, two rows); counts add up")
    func ranking() throws {
        let relevance = try #require(try digest().dimensions.first)
        #expect(relevance.name == "Relevance")
        #expect(relevance.pairs.map { [$0.expert.label, $0.judge.label] } == [["4", "2"], ["3", "2"]])
        #expect(zip(relevance.pairs.map(\.weight), [4.0 / 9, 1.0 / 9]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(relevance.pairs.map { $0.rows.map(\.rowID) } == [["book-001"], ["book-003", "book-010"]])
        // 20 rows, 2 worked examples out, 1 failed by the judge.
        #expect(relevance.labelled == 18)
        #expect(relevance.judgeFailures == ["invalid-json": 1])
        #expect(relevance.compared == 17)
        #expect(relevance.agreed == 14)
    }

    @Test("Each pair carries the rubric's text of both levels, the rationale and the expert's note")
    func texts() throws {
        let pair = try #require(try digest().dimensions.first?.pairs.last)
        let scale = try #require(DigestFixture.rubric.dimension("Relevance")?.scale)
        #expect(pair.expert.description == scale.level(labelled: "3")?.description)
        #expect(pair.judge.description == scale.level(labelled: "2")?.description)
        let row = try #require(pair.rows.first)
        #expect(row.judgeRationale == "because book-003")
        #expect(row.expertNote?.hasPrefix("Judgment call") == true)
        #expect([row.expert, row.judge] == [3, 2])
    }

    @Test("Rows outside the set never appear; without a set, every row does")
    func restriction() throws {
        let restricted = try digest()
        let shown = restricted.dimensions.flatMap { $0.pairs.flatMap { $0.rows.map(\.rowID) } }
        #expect(shown.allSatisfy(DigestFixture.development.contains))
        #expect(restricted.rowsGiven == 20)
        #expect(restricted.exampleRows == ["book-002", "book-004"])
        let everything = try digest(rows: nil)
        #expect(everything.dimensions.first?.pairs.map { [$0.expert.label, $0.judge.label] } == [["4", "2"], ["3", "1"], ["3", "2"]])
        #expect(everything.rowsGiven == nil)
    }

    @Test("A row set naming a row the run lacks, or judgments of another rubric version, is refused")
    func refusals() throws {
        #expect(throws: AlignmentError.self) { try digest(rows: ["book-001", "book-999"]) }
        let error = #expect(throws: InputError.self) {
            try DisagreementDigest(
                run: DigestFixture.run, rubric: DigestFixture.rubric, judgments: try DigestFixture.judgments(rubricVersion: "7"),
                labels: DigestFixture.labels)
        }
        #expect(error?.message.contains("book-tags v7, not book-tags v1") == true)
    }

    @Test("Text, Markdown and HTML carry every pair; book-014's script stays text")
    func renderings() throws {
        let digest = try digest()
        let text = digest.renderText()
        #expect(text.contains("### expert 4 → judge 2 (weight 0.444): 1 row"))
        #expect(text.contains("judge's level 2: Several tags are reactions"))
        let markdown = digest.renderMarkdown()
        #expect(markdown.contains("### expert 3 → judge 2 (weight 0.111): 2 rows"))
        #expect(markdown.contains("Several tags are reactions"))
        let html = digest.renderHTML()
        #expect(html.contains("data-expert=\"4\" data-judge=\"2\""))
        #expect(!html.contains("<script>"))
        let roundTrip = try JSONDecoder().decode(DisagreementDigest.self, from: JSONEncoder.report.encode(digest))
        #expect(roundTrip == digest)
    }
}

@Suite("Row id lists: one id a line, every id a row of the run")
struct RowIDListTests {
    func load(_ text: String) throws -> Set<String> {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let rows = ["a", "b", "c"].map { FrozenRow(id: $0, input: .null, response: .null) }
        return try RowIDList.load(from: url, run: try FrozenRun(info: RunInfo(name: "abc"), rows: rows))
    }

    @Test("CRLF and blank lines read; an unknown id, a repeated id and an empty file are errors with their line")
    func reading() throws {
        #expect(try load("a\r\n\nc\n") == ["a", "c"])
        let unknown = #expect(throws: InputError.self) { try load("a\nz\n") }
        #expect(unknown?.line == 2)
        let repeated = #expect(throws: InputError.self) { try load("a\nb\na\n") }
        #expect(repeated?.line == 3)
        #expect(repeated?.message.contains("first on line 1") == true)
        #expect(throws: InputError.self) { try load("\n\n") }
    }
}
