import Calibration
import CalibrationData
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// A judge scored elsewhere goes wherever the toolkit's own judge goes (issue #28, "Frozen judges everywhere"):
/// the split loop, certify, compare, disagreements, plan and extract read its CSV or JSON Lines scores.
@Suite("A judge scored elsewhere: the split loop, certify, compare, disagreements, plan and extract read its scores")
struct FrozenJudgeCommandTests {
    static let run = "notebooks-data/book-tags.run.jsonl"
    static let rubric = "rubrics/book-tags.md"

    /// A folder with the book-tags label sheet and split record, and a judge's scores of every labelled row:
    /// expert-a's labels, `shift` levels lower on every third row (clipped at 1), so the judge is good but not perfect.
    static func folder(_ name: String, shift: Int = 1) throws -> (folder: URL, labels: String, scores: String) {
        let folder = try SharedData.temporaryFolder(name)
        let labels = folder.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: SharedData.projectURL("calibration/book-tags.labels.csv"), to: labels)
        try FileManager.default.copyItem(
            at: SharedData.projectURL("calibration/book-tags.splits.json"), to: folder.appendingPathComponent("book-tags.splits.json"))
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let columns = (id: try #require(table.columns.firstIndex(of: "id")),
                       relevance: try #require(table.columns.firstIndex(of: "relevance")),
                       usefulness: try #require(table.columns.firstIndex(of: "usefulness")))
        var csv = "id,relevance,usefulness,relevance_rationale\n"
        for row in 0..<table.rowCount {
            let lower = row % 3 == 0 ? shift : 0
            let relevance = max(1, (Int(table[row, columns.relevance]) ?? 1) - lower)
            let usefulness = max(1, (Int(table[row, columns.usefulness]) ?? 1) - (row % 3 == 1 ? shift : 0))
            csv += "\(table[row, columns.id]),\(relevance),\(usefulness),\"read as \(relevance)\"\n"
        }
        let scores = folder.appendingPathComponent("scored-elsewhere.csv")
        try Data(csv.utf8).write(to: scores)
        return (folder, labels.path, scores.path)
    }

    @Test("align --split development and validation, certify, then align --require-certified: the loop finishes for scores from a file")
    func splitLoop() throws {
        let (folder, labels, scores) = try Self.folder("frozen-loop")
        let history = folder.appendingPathComponent("history.jsonl").path
        let common = ["--judge-scores", scores, "--rubric", Self.rubric, "--labels", labels, "--history", history, "--resamples", "200"]
        let development = try JudgeCalProcess.run(["align", Self.run, "--split", "development", "--json"] + common)
        #expect([0, 2, 3].contains(development.status), "\(development.error)")
        let report = try JSONDecoder().decode(AlignmentReport.self, from: Data(development.output.utf8))
        let developmentRows = try #require(report.split?.split.rows)
        #expect(report.split?.split.split == .development)
        #expect(report.dimensions.allSatisfy { $0.counts.rowsInRun == developmentRows.count }, "only the split's rows are aligned")
        #expect(report.dimensions.allSatisfy { $0.counts.judgeFailures == 0 && $0.counts.labelledNotJudged == 0 })
        #expect(report.info.model == "scored-elsewhere")

        let validation = try JudgeCalProcess.run(["align", Self.run, "--split", "validation"] + common)
        #expect(validation.output.contains("Looks on these validation rows: 1 rubric versions"), "\(validation.output)")

        let certified = try JudgeCalProcess.run(["certify", Self.run, "--json"] + common.filter { $0 != "200" && $0 != "--resamples" })
        #expect([0, 2, 3, 4].contains(certified.status), "\(certified.error)")
        let certificate = try #require(
            try JSONDecoder().decode(AlignmentReport.self, from: Data(certified.output.utf8)).split?.certificate)
        #expect(certificate.judge.model == "scored-elsewhere")
        #expect(certificate.judge.mode.hasPrefix("scores from a file, SHA-256 "))
        #expect(certificate.judge.temperature == nil && certificate.judge.maxTokens == nil)

        let checked = try JudgeCalProcess.run(["align", Self.run, "--require-certified", "--split", "development"] + common)
        #expect([0, 2, 3].contains(checked.status), "\(checked.error)")
        #expect(!checked.error.contains("server:"), "no judge is called")

        // The same judge's scores changed by one cell are not what was certified.
        var text = try String(contentsOfFile: scores, encoding: .utf8)
        text = text.replacingOccurrences(of: "read as", with: "now read as")
        try Data(text.utf8).write(to: URL(fileURLWithPath: scores))
        let changed = try JudgeCalProcess.run(["align", Self.run, "--require-certified", "--split", "development"] + common)
        #expect(changed.status == 1)
        #expect(changed.error.contains("the scoring mode changed (certified scores from a file, SHA-256"), "\(changed.error)")

        let entries = try AlignmentHistoryEntry.readAll(from: URL(fileURLWithPath: history))
        #expect(entries.map { $0.split?.split } == [.development, .validation, .test, .development])
    }

    @Test("compare --split on two judges' score files compares the split's rows; a failed compare writes no split record")
    func compareOnSplit() throws {
        let (folder, labels, scores) = try Self.folder("frozen-compare")
        let other = try Self.folder("frozen-compare-other", shift: 2).scores
        let history = folder.appendingPathComponent("history.jsonl").path
        let compared = try JudgeCalProcess.run([
            "compare", Self.run, "--control", Self.rubric, "--control-judgments", scores, "--experimental-judgments", other,
            "--labels", labels, "--split", "validation", "--history", history, "--json", "--resamples", "200",
        ])
        #expect(compared.status == 0, "\(compared.error)")
        #expect(!compared.error.contains("server:"), "no judge is called, so no server summary: \(compared.error)")
        let comparison = try JSONDecoder().decode(RubricComparison.self, from: Data(compared.output.utf8))
        #expect(comparison.dimensions.allSatisfy { $0.paired == comparison.split?.split.rows.count })

        // A fresh folder: the split record would be made now, and its rows put the rubric's worked examples off
        // development, so the rubric without them.
        let fresh = try SharedData.temporaryFolder("frozen-compare-fresh")
        let sheet = fresh.appendingPathComponent("book-tags.labels.csv")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: labels), to: sheet)
        let text = try String(contentsOf: SharedData.projectURL(Self.rubric), encoding: .utf8)
        let plain = fresh.appendingPathComponent("plain.md")
        try Data(String(text[..<(try #require(text.range(of: "# Example:"))).lowerBound]).utf8).write(to: plain)
        let broken = try JudgeCalProcess.file("broken.csv", "id,relevance,usefulness\nbook-001,4,4\nbook-999,3,3\n")
        let failed = try JudgeCalProcess.run([
            "compare", Self.run, "--control", plain.path, "--control-judgments", scores, "--experimental-judgments", broken,
            "--labels", sheet.path, "--split", "development", "--no-history",
        ])
        #expect(failed.status == 65)
        #expect(failed.error.contains("broken.csv line 3, column id: book-999 is not a row of the run"), "\(failed.error)")
        #expect(!FileManager.default.fileExists(atPath: fresh.appendingPathComponent("book-tags.splits.json").path))

        let both = try JudgeCalProcess.run([
            "compare", Self.run, "--control", Self.rubric, "--control-judgments", scores, "--experimental-judgments", other,
            "--labels", labels, "--model", "some-model",
        ])
        #expect(both.status == 64)
        #expect(both.error.contains("--model does not apply: both sides' judgments are given"), "\(both.error)")
    }

    @Test("disagreements, plan --run and extract --judgments read a judge-scores CSV as they read a judgments file")
    func otherCommands() throws {
        let (folder, labels, scores) = try Self.folder("frozen-others")
        let digest = try JudgeCalProcess.run([
            "disagreements", Self.run, "--rubric", Self.rubric, "--judgments", scores, "--labels", labels, "--json",
        ])
        #expect(digest.status == 0, "\(digest.error)")
        let parsed = try JSONDecoder().decode(JSONValue.self, from: Data(digest.output.utf8))
        #expect(parsed["info"]?["model"]?.string == "scored-elsewhere", "\(digest.output.prefix(400))")
        #expect(digest.output.contains("read as "), "the rationale column is shown beside a disagreement")

        let plan = try JudgeCalProcess.run([
            "plan", "--rubric", Self.rubric, "--run", scores, "--labels", labels, "--json", "--replications", "100", "--ci", "analytic",
        ])
        #expect(plan.status == 0, "\(plan.error)")

        let sheet = folder.appendingPathComponent("next.labels.csv").path
        let extracted = try JudgeCalProcess.run([
            "extract", Self.run, "--rubric", Self.rubric, "--judgments", scores, "--strategy", "judge-stratified", "--sample", "10",
            "-o", sheet,
        ])
        #expect(extracted.status == 0, "\(extracted.error)")
        #expect(try String(contentsOfFile: sheet, encoding: .utf8).split(separator: "\n").count == 11)
    }

    @Test("Scores written as the scale's labels read as their levels; a word that is no label names file, line and column (65)")
    func words() throws {
        let scale = CategoryScale(labels: ["fail", "pass"])
        let good = try JudgeCalProcess.file("words.csv", "id,verdict\nr1,pass\nr2,FAIL\nr3,\nr4,1\n")
        let read = try ExternalJudgeScores.load(from: URL(fileURLWithPath: good))
        let scores = try read.judgeScores(dimension: "verdict", scale: scale)
        #expect(scores.scores.mapValues(\.value) == ["r1": 1, "r2": 0, "r4": 1])
        #expect(scores.failures == ["r3": "no score"])
        let bad = try JudgeCalProcess.file("bad-words.csv", "id,verdict\nr1,pass\nr2,maybe\n")
        let error = try #require(throws: InputError.self) {
            try ExternalJudgeScores.load(from: URL(fileURLWithPath: bad)).judgeScores(dimension: "verdict", scale: scale)
        }
        #expect(error.line == 3 && error.column == "verdict")
        #expect(error.message.hasPrefix("'maybe' is not a level of the scale"))
        let noScale = try #require(throws: InputError.self) {
            try ExternalJudgeScores.load(from: URL(fileURLWithPath: good)).judgeScores(dimension: "verdict", scale: nil)
        }
        #expect(noScale.line == 2 && noScale.message.contains("no scale names it"))
    }

    @Test("A long label sheet (item, rater, score, dimension) aligns with judge scores without a rubric: its dimensions are named in it")
    func longSheetWithoutRubric() throws {
        let (folder, labels, scores) = try Self.folder("frozen-long")
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        var long = "item,rater,score,dimension\n"
        for row in 0..<table.rowCount {
            for (c, name) in table.columns.enumerated() where name == "relevance" || name == "usefulness" {
                long += "\(table[row, 0]),expert-a,\(table[row, c]),\(name == "relevance" ? "Relevance" : "usefulness")\n"
            }
        }
        let sheet = folder.appendingPathComponent("long.csv")
        try Data(long.utf8).write(to: sheet)
        let wide = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--categories", "1,2,3,4", "--json", "--no-history", "--resamples", "0",
        ])
        let fromLong = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", sheet.path, "--categories", "1,2,3,4", "--json", "--no-history",
            "--resamples", "0",
        ])
        #expect(fromLong.status == wide.status, "\(fromLong.error)")
        let a = try JSONDecoder().decode(AlignmentReport.self, from: Data(wide.output.utf8))
        let b = try JSONDecoder().decode(AlignmentReport.self, from: Data(fromLong.output.utf8))
        #expect(b.dimensions.map(\.name) == ["relevance", "usefulness"])
        #expect(a.dimensions.map(\.counts.paired) == b.dimensions.map(\.counts.paired))
        #expect(a.dimensions.map { $0.cohenKappa.quadratic.value } == b.dimensions.map { $0.cohenKappa.quadratic.value })
    }

    @Test("--split with several judge files, or without the rubric, is a usage error (64)")
    func usage() throws {
        let (folder, labels, scores) = try Self.folder("frozen-usage")
        let history = folder.appendingPathComponent("history.jsonl").path
        let second = folder.appendingPathComponent("second.csv")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: scores), to: second)
        let several = try JudgeCalProcess.run([
            "align", Self.run, "--judge-scores", scores, second.path, "--rubric", Self.rubric, "--labels", labels, "--split", "development",
            "--history", history,
        ])
        #expect(several.status == 64)
        #expect(several.error.contains("--split does not apply with several --judge-scores files"), "\(several.error)")
        let noRubric = try JudgeCalProcess.run([
            "align", Self.run, "--judge-scores", scores, "--labels", labels, "--split", "development", "--history", history,
        ])
        #expect(noRubric.status == 64)
        #expect(noRubric.error.contains("needs the run and --rubric"), "\(noRubric.error)")
        let model = try JudgeCalProcess.run([
            "certify", Self.run, "--judge-scores", scores, "--rubric", Self.rubric, "--labels", labels, "--history", history,
            "--model", "x",
        ])
        #expect(model.status == 64)
        #expect(model.error.contains("--model does not apply with --judge-scores"), "\(model.error)")
        #expect(!FileManager.default.fileExists(atPath: history))
    }
}
