import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import DataFormats
import Foundation
import JudgeProbes
import Judging
import LanguageModels
import RunImports
import RunInference
import StatisticsCore
import Synchronization
import Testing
import _TestSupport

/// A pairwise judge with a planted bias.
///
/// It picks the response shown first (A), except on rows whose input says "decide", where it picks the longer response wherever it is shown; the row
/// "flaky" gets no answer in the swapped order on the first run only. It counts requests.
private final class PlantedPairwiseJudge: LanguageModel {
    let modelName = "planted-pairwise"
    let requests = Mutex(0)
    let firstRun = Mutex(true)

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        requests.withLock { $0 += 1 }
        let prompt = request.messages.last?.content ?? ""
        func shown(_ tag: String) -> String {
            prompt.components(separatedBy: "<\(tag)>\n").last?.components(separatedBy: "\n</\(tag)>").first ?? ""
        }
        if prompt.contains("<input>\nflaky"), shown("response-a") == "bb", firstRun.withLock({ $0 }) {
            throw LanguageModelError(.retriesExhausted, "no answer", statusCode: 503, attempts: 5, underlying: .httpStatus)
        }
        let winner =
            prompt.contains("<input>\ndecide")
            ? (shown("response-a").count >= shown("response-b").count ? "A" : "B") : "A"
        let text = #"{"winner": {"rationale": "picked \#(winner)", "score": "\#(winner)"}}"#
        return ChatResponse(choices: [.init(text: text, finishReason: "stop")], model: modelName, latency: 0)
    }
}

@Suite("Pairwise runs: both orders through the judge's one path, preferences aligned with humans, the position probe")
struct PairwiseRunTests {
    static func run() throws -> FrozenRun {
        let rows = [
            ("p1", "decide", "long answer", "short"), ("p2", "decide", "tiny", "a longer one"), ("p3", "plain", "x", "yy"),
            ("p4", "flaky", "a", "bb"),
        ]
        .map { id, input, a, b in
            FrozenRow(id: id, input: .string(input), response: .object(["a": .string(a), "b": .string(b)]))
        }
        return try FrozenRun(info: RunInfo(name: "pairs"), rows: rows)
    }

    @Test("Each pair is judged in both orders; a transport failure is asked again next run; the cache answers the rest")
    func bothOrders() async throws {
        let folder = try SharedData.temporaryFolder("pairwise")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/llmbar-pairwise.md"))
        let judge = PlantedPairwiseJudge()
        let model = CachedModel(judge, cache: try ResponseCache(url: folder.appendingPathComponent("cache.sqlite")))
        let first = try await JudgeRun.judgePairwise(run: try Self.run(), rubric: rubric, model: model, concurrency: 1)
        let labels = first.judgments.map { $0.scores.map(\.label) }
        #expect(labels[0] == ["a", "a", "a"] && labels[1] == ["b", "b", "b"], "content decides, whatever the order")
        #expect(labels[2] == ["tie", "a", "b"], "position decides: the orders disagree, a tie")
        #expect(first.judgments[3].failure?.isTransport == true)
        #expect(judge.requests.withLock { $0 } == 8)
        judge.firstRun.withLock { $0 = false }
        let second = try await JudgeRun.judgePairwise(run: try Self.run(), rubric: rubric, model: model, concurrency: 2)
        #expect(second.judgments[3].scores.map(\.label) == ["tie", "a", "b"])
        #expect(judge.requests.withLock { $0 } == 9, "only the unanswered order is asked again")
        #expect(second.judgments.dropLast() == first.judgments.dropLast())
        // The judgments file is an ordinary one, with the pairwise dimensions.
        let file = folder.appendingPathComponent("pairs.judgments.jsonl")
        try second.jsonLines().write(to: file)
        #expect(try JudgmentSet.load(from: file) == second)
        #expect(second.tidyCSV(dimensions: rubric.recordedDimensions(pairwise: true)).contains("p3,a-first,"))
    }

    @Test("Preferences aligned with a label sheet: agreement, kappa, position consistency and a verdict")
    func alignment() async throws {
        let folder = try SharedData.temporaryFolder("pairwise-align")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/llmbar-pairwise.md"))
        let judge = PlantedPairwiseJudge()
        judge.firstRun.withLock { $0 = false }
        let run = try Self.run()
        let judgments = try await JudgeRun.judgePairwise(run: run, rubric: rubric, model: judge)
        let sheet = folder.appendingPathComponent("pairs.labels.csv")
        try Data("id,preference\np1,a\np2,B\np3,b\np4,tie\n".utf8).write(to: sheet)
        let labels = try ExpertLabels.load(from: [sheet], dimensions: [PreferenceAlignment.labelDimension], runIDs: Set(run.rows.map(\.id)))
        let report = PreferenceAlignment(run: run, judgments: judgments, labels: labels)
        #expect(report.agreement.percentAgreement.value == 0.75)
        #expect(report.agreement.positionConsistency.value == 0.5)
        #expect(report.inconsistentAsTies == 2 && report.labels == 4 && report.failed == 0)
        #expect(report.verdict.outcome == .inconclusive, "4 labelled pairs are too few for a verdict")
        let text = report.renderText()
        #expect(text.contains("win/tie/loss agreement: 0.750") && text.contains("position consistency: 0.500"), "\(text)")
        #expect(try report.renderJSON().contains(#""inconsistentAsTies" : 2"#))
        // A preference label off a, tie, b is named with file, line and column.
        try Data("id,preference\np1,model_a\n".utf8).write(to: sheet)
        let error = try #require(throws: InputError.self) {
            try ExpertLabels.load(from: [sheet], dimensions: [PreferenceAlignment.labelDimension])
        }
        #expect(error.line == 2 && error.column == "preference", "\(error)")
    }

    @Test("align --pairwise's outputs: page and Markdown inert to injected names, a history line, a saved report read back")
    func outputs() async throws {
        let folder = try SharedData.temporaryFolder("pairwise-outputs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/llmbar-pairwise.md"))
        let judge = PlantedPairwiseJudge()
        judge.firstRun.withLock { $0 = false }
        let hostile = #"<script>alert("gotcha")</script>"#
        let run = try FrozenRun(info: RunInfo(name: hostile), rows: try Self.run().rows)
        let sheet = folder.appendingPathComponent("pairs.labels.csv")
        try Data("id,preference\np1,a\np2,b\np3,b\np4,tie\nelsewhere,a\n".utf8).write(to: sheet)
        let labels = try ExpertLabels.load(
            from: [sheet], dimensions: [PreferenceAlignment.labelDimension], runIDs: Set(run.rows.map(\.id)), outsideRun: .counted)
        var report = PreferenceAlignment(
            run: run, judgments: try await JudgeRun.judgePairwise(run: run, rubric: rubric, model: judge), labels: labels)
        report.model = #""><img src=x onerror="window.__pwned=1">"#
        report.rubric = "[click](javascript:alert(1))"
        #expect(report.labelledRowsNotInRun == 1 && report.labels == 4)
        let html = report.renderHTML(), markdown = report.renderMarkdown()
        for page in [html, markdown] {
            #expect(!page.contains("<script") && !page.contains("<img"))
            #expect(page.contains("&lt;script&gt;alert(&quot;gotcha&quot;)&lt;/script&gt;"))
            #expect(page.contains("1 labelled row is not a row of this run and was left out."))
        }
        #expect(html.contains("script-src 'none'") && !html.contains("href="), "a Markdown link in a name stays text on the page")
        #expect(markdown.contains(#"\[click\](javascript:alert(1))"#) && markdown.contains(#"window.\_\_pwned=1"#))
        // The charts carry the figures: kappa against the threshold, and counts[human][judge].
        let kappa = report.agreement.kappa.kappa
        #expect(
            ReportRenderingTests.attribute("data-value", chart: "statistic", dimension: "preference", in: html)
                == kappa.value.map { "\($0)" })
        #expect(
            ReportRenderingTests.attribute("data-counts", chart: "confusion", dimension: "preference", in: html)
                == "[" + report.agreement.table.transposed.rows.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
                .joined(separator: ",") + "]")
        #expect(markdown.contains("| win/tie/loss agreement | 0.750"), "\(markdown)")

        // Written as align writes: the report file and a history line, all or none.
        let history = folder.appendingPathComponent("history.jsonl"), saved = folder.appendingPathComponent("pairs.json")
        try AlignmentOutputs(report: saved.path, history: history.path).write(report, rubricText: "the rubric")
        let entry = try AlignmentHistoryEntry.decode(line: try Data(contentsOf: history).dropLast())
        let figures = try #require(entry.dimensions.first)
        #expect(entry.rubric == report.rubric && entry.model == report.model && entry.threshold == 0.6)
        #expect(entry.rubricTextHash == SHA256.hexDigest(of: Array("the rubric".utf8)))
        #expect(figures.dimension == "preference" && figures.statistic == .kappa && figures.n == 4)
        #expect(figures.exactAgreement == 0.75 && figures.kappa == kappa.value && figures.lower == kappa.interval?.lower)
        #expect(figures.positionConsistency == 0.5 && figures.verdict == report.verdict.outcome)
        let document = try ReportDocument(contentsOf: saved)
        guard case .preference(let read) = document else {
            Issue.record("read back as another kind: \(document)")
            return
        }
        #expect(read == report && document.html == html && document.text == report.renderText())

        // A saved table that is not 3×3 is refused with its path, never drawn.
        let tampered = try String(contentsOf: saved, encoding: .utf8).replacingOccurrences(
            of: #""counts" : ["#, with: #""counts" : [7,"#)
        let error = try #require(throws: InputError.self) { try ReportDocument(json: Data(tampered.utf8), file: "t.json") }
        #expect(error.column == "agreement.table.counts" && error.message.contains("10 counts"), "\(error)")
    }

    @Test("The position probe on a pairwise battery finds the first-position judge, against its placebo")
    func positionProbe() async throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/llmbar-pairwise.md"))
        let rows = (0..<12).map { i in
            FrozenRow(
                id: "q\(i)", input: .string(i < 2 ? "decide" : "plain \(i)"),
                response: .object(["a": .string("answer \(i)"), "b": .string("other answer \(i)")]))
        }
        let run = try FrozenRun(info: RunInfo(name: "positions"), rows: rows)
        let battery = try ProbeBattery(named: [], rubric: rubric, field: "response", pairwise: true)
        #expect(battery.probes.map(\.name) == ["position"])
        let judge = PlantedPairwiseJudge()
        let report = try await battery.run(run: run, rubric: rubric, model: judge)
        let position = try #require(report.probes.first)
        #expect(position.verdict.outcome == .biasedHigher, "the swapped order's A is b: the judge follows position")
        #expect(position.dimensions.first?.dimension == "winner")
        #expect(position.dimensions.first?.shift.estimate.value == 20.0 / 12, "10 rows move from a (0) to b (2)")
        #expect(judge.requests.withLock { $0 } == 36, "unchanged, placebo and swapped: 12 each")
    }

    @Test("LLMBar's pairwise instances import as a pairwise run, with the human annotations kept")
    func llmbarImport() throws {
        let url = SharedData.url("data/judge-bench/llmbar__data-natural.json")
        let run = try RunImporter.importRun(from: url, format: RunImporter.detectFormat(of: url))
        #expect(run.rows.count == 100)
        let row = try #require(run.row(id: "LLMBar Natural (Zeng et al., ICLR 2024)-Natural_1"))
        #expect(row.input == .string("Complete a brief story given the following first sentence. [MALE] was a weatherman."))
        #expect(row.response["a"]?.string?.hasPrefix("He learned his weather report.") == true)
        #expect(row.response["b"]?.string?.hasPrefix("He would always mistreat it") == true)
        #expect(row.metadata["annotations"]?["quality_single_turn"]?["majority_human"] == .string("model_a"))
    }
}
