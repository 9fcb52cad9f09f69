import AgreementStatistics
import Calibration
import DataFormats
import Foundation
import Judging
import LanguageModels
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
