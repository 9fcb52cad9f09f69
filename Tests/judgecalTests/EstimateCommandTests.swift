import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

private let scores = "notebooks-data/hanna-judges/ChatGPT.p1.csv"

/// 100 of HANNA's 960 stories drawn at random with a seed, as a label sheet of the crowd's means, and the mean of
/// the crowd's Relevance over all 960 stories (the truth the estimate is of).
private func hannaSample(seed: UInt64 = 2026, count: Int = 100) throws -> (sheet: String, truth: Double) {
    let table = try SharedData.projectCSV("notebooks-data/hanna.labels.csv")
    var generator = SplitMix64(seed: seed)
    let drawn = Array(0..<table.rowCount).shuffled(using: &generator).prefix(count).sorted()
    let lines = drawn.map { table.row($0).joined(separator: ",") }
    let relevance = table.columns.firstIndex(of: "relevance") ?? 1
    let truth = (0..<table.rowCount).map { Double(table[$0, relevance]) ?? .nan }.reduce(0, +) / Double(table.rowCount)
    let sheet = try JudgeCalProcess.file(
        "hanna-sample-\(seed).labels.csv", ([table.columns.joined(separator: ",")] + lines).joined(separator: "\n") + "\n")
    return (sheet, truth)
}

@Suite("judgecal estimate: corrected run figures from the command line")
struct EstimateCommandTests {
    @Test("HANNA, ChatGPT's scores, 100 stories labelled: the JSON is the library's, the corrected interval holds the crowd's mean")
    func hanna() throws {
        let (sheet, truth) = try hannaSample()
        let html = try SharedData.temporaryFolder("judgecal-cli").appendingPathComponent("estimate.html").path
        let r = try JudgeCalProcess.run([
            "estimate", "--judge-scores", scores, "--labels", sheet, "--means", "--categories", "1,2,3,4,5", "--pass-at", "3",
            "--random-sample", "--json", "--report", html,
        ])
        #expect(r.status == 0, "\(r.error)")
        let printed = try JSONDecoder().decode(EstimationReport.self, from: Data(r.output.utf8))
        let library = try EstimationReport(
            files: EstimationFiles(
                judgeScores: SharedData.projectURL(scores), categories: [1, 2, 3, 4, 5], labels: [URL(fileURLWithPath: sheet)],
                means: true),
            settings: EstimationSettings(passLevel: 3, declaredSampling: .randomSample))
        #expect(printed == library)
        let relevance = try #require(printed.dimensions.first { $0.name == "relevance" })
        #expect(relevance.rows.labelled == 100 && relevance.rows.unlabelled == 860)
        let ci = try #require(relevance.mean.corrected.interval)
        #expect(ci.lower <= truth && truth <= ci.upper, "crowd mean \(truth), corrected \(ci)")
        let judge = try #require(relevance.mean.judgeOnly.interval)
        #expect(!(judge.lower <= truth && truth <= judge.upper), "the judge's own interval misses the crowd's mean")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(
            page.components(separatedBy: "class=\"chart estimate\"").count - 1 == 12,
            "a mean and a pass-rate chart for each of six criteria")
        let text = try JudgeCalProcess.run([
            "estimate", "--judge-scores", scores, "--labels", sheet, "--means", "--categories", "1,2,3,4,5", "--random-sample",
        ])
        #expect(text.status == 0)
        #expect(text.output.contains("relevance (scale 1, 2, 3, 4, 5): n = 100 labelled, N = 860 unlabelled rows"))
        #expect(text.output.contains("corrected: PPI++"))
        #expect(text.output.contains("declared a uniform random sample"))
    }

    @Test(
        "Refusals: no sampling declared (64), a pass level off the scale (64), a label of a row not in the run (65), no labels (65), a missing file (66)"
    )
    func refusals() throws {
        let (sheet, _) = try hannaSample(seed: 7, count: 20)
        let base = ["estimate", "--judge-scores", scores, "--means", "--categories", "1,2,3,4,5"]
        let undeclared = try JudgeCalProcess.run(base + ["--labels", sheet])
        #expect(undeclared.status == 64)
        #expect(undeclared.error.contains("--random-sample") && undeclared.error.contains("--not-for-inference"))
        let offScale = try JudgeCalProcess.run(base + ["--labels", sheet, "--random-sample", "--pass-at", "7"])
        #expect(offScale.status == 64 && offScale.error.contains("--pass-at 7"), "\(offScale.error)")
        let stranger = try JudgeCalProcess.file(
            "stranger.labels.csv", "id,relevance,coherence,empathy,surprise,engagement,complexity,rater\nstory-9999,3,3,3,3,3,3,x\n")
        let outside = try JudgeCalProcess.run(base + ["--labels", stranger, "--random-sample"])
        #expect(outside.status == 65 && outside.error.contains("story-9999"), "\(outside.error)")
        let header = "id,relevance,coherence,empathy,surprise,engagement,complexity,rater\n"
        let empty = try JudgeCalProcess.file("empty.labels.csv", header)
        let none = try JudgeCalProcess.run(base + ["--labels", empty, "--random-sample"])
        #expect(none.status == 65 && none.error.contains("has no labels"), "\(none.error)")
        // A sheet as extract writes it, before anyone scored a row.
        let blank = try JudgeCalProcess.file("blank.labels.csv", header + "story-0096,,,,,,,\nstory-0097,,,,,,,\n")
        let unscored = try JudgeCalProcess.run(base + ["--labels", blank, "--random-sample"])
        #expect(unscored.status == 65 && unscored.error.contains("holds no expert score"), "\(unscored.error)")
        let missing = try JudgeCalProcess.run(base + ["--labels", "no-such.labels.csv", "--random-sample"])
        #expect(missing.status == 66)
        let both = try JudgeCalProcess.run(base + ["--labels", sheet, "--random-sample", "--not-for-inference"])
        #expect(both.status == 64)
        let handPicked = try JudgeCalProcess.run(base + ["--labels", sheet, "--not-for-inference"])
        #expect(handPicked.status == 0 && handPicked.output.contains("NOT VALID FOR INFERENCE"))
    }

    @Test("estimate RUN --rubric R judges the run through the cache (no request) and gives what --judge-scores gives on those judgments")
    func judgesTheRun() async throws {
        let folder = try SharedData.temporaryFolder("estimate-judging")
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: SharedData.projectURL("calibration/book-tags.labels.csv"), to: labels)
        let cache = folder.appendingPathComponent("cache.sqlite")
        let judged = try await ScriptedBookJudge.fillCache(at: cache, labels: labels, rubrics: ["rubrics/book-tags.md"])
        let judgments = folder.appendingPathComponent("v1.judgments.jsonl")
        try judged[0].jsonLines().write(to: judgments)
        // Half of the rows labelled: the header and the first 21 rows of the sheet.
        let sample = folder.appendingPathComponent("half.labels.csv")
        let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try (lines.prefix(22).joined(separator: "\n") + "\n").write(to: sample, atomically: true, encoding: .utf8)
        let common = ["notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", sample.path, "--random-sample", "--json"]
        let r = try JudgeCalProcess.run(
            ["estimate"] + common + ["--cache", cache.path, "--model", "scripted-book-judge", "--base-url", "http://127.0.0.1:9/v1"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.error.contains("server: 0 requests"), "\(r.error)")
        let fromScores = try JudgeCalProcess.run(["estimate"] + common + ["--judge-scores", judgments.path])
        #expect(fromScores.status == 0, "\(fromScores.error)")
        let printed = try JSONDecoder().decode(EstimationReport.self, from: Data(r.output.utf8))
        let expected = try JSONDecoder().decode(EstimationReport.self, from: Data(fromScores.output.utf8))
        #expect(printed.dimensions == expected.dimensions)
        let relevance = try #require(printed.dimensions.first { $0.name == "Relevance" })
        #expect(relevance.rows.labelled == 21 && relevance.rows.unlabelled == 21, "\(relevance.rows)")

        let neither = try JudgeCalProcess.run(["estimate", "--labels", labels.path, "--random-sample"])
        #expect(neither.status == 64 && neither.error.contains("give the run and --rubric to judge it with, or --judge-scores FILE"))
    }

    @Test("--versus: two judges' scores of the same stories, each with its own labelled sample, give A − B")
    func versus() throws {
        let (a, _) = try hannaSample(seed: 1)
        let (b, _) = try hannaSample(seed: 2)
        let r = try JudgeCalProcess.run([
            "estimate", "--judge-scores", scores, "--labels", a, "--versus", "notebooks-data/hanna-judges/Beluga-13B.p1.csv",
            "--versus-labels", b, "--means", "--random-sample", "--json",
        ])
        #expect(r.status == 0, "\(r.error)")
        let report = try JSONDecoder().decode(EstimationReport.self, from: Data(r.output.utf8))
        #expect(report.dimensions.count == 6)
        for d in report.dimensions {
            let v = try #require(d.versus)
            #expect(v.rows.labelled == 100 && v.rows.unlabelled == 860)
        }
        // Both "runs" are the same 960 stories with the same crowd ratings, so the experts' A − B is 0: the
        // corrected interval holds it, while the two judges' own difference is far from it.
        let relevance = try #require(report.dimensions.first { $0.name == "relevance" }?.versus)
        let corrected = try #require(relevance.mean.corrected.interval)
        #expect(corrected.lower <= 0 && 0 <= corrected.upper, "\(corrected)")
        let judges = try #require(relevance.mean.judgeOnly.interval)
        #expect(!(judges.lower <= 0 && 0 <= judges.upper), "\(judges)")
        let lonely = try JudgeCalProcess.run([
            "estimate", "--judge-scores", scores, "--labels", a, "--means", "--random-sample", "--versus", scores,
        ])
        #expect(lonely.status == 64)
    }
}
