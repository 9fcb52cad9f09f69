import Calibration
import CalibrationReports
import DataFormats
import Foundation
import JudgeProbes
import Judging
import LanguageModels
import Testing
import _TestSupport

/// A judge that gives Relevance 2 and Usefulness 3, Relevance 4 when the tags end in `length-pad`'s filler, its
/// rationale quoting book-014's review (which holds a script) and an attribute breaker.
private struct HostileRationaleJudge: LanguageModel {
    let modelName = "hostile"

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        struct Reply: Encodable {
            var rationale: String
            var score: Int
        }
        let padded = (request.messages.last?.content ?? "").contains(ProbeText.fillerItems.joined(separator: ", "))
        let rationale = ReportFixture.book014Review + ReportFixture.attributeBreaker
        let reply = ["Relevance": Reply(rationale: rationale, score: padded ? 4 : 2), "Usefulness": Reply(rationale: "fine", score: 3)]
        let text = String(decoding: try JSONEncoder().encode(reply), as: UTF8.self)
        return ChatResponse(choices: [.init(text: text, finishReason: "stop")], model: modelName, latency: 0)
    }
}

/// Reports of the three kinds `judgecal report` learnt to re-render, built from hostile fixtures.
enum SavedReportFixture {
    static func estimates() throws -> EstimationReport { try BrowserPageTests.hostileEstimates() }

    static func digest() throws -> DisagreementDigest {
        try DisagreementDigest(
            run: DigestFixture.run, rubric: DigestFixture.rubric, judgments: try BrowserPageTests.hostileJudgments(),
            labels: DigestFixture.labels, rows: DigestFixture.development)
    }

    static func probes() async throws -> ProbeReport {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let battery = try ProbeBattery(named: ["length-pad"], rubric: rubric, field: "response.tags")
        return try await battery.run(
            run: try ProbeBatteryTests.run(rows: 12), rubric: rubric, model: HostileRationaleJudge(), concurrency: 1)
    }

    /// `report` saved as JSON and read back.
    static func saved(_ report: some Encodable) throws -> ReportDocument {
        try ReportDocument(json: JSONEncoder.report.encode(report), file: "saved.json")
    }
}

@Suite("judgecal report: saved estimates, digests and probe reports read back as their kind and render as their commands do")
struct ReportDocumentKindsTests {
    @Test("Run estimates: the same report, text, Markdown and page")
    func estimates() throws {
        let original = try SavedReportFixture.estimates()
        guard case .estimate(let read) = try SavedReportFixture.saved(original) else {
            Issue.record("not read as run estimates")
            return
        }
        #expect(read == original)
        let document = ReportDocument.estimate(read)
        #expect(document.text == original.renderText() && document.markdown == original.renderMarkdown())
        #expect(document.html == original.renderHTML())
    }

    @Test("Several judges' table: the same table, text, Markdown and page; a judge's broken report is named by its path")
    func judgeTable() throws {
        let original = try BrowserPageTests.hostileJudgeTable()
        guard case .judgeTable(let read) = try SavedReportFixture.saved(original) else {
            Issue.record("not read as several judges' table")
            return
        }
        #expect(read == original)
        let document = ReportDocument.judgeTable(read)
        #expect(document.text == original.renderText() && document.markdown == original.renderMarkdown())
        #expect(document.html == original.renderHTML())
        var broken = original
        let name = try #require(broken.reports.keys.sorted().first)
        broken.reports[name]?.dimensions[0].counts.paired = -1
        #expect(ReportDocument.judgeTable(broken).problem?.path.hasPrefix("reports.\(name).dimensions[0]") == true)
    }

    @Test("Disagreement digest: the same digest, text, Markdown and page")
    func digest() throws {
        let original = try SavedReportFixture.digest()
        guard case .digest(let read) = try SavedReportFixture.saved(original) else {
            Issue.record("not read as a disagreement digest")
            return
        }
        #expect(read == original)
        let document = ReportDocument.digest(read)
        #expect(document.text == original.renderText() && document.markdown == original.renderMarkdown())
        #expect(document.html == original.renderHTML())
    }

    @Test("Probe report: the same report, text, Markdown and page; its verdict survives")
    func probes() async throws {
        let original = try await SavedReportFixture.probes()
        guard case .probe(let read) = try SavedReportFixture.saved(original) else {
            Issue.record("not read as a probe report")
            return
        }
        #expect(read == original)
        #expect(read.probes.first?.verdict.outcome == .biasedHigher)
        let document = ReportDocument.probe(read)
        #expect(document.text == original.renderText() && document.markdown == original.renderMarkdown())
        #expect(document.html == original.renderHTML())
    }

    /// Issue #29: a run or rubric name holding ESC reached the terminal raw from the probe report's header.
    @Test("A probe report's run, rubric and probe names with control characters print them visibly, never raw")
    func probeNamesVisible() async throws {
        var report = try await SavedReportFixture.probes()
        report.run = "run\u{1B}[2J"
        report.rubric = "rubric\u{1B}]0;title\u{07}"
        report.probes[0].name += "\u{1B}[31m"
        report.probes[0].summary += "\u{9B}1m"
        let text = report.renderText()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(text.contains("run␛[2J") && text.contains("rubric␛]0;title␇"))
    }

    @Test("A probe report of another schema version is refused, naming the field")
    func schemaVersion() async throws {
        var original = try await SavedReportFixture.probes()
        original.schemaVersion = 99
        let error = try #require(throws: InputError.self) { try SavedReportFixture.saved(original) }
        #expect(error.column == "schemaVersion" && error.message.contains("schema version 99"))
    }
}

extension BrowserPageTests {
    @Test("Re-rendered estimates, digest and probe pages: book-014's script and an attribute breaker stay text")
    func savedReportPages() async throws {
        let documents: [(String, ReportDocument)] = [
            ("estimates", try SavedReportFixture.saved(try SavedReportFixture.estimates())),
            ("digest", try SavedReportFixture.saved(try SavedReportFixture.digest())),
            ("probes", try SavedReportFixture.saved(try await SavedReportFixture.probes())),
        ]
        for (name, document) in documents {
            let outcome = try ChromiumDriver(name: "saved-\(name)-page").run(
                html: document.html, name: "\(name).html", steps: "[\(ChromiumDriver.inertnessSteps)]")
            outcome.expectInert()
        }
    }
}
