import Calibration
import CalibrationData
import DataFormats
import Foundation
import JudgeProbes
import Judging
import LanguageModels
import Testing
import _TestSupport

/// The rubric iteration loop of issue #15 on the book-tags sample, from the command line, every judge
/// call answered from a response cache filled beforehand (no server: the base URL is a closed port).
@Suite("Iterating on the book-tags rubric: v1 and v2 on validation, v2 certified on test, the certificate checked")
struct IterationLoopTests {
    @Test("compare on validation counts the looks; certify once, refused twice, forced marked; align --require-certified")
    func bookTagsLoop() async throws {
        let folder = try SharedData.temporaryFolder("iteration")
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: SharedData.projectURL("calibration/book-tags.labels.csv"), to: labels)
        try FileManager.default.copyItem(
            at: SharedData.projectURL("calibration/book-tags.splits.json"), to: folder.appendingPathComponent("book-tags.splits.json"))
        let cache = folder.appendingPathComponent("cache.sqlite")
        let history = folder.appendingPathComponent("history.jsonl").path
        let rubrics = ["rubrics/book-tags.md", "rubrics/book-tags-v2.md"]

        // Fill the cache as the command line will ask: the same model name, rubric, options and rows.
        try await ScriptedBookJudge.fillCache(at: cache, labels: labels, rubrics: rubrics)

        let common = [
            "--labels", labels.path, "--history", history, "--cache", cache.path, "--model", "scripted-book-judge",
            "--base-url", "http://127.0.0.1:9/v1",
        ]
        let compared = try JudgeCalProcess.run(
            ["compare", "notebooks-data/book-tags.run.jsonl", "--control", rubrics[0], "--experimental", rubrics[1], "--split", "validation",
             "--json"] + common)
        #expect(compared.status == 0, "\(compared.error)")
        #expect(compared.error.contains("server: 0 requests"), "\(compared.error)")
        let comparison = try JSONDecoder().decode(RubricComparison.self, from: Data(compared.output.utf8))
        let looks = try #require(comparison.split?.looks)
        #expect(comparison.split?.split.split == .validation)
        #expect(comparison.dimensions.allSatisfy { $0.paired == 7 }, "seed 13 puts 7 rows in validation")
        #expect(looks.versions == 2 && looks.earlierLooks == 0)
        #expect(comparison.split?.editedFrom == "book-tags v1")

        let aligned = try JudgeCalProcess.run(
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1], "--split", "validation"] + common)
        #expect(aligned.output.contains("Looks on these validation rows: 2 rubric versions of this lineage compared (1 earlier looks)"), "\(aligned.output)")
        #expect(aligned.output.contains("likely optimistic by about"))

        let certified = try JudgeCalProcess.run(["certify", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1], "--json"] + common)
        #expect([0, 2, 3, 4].contains(certified.status), "\(certified.error)")
        let report = try JSONDecoder().decode(AlignmentReport.self, from: Data(certified.output.utf8))
        let certificate = try #require(report.split?.certificate)
        #expect(certificate.testRows == 8 && !certificate.testRowsReused)
        #expect(certificate.judge.model == "scripted-book-judge")
        #expect(report.dimensions.allSatisfy { $0.counts.paired == 8 })

        let again = try JudgeCalProcess.run(["certify", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1]] + common)
        #expect(again.status == 1)
        #expect(again.error.contains("the lineage book-tags was already certified on these test rows"), "\(again.error)")
        // A probe battery of this judge and rubric that found it blind to contradictions on Usefulness: the forced
        // certificate carries it, and says it.
        let rubricHash = SHA256.hexDigest(of: Array(try Data(contentsOf: SharedData.projectURL(rubrics[1]))))
        let battery = #"{"findings":[{"outcomes":[{"dimension":"Usefulness","outcome":"insensitive"}],"probe":"contradiction","severity":"severe"}],"#
            + #""judge":{"mode":"discrete","model":"scripted-book-judge"},"kind":"probe","outcome":"insensitive","rubric":"book-tags","#
            + #""rubricTextHash":"\#(rubricHash)","run":"book-tags","time":"2026-12-07T09:51:03Z"}"#
        try ProbeHistoryEntry.decode(line: Data(battery.utf8)).append(to: URL(fileURLWithPath: history))
        let forced = try JudgeCalProcess.run(
            ["certify", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1], "--force", "--report", folder.appendingPathComponent("c.html").path]
                + common)
        #expect(forced.output.contains("TEST ROWS REUSED"), "\(forced.output)\(forced.error)")
        let page = try String(contentsOf: folder.appendingPathComponent("c.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"reused\">TEST ROWS REUSED"))
        #expect(forced.output.contains("Only 8 sealed test rows") && page.contains("<p>Only 8 sealed test rows"))
        #expect(
            forced.output.contains(
                "The judge is insensitive to severe degradations: Usefulness: contradiction (probe battery of 2026-12-07 on book-tags)"),
            "\(forced.output)")

        let entries = try AlignmentHistoryEntry.readAll(from: URL(fileURLWithPath: history))
        #expect(entries.map { $0.split?.split } == [.validation, .validation, .test, .test])
        #expect(entries.compactMap(\.certificate).map(\.testRowsReused) == [false, true])
        #expect(entries.compactMap(\.certificate).map { $0.severeBlindSpots?.map(\.dimension) } == [nil, ["Usefulness"]])
        #expect(entries[0].controlRubricTextHash != nil && entries[0].compared?.count == 2)

        let checked = try JudgeCalProcess.run(
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1], "--require-certified", "--no-history"] + common)
        #expect([0, 2, 3, 4].contains(checked.status), "\(checked.error)")
        #expect(checked.error.contains("server: 0 requests"))
        let refused = try JudgeCalProcess.run(
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", rubrics[1], "--require-certified", "--no-history"]
                + common.map { $0 == "scripted-book-judge" ? "another-model" : $0 })
        #expect(refused.status == 1)
        #expect(refused.error.contains("the model changed (certified scripted-book-judge, now another-model)"), "\(refused.error)")
    }
    @Test(
        "A split asked for wrongly is a usage error (exit 64), before any judging",
        arguments: [
            (["--split-shares", "50,50"], "give three shares, development,validation,test (such as 50,25,25); got 2"),
            (["--split-shares", "50,-1,51"], "a split's share must be a number of 0 or more; got -1"),
            (["--no-history"], "looks at validation rows are counted in the history; --no-history cannot be used with them"),
        ])
    func splitUsage(extra: [String], message: String) throws {
        let folder = try SharedData.temporaryFolder("split-usage")
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: SharedData.projectURL("calibration/book-tags.labels.csv"), to: labels)
        let result = try JudgeCalProcess.run(
            ["align", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags-v2.md", "--labels", labels.path,
             "--split", "validation", "--history", folder.appendingPathComponent("h.jsonl").path, "--base-url", "http://127.0.0.1:9/v1"]
                + extra)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("h.jsonl").path))
    }
}
