import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import EvaluationCore
import Foundation
import JudgeProbes
import Judging
import LanguageModels
import RunInference
import StatisticsCore
import Synchronization
import Testing
import _TestSupport

/// A judge with a planted, known bias.
///
/// It scores a row's Relevance by its number of tags named
/// `tag-…` (one more than their number, at most 4) and Usefulness 3, raises Relevance by one level (up to 4) whenever the tags end in the
/// `length-pad` filler, and ignores everything else — planted instructions included. It counts
/// the requests that reach it.
private final class PlantedBiasJudge: LanguageModel {
    let modelName = "planted-bias"
    let requests = Mutex(0)

    func respond(to request: ChatRequest) async throws -> ChatResponse {
        requests.withLock { $0 += 1 }
        let prompt = request.messages.last?.content ?? ""
        let target = prompt.components(separatedBy: "<target>").last ?? ""
        let tags = target.components(separatedBy: "Generated tags: ").last?.components(separatedBy: "\n").first ?? ""
        let padded = tags.hasSuffix(ProbeText.fillerItems.joined(separator: ", "))
        let count = tags.split(separator: ",").count { $0.trimmingCharacters(in: .whitespaces).hasPrefix("tag-") }
        let relevance = min(4, count + 1 + (padded ? 1 : 0))
        let text = """
            {"Relevance": {"rationale": "counted <b>\(count)</b> tags", "score": \(relevance)}, \
            "Usefulness": {"rationale": "fine", "score": 3}}
            """
        return ChatResponse(choices: [.init(text: text, finishReason: "stop")], model: modelName, latency: 0)
    }
}

@Suite("A probe battery finds a planted bias, leaves an unbiased probe alone, and resumes from the cache")
struct ProbeBatteryTests {
    static func run(rows: Int) throws -> FrozenRun {
        let made = (0..<rows).map { i in
            FrozenRow(
                id: "row-\(i)", input: .object(["title": .string("T"), "author": .string("A"), "review": .string("R \(i)")]),
                response: .object(["tags": .array((0...(i % 3)).map { .string("tag-\(i)-\($0)") })]))
        }
        return try FrozenRun(info: RunInfo(name: "planted"), rows: made)
    }

    static func setting() throws -> (FrozenRun, Rubric, ProbeBattery, URL) {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let battery = try ProbeBattery(named: ["length-pad", "injection"], rubric: rubric, field: "response.tags")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-probes-\(UUID())")
        return (try run(rows: 40), rubric, battery, folder)
    }

    @Test("length-pad is biased higher on Relevance only; injection has no effect; the placebo asks afresh, then resumes")
    func plantedBiasIsFound() async throws {
        let (run, rubric, battery, folder) = try Self.setting()
        defer { try? FileManager.default.removeItem(at: folder) }
        let judge = PlantedBiasJudge()
        let cache = try ResponseCache(url: folder.appendingPathComponent("cache.sqlite"))
        let report = try await battery.run(run: run, rubric: rubric, model: CachedModel(judge, cache: cache), concurrency: 1)
        #expect(judge.requests.withLock { $0 } == 4 * 40, "unchanged, placebo (past the cache), and two probes")
        #expect(report.placebo.isDeterministic)
        let pad = try #require(report.probes.first { $0.name == "length-pad" })
        #expect(pad.verdict.outcome == .biasedHigher, "\(pad.verdict.reason)")
        let relevance = try #require(pad.dimensions.first { $0.dimension == "Relevance" })
        #expect(relevance.changedShare.changed == relevance.shift.estimate.n - 13, "the 13 rows already at 4 cannot rise")
        #expect(pad.dimensions.first { $0.dimension == "Usefulness" }?.verdict.outcome == .noEffectDetected)
        #expect(pad.mostAffected.first?.rationale.contains("<b>") == true)
        #expect(report.probes.first { $0.name == "injection" }?.verdict.outcome == .noEffectDetected)
        #expect(report.worstOutcome == .biasedHigher, "biased over no effect detected (judgecal probe exits 2)")

        let html = report.renderHTML()
        #expect(!html.contains("<b>") && html.contains("&lt;b&gt;"), "text from the judge is shown, never run")
        #expect(html.components(separatedBy: "class=\"probe-chart\"").count == 3, "one chart per probe")

        let again = try await battery.run(run: run, rubric: rubric, model: CachedModel(judge, cache: cache), concurrency: 1)
        #expect(judge.requests.withLock { $0 } == 4 * 40, "a second battery is answered from the cache")
        #expect(again == report)
    }

    @Test("Degradations: truncation lowers the counted Relevance (sensitive) but not the fixed Usefulness (insensitive); invented items move nothing")
    func degradations() async throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let battery = try ProbeBattery(
            named: ["truncation", "invented-items", "ignored-instruction"], rubric: rubric, field: "response.tags")
        let judge = PlantedBiasJudge()
        let report = try await battery.run(run: try Self.run(rows: 40), rubric: rubric, model: judge, concurrency: 1)
        let truncation = try #require(report.probes.first { $0.name == "truncation" })
        // Rows with one tag (i mod 3 = 0: 14 of 40) have nothing left to keep: left out by reason, never judged unchanged.
        #expect(truncation.rowsProbed == 26 && truncation.leftOut == ["one-part": 14] && truncation.rowsUnchanged == 0)
        #expect(truncation.lowers == ["Relevance", "Usefulness"] && truncation.severity == "moderate")
        #expect(truncation.dimensions.map(\.verdict.outcome) == [.sensitive, .insensitive], "\(truncation.dimensions.map(\.verdict.reason))")
        let relevance = try #require(truncation.dimensions.first)
        #expect((relevance.shift.estimate.value ?? 0) < 0 && (relevance.adjustedPValue ?? 1) <= 0.05)
        #expect(truncation.verdict.outcome == .insensitive)
        let invented = try #require(report.probes.first { $0.name == "invented-items" })
        #expect(invented.lowers == ["Relevance"] && invented.dimensions.map(\.dimension) == ["Relevance"])
        #expect(invented.verdict.outcome == .insensitive, "the judge counts only the tags named tag-…")
        #expect(report.worstOutcome == .insensitive, "insensitive, like biased, fails the gate (judgecal probe exits 2)")
        let text = report.renderText()
        #expect(text.contains("26 rows probed, 0 left as they were, 0 failed"), "\(text)")
        let note = "a moderate degradation: should lower Relevance, Usefulness; rows 14 left out (one-part)"
        #expect(text.contains(note), "\(text)")
        #expect(report.renderMarkdown().contains(note) && report.renderHTML().contains(note))
        // The rubric asks for no heading, list, citation or closing question: nothing to remove in any row.
        #expect(report.probesLeftOut == ["ignored-instruction"])
        #expect(report.degradationsLeftOut == ["ignored-instruction": ["no-element-in-rubric": 40]])
        #expect(text.contains("left out, as they could apply to no row: ignored-instruction (40 no-element-in-rubric)"), "\(text)")
        #expect(!text.contains("as they changed no row"))
        let shown = try battery.transcript(ofRow: "row-0", run: try Self.run(rows: 40), rubric: rubric)
        #expect(shown.contains("(left out: the response has one sentence or item: nothing left to keep)"), "\(shown)")
    }

    @Test("A probe that changes no row is listed as left out, with no verdict, and asks nothing")
    func probeThatChangesNothing() async throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let battery = try ProbeBattery(named: ["format-plain"], rubric: rubric, field: "response.tags")
        let judge = PlantedBiasJudge()
        let report = try await battery.run(run: try Self.run(rows: 4), rubric: rubric, model: judge, concurrency: 1)
        #expect(report.probes.isEmpty && report.probesLeftOut == ["format-plain"])
        #expect(report.worstOutcome == .noEffectDetected)
        #expect(judge.requests.withLock { $0 } == 2 * 4, "only the unchanged rows and the placebo")
        #expect(report.renderText().contains("left out, as they changed no row: format-plain"))
    }

    @Test("As an Evaluation: the injection probe leaves the judge unmoved, the padded one does not")
    func asAnEvaluation() async throws {
        let (run, rubric, battery, folder) = try Self.setting()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ProbeBatteryEvaluation(run: run, rubric: rubric, battery: battery, model: PlantedBiasJudge()).run()
        let injection = try #require(result.samples.first { $0.prompt == "injection" })
        #expect(injection.metric("Unmoved")?.value == .passing, "\(injection)")
        #expect(result.samples.first { $0.prompt == "length-pad" }?.metric("Unmoved")?.value == .failing)
    }
}
