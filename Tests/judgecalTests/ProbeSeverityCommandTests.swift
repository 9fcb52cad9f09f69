import Calibration
import CalibrationData
import DataFormats
import Foundation
import JudgeProbes
import Testing
import _TestSupport

@Suite("A severe degradation the judge misses reaches align: the probe's history line, the verdict it marks")
struct ProbeSeverityCommandTests {
    static let run = "notebooks-data/book-tags.run.jsonl"

    @Test("probe writes its verdicts to the history; align of the same model and rubric then finds Relevance not aligned")
    func severeBlindSpotMarksAlign() async throws {
        let folder = try SharedData.temporaryFolder("probe-severity")
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: SharedData.projectURL("calibration/book-tags.labels.csv"), to: labels)
        let cache = folder.appendingPathComponent("align-cache.sqlite")
        try await ScriptedBookJudge.fillCache(at: cache, labels: labels, rubrics: ["rubrics/book-tags.md"])
        let history = folder.appendingPathComponent("history.jsonl").path
        let align = [
            "align", Self.run, "--rubric", "rubrics/book-tags.md", "--labels", labels.path, "--cache", cache.path,
            "--model", "scripted-book-judge", "--base-url", "http://127.0.0.1:9/v1", "--no-history", "--json",
        ]
        let before = try JudgeCalProcess.run(align + ["--history", history])
        let baseline = try JSONDecoder().decode(AlignmentReport.self, from: Data(before.output.utf8))
        let relevanceBefore = try #require(baseline.dimensions.first { $0.name == "Relevance" })
        #expect(relevanceBefore.verdict.outcome != .notAligned, "\(relevanceBefore.verdict.reason)")
        #expect(relevanceBefore.severeBlindSpots == nil)

        // The planted judge counts "topic-" tags, so two invented tags leave every Relevance score where it was:
        // insensitive, and severe by --severity. It answers as the model the cache holds, so the line is that judge's.
        let server = try LoopbackServer(
            script: "benchmarks/ProbeSimulation/planted_judge_server.py", arguments: ["--noise", "0", "--bias", "0", "--seed", "3"])
        defer { server.stop() }
        let probe = try JudgeCalProcess.run([
            "probe", Self.run, "--rubric", "rubrics/book-tags.md", "--probe", "invented-items", "--severity", "invented-items=severe",
            "--field", "response.tags", "--base-url", "http://127.0.0.1:\(server.port)/v1", "--model", "scripted-book-judge",
            "--cache", folder.appendingPathComponent("probe-cache.sqlite").path, "--concurrency", "1", "--history", history,
        ])
        #expect(probe.status == 2, "\(probe.error)")
        let line = try #require(try ProbeHistoryEntry.readAll(from: URL(fileURLWithPath: history)).last)
        #expect(line.judge.model == "scripted-book-judge" && line.run == "book-tags")
        #expect(line.severeBlindSpots.map(\.degradation) == ["invented-items"])
        #expect(line.severeBlindSpots.map(\.dimension) == ["Relevance"])

        let after = try JudgeCalProcess.run(align + ["--history", history])
        #expect(after.status == 2, "\(after.error)")
        let marked = try JSONDecoder().decode(AlignmentReport.self, from: Data(after.output.utf8))
        let relevance = try #require(marked.dimensions.first { $0.name == "Relevance" })
        #expect(relevance.verdict.outcome == .notAligned)
        #expect(relevance.verdict.reason.hasPrefix(relevanceBefore.verdict.reason), "\(relevance.verdict.reason)")
        #expect(relevance.verdict.reason.contains("insensitive to the severe degradation invented-items (probe battery of"))
        #expect(relevance.statisticEstimate == relevanceBefore.statisticEstimate)
        #expect(relevance.severeBlindSpots?.map(\.degradation) == ["invented-items"])
        let usefulness = marked.dimensions.first { $0.name == "Usefulness" }
        #expect(usefulness?.verdict == baseline.dimensions.first { $0.name == "Usefulness" }?.verdict)
        #expect(usefulness?.severeBlindSpots == nil)

        // The text report says it beside the figure.
        let text = try JudgeCalProcess.run(align.filter { $0 != "--json" } + ["--history", history])
        #expect(text.output.contains("insensitive to the severe degradation invented-items"), "\(text.output)")

        // Another history holds no battery, and another rubric text is another judge's battery: nothing marked.
        let elsewhere = try JudgeCalProcess.run(align + ["--history", folder.appendingPathComponent("none.jsonl").path])
        let unmarked = try JSONDecoder().decode(AlignmentReport.self, from: Data(elsewhere.output.utf8))
        #expect(unmarked.dimensions.map(\.verdict) == baseline.dimensions.map(\.verdict))
        let otherRubric = folder.appendingPathComponent("book-tags-edited.md")
        try (try String(contentsOf: SharedData.projectURL("rubrics/book-tags.md"), encoding: .utf8) + "\n")
            .write(to: otherRubric, atomically: true, encoding: .utf8)
        let edited = try JudgeCalProcess.run(
            align.map { $0 == "rubrics/book-tags.md" ? otherRubric.path : $0 } + ["--history", history])
        let editedReport = try JSONDecoder().decode(AlignmentReport.self, from: Data(edited.output.utf8))
        #expect(editedReport.dimensions.allSatisfy { $0.severeBlindSpots == nil }, "\(edited.error)")
    }

    @Test(
        "--severity and the history options are checked before any call",
        arguments: [
            (["--probe", "invented-items", "--severity", "invented-items=grave"], "a level of severe, moderate, minor; got 'invented-items=grave'"),
            (["--probe", "length-pad", "--severity", "contradiction=minor"], "the battery has no degradation named 'contradiction'"),
            (["--probe", "invented-items", "--severity", "invented-items"], "--severity takes name=level"),
            (["--probe", "length-pad", "--show", "book-001", "--history", "h.jsonl"], "--history does not apply with --show"),
            (["--probe", "length-pad", "--show", "book-001", "--no-history"], "--no-history does not apply with --show"),
            (["--probe", "length-pad", "--history", "h.jsonl", "--no-history"], "--history and --no-history contradict each other"),
        ])
    func badOptions(extra: [String], message: String) throws {
        let r = try JudgeCalProcess.run(
            ["probe", Self.run, "--rubric", "rubrics/book-tags.md", "--field", "response.tags", "--base-url", "http://127.0.0.1:9/v1"]
                + extra)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }
}
