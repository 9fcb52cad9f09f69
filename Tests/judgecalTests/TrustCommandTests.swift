import CalibrationData
import DataFormats
import Foundation
import Judging
import SelectiveTrust
import Testing
import _TestSupport

/// `judgecal trust` on a judge scored elsewhere with confidences (issue #30): the report, the exit codes, the
/// certificate, and what it refuses.
@Suite("judgecal trust: thresholds from a judge's confidences, its exit codes, certificate and refusals")
struct TrustCommandTests {
    static let run = "notebooks-data/book-tags.run.jsonl"
    static let rubric = "rubrics/book-tags.md"
    static let labels = ["calibration/book-tags.labels.csv", "calibration/book-tags.labels.expert-b.csv"]

    /// Scores equal to expert A's labels, sure of themselves (0.95), except every sixth row: one level off and unsure (0.4).
    static func scores(_ name: String, confidence: Bool = true) throws -> String {
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let id = try #require(table.columns.firstIndex(of: "id"))
        let relevance = try #require(table.columns.firstIndex(of: "relevance"))
        let usefulness = try #require(table.columns.firstIndex(of: "usefulness"))
        var csv = confidence ? "id,relevance,relevance_confidence,usefulness,usefulness_confidence\n" : "id,relevance,usefulness\n"
        for row in 0..<table.rowCount {
            let off = row % 6 == 0
            let level = { (column: Int) in
                let value = Int(table[row, column]) ?? 3
                return off ? (value == 5 ? 4 : value + 1) : value
            }
            let sure = off ? "0.4" : "0.95"
            csv += confidence
                ? "\(table[row, id]),\(level(relevance)),\(sure),\(level(usefulness)),\(sure)\n"
                : "\(table[row, id]),\(level(relevance)),\(level(usefulness))\n"
        }
        return try SharedData.temporaryFile(csv, named: name, in: "trust-command").path
    }

    @Test("With expert A's labels as the frame, the sure rows are kept and the unsure escalated; the certificate names the scores")
    func trusted() throws {
        let scores = try Self.scores("judge.csv")
        let folder = try SharedData.temporaryFolder("trust-command")
        let certificate = folder.appendingPathComponent("trust.json").path, history = folder.appendingPathComponent("history.jsonl")
        let result = try JudgeCalProcess.run(
            ["trust", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", scores, "--certificate", certificate,
             "--history", history.path, "--risk", "0.1", "--json", "--resamples", "200"])
        #expect(result.status == 0, "\(result.error)\n\(result.output)")
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["outcome"]?.string == "trusted")
        let dimensions = try #require(json["trust"]?["dimensions"]?.array)
        #expect(dimensions.count == 2)
        for d in dimensions {
            // At 10% risk only the sure rows can be kept (all of them agree), so the threshold lies above 0.4.
            #expect((d["threshold"]?["candidates"]?.array?.isEmpty) == false)
            #expect((d["keptAgreement"]?.double ?? 0) == 1)
            #expect((d["calibration"]?["bins"]?.array?.count) == 10)
        }
        let written = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: certificate)))
        #expect(written["kind"]?.string == "judgecal trust certificate")
        #expect(written["judge"]?["mode"]?.string?.hasPrefix("scores from a file, SHA-256 ") == true)
        #expect(written["dimensions"]?.array?.allSatisfy { ($0["threshold"]?.double ?? 0) > 0.4 } == true)
        // The history's line holds the same certificate, the rubric's text and each dimension's figures.
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = try JSONValue.parse(Data(try #require(lines.first).utf8))
        #expect(line["kind"]?.string == "trust")
        #expect(line["certificate"]?["dimensions"] == written["dimensions"] && line["certificate"]?["judge"] == written["judge"])
        #expect(line["rubricText"]?.string == (try String(contentsOf: SharedData.projectURL(Self.rubric), encoding: .utf8)))
        #expect(line["figures"]?.array?.map { $0["keptAgreement"]?.double } == [1, 1])
    }

    @Test("The text report names the guarantee, the threshold's coverage and the calibration; --report writes the page and Markdown")
    func text() throws {
        let folder = try SharedData.temporaryFolder("trust-report")
        let page = folder.appendingPathComponent("trust.html"), markdown = folder.appendingPathComponent("trust.md")
        let result = try JudgeCalProcess.run(
            ["trust", "--no-history", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + ["--judge-scores", try Self.scores("judge-text.csv"), "--resamples", "200", "--report", page.path])
        let written = try String(contentsOf: page, encoding: .utf8)
        #expect(written.contains("class=\"chart reliability\"") && written.contains("class=\"chart coverage-risk\""))
        let again = try JudgeCalProcess.run(
            ["trust", "--no-history", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + ["--judge-scores", try Self.scores("judge-md.csv"), "--resamples", "200", "--report", markdown.path])
        #expect(again.status == result.status)
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("| confidence | rows | mean confidence | agreement |"))
        #expect([0, 2].contains(result.status), "\(result.error)")
        #expect(result.output.contains("Kept rows disagree with the experts (the same level) on at most 20% of them, with probability 90%"))
        #expect(result.output.contains("calibration: ECE "))
        #expect(result.output.contains("coverage–risk"))
        #expect(result.output.contains("worked examples 2"))
    }

    @Test("Too few labelled rows for the rows a threshold keeps: exit 3, with the rows needed")
    func tooFew() throws {
        let result = try JudgeCalProcess.run(
            ["trust", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", try Self.scores("judge-few.csv"),
             "--min-kept", "100", "--resamples", "200"])
        #expect(result.status == 3, "\(result.error)")
        #expect(result.output.contains("too few rows"))
        #expect(result.output.contains("needs at least 100"))
    }

    @Test(
        "Refused: a judge's option with scores from a file, a risk outside (0, 1), within one on no ordinal scale (64); scores without confidences (65)",
        arguments: [
            (["--mode", "sampled"], 64, "--mode does not apply with --judge-scores"),
            (["--concurrency", "8"], 64, "--concurrency does not apply with --judge-scores"),
            (["--risk", "1.5"], 64, "--risk 1.5"),
            (["--error", "0"], 64, "--error 0"),
        ])
    func refused(extra: [String], status: Int32, words: String) throws {
        let result = try JudgeCalProcess.run(
            ["trust", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", try Self.scores("judge-r.csv")] + extra)
        #expect(result.status == status, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
    }

    @Test("Scores without confidences: 65, naming the column to add")
    func noConfidence() throws {
        let result = try JudgeCalProcess.run(
            ["trust", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", try Self.scores("plain.csv", confidence: false)])
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("Relevance_confidence") || result.error.contains("relevance_confidence"), "\(result.error)")
    }
}

/// `judge --trust CERT`: refused before any request when the certificate is not this judge's, or cannot apply.
@Suite("judgecal judge --trust: a certificate of another judge, a malformed one, or pairwise judging is refused before judging")
struct JudgeTrustRefusalTests {
    @Test("A certificate measured on scores from a file is another judge's: 1, naming what differs")
    func otherJudge() throws {
        let folder = try SharedData.temporaryFolder("judge-trust")
        let certificate = folder.appendingPathComponent("c.json").path
        let made = try JudgeCalProcess.run(
            ["trust", "--no-history", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--labels", TrustCommandTests.labels[0],
             "--judge-scores", try TrustCommandTests.scores("judge-c.csv"), "--certificate", certificate, "--resamples", "200"])
        #expect([0, 2].contains(made.status), "\(made.error)")
        let judged = try JudgeCalProcess.run(
            ["judge", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--mode", "weighted", "--trust", certificate,
             "--output", folder.appendingPathComponent("x.judgments.jsonl").path, "--cache", folder.appendingPathComponent("c.sqlite").path,
             "--base-url", "http://127.0.0.1:9/v1"])
        #expect(judged.status == 1, "\(judged.error)")
        #expect(judged.error.contains("the trust certificate was measured on another judge"), "\(judged.error)")
        #expect(judged.error.contains("the model was judge-c, now"), "\(judged.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.judgments.jsonl").path))
    }

    @Test("A file that is not a certificate: 65 with its line; --trust with --pairwise: 64")
    func malformed() throws {
        let folder = try SharedData.temporaryFolder("judge-trust-bad")
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\n  \"kind\": \"splits\"\n}\n".utf8).write(to: bad)
        let common = [
            "judge", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--trust", bad.path, "--output",
            folder.appendingPathComponent("x.judgments.jsonl").path, "--cache", folder.appendingPathComponent("c.sqlite").path,
            "--base-url", "http://127.0.0.1:9/v1",
        ]
        let judged = try JudgeCalProcess.run(common)
        #expect(judged.status == 65, "\(judged.error)")
        #expect(judged.error.contains("bad.json line 2, column kind"), "\(judged.error)")
        let pairwise = try JudgeCalProcess.run(common + ["--pairwise"])
        #expect(pairwise.status == 64 && pairwise.error.contains("--trust does not apply with --pairwise"), "\(pairwise.error)")
    }
}

/// `extract --escalated`: the rows a trust certificate escalated become the next sheet, with an audit of the kept rows, and
/// `estimate` weighs them by their inclusion probabilities.
@Suite("judgecal extract --escalated: escalated rows and an audit of the kept rows, each weighted by 1/π in estimate")
struct EscalationExtractTests {
    /// A decisions file for the sample run: every third row escalated on Relevance, the rest kept on both dimensions.
    static func decisions(_ folder: URL, edit: (String) -> String = { $0 }) throws -> String {
        let run = try FrozenRun.load(from: SharedData.projectURL(TrustCommandTests.run))
        var csv = "id,dimension,decision,level,confidence,reason\n"
        for (i, row) in run.rows.enumerated() {
            let escalated = i % 3 == 0
            csv += "\(row.id),Relevance,\(escalated ? "escalated" : "kept"),3,\(escalated ? "0.4" : "0.9"),\(escalated ? "below threshold" : "")\n"
            csv += "\(row.id),Usefulness,kept,3,0.9,\n"
        }
        let url = folder.appendingPathComponent("run.trust.csv")
        try Data(edit(csv).utf8).write(to: url)
        return url.path
    }

    @Test("Every escalated row and 10% of the kept rows, rounded up; the frame gives each stratum its π")
    func drawn() throws {
        let folder = try SharedData.temporaryFolder("escalated")
        let sheet = folder.appendingPathComponent("next.labels.csv").path
        let result = try JudgeCalProcess.run(
            ["extract", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--escalated", try Self.decisions(folder), "--output", sheet])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("drawn: 14 of the 14 escalated rows and 3 of the 28 kept rows"), "\(result.output)")
        let frame = try CSVReader().read(Data(contentsOf: folder.appendingPathComponent("next.frame.csv")), file: "frame")
        let pi = try #require(frame.columns.firstIndex(of: "inclusion_probability"))
        let probabilities = Set((0..<frame.rowCount).map { frame[$0, pi] })
        #expect(probabilities == ["1", (3.0 / 28.0).plainText])
        let labels = try CSVReader().read(Data(contentsOf: URL(fileURLWithPath: sheet)), file: "sheet")
        #expect(labels.rowCount == 17)
        #expect(!labels.columns.contains("decision") && !labels.columns.contains("confidence"), "the sheet is blind to the decisions")
    }

    @Test("Options that do not fit are refused: a kept sample beyond the kept rows, --kept-sample alone, another strategy")
    func refused() throws {
        let folder = try SharedData.temporaryFolder("escalated-refused")
        let decisions = try Self.decisions(folder)
        let base = ["extract", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--output", folder.appendingPathComponent("x.labels.csv").path]
        let beyond = try JudgeCalProcess.run(base + ["--escalated", decisions, "--kept-sample", "40"])
        #expect(beyond.status == 65 && beyond.error.contains("--kept-sample 40 asks for more than the 28 kept rows"), "\(beyond.error)")
        let alone = try JudgeCalProcess.run(base + ["--kept-sample", "4"])
        #expect(alone.status == 64 && alone.error.contains("--kept-sample counts the kept rows of --escalated"), "\(alone.error)")
        let strategy = try JudgeCalProcess.run(base + ["--escalated", decisions, "--strategy", "uniform"])
        #expect(strategy.status == 64, "\(strategy.error)")
    }

    @Test("A decisions file with a stranger row or an unknown decision is refused at its line")
    func badDecisions() throws {
        let folder = try SharedData.temporaryFolder("escalated-bad")
        let base = ["extract", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--output", folder.appendingPathComponent("x.labels.csv").path]
        let stranger = try JudgeCalProcess.run(base + ["--escalated", try Self.decisions(folder) { $0 + "book-999,Relevance,kept,3,0.9,\n" }])
        #expect(stranger.status == 65 && stranger.error.contains("book-999 is not a row of the run"), "\(stranger.error)")
        let unknown = try JudgeCalProcess.run(
            base + ["--escalated", try Self.decisions(folder) { $0.replacingOccurrences(of: "book-002,Relevance,kept", with: "book-002,Relevance,maybe") }])
        #expect(unknown.status == 65 && unknown.error.contains("line 4, column decision"), "\(unknown.error)")
    }
}

@Suite("judgecal trust with several judges: a cascade, and the options that do not apply to one")
struct TrustCascadeCommandTests {
    @Test("Two score files make a cascade: JSON with both stages, not in the history; --certificate, --history and an HTML report are refused (64)")
    func cascade() throws {
        let first = try TrustCommandTests.scores("cheap.csv"), second = try TrustCommandTests.scores("strong.csv")
        let base = ["trust", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--labels", TrustCommandTests.labels[0],
                    "--judge-scores", first, second, "--resamples", "200"]
        let result = try JudgeCalProcess.run(base + ["--json", "--risk", "0.1"])
        #expect([0, 2, 3].contains(result.status), "\(result.error)")
        #expect(result.error.contains("the cascade is not recorded in the history"), "\(result.error)")
        let history = try JudgeCalProcess.run(base + ["--history", "/tmp/never-written.jsonl"])
        #expect(history.status == 64 && history.error.contains("--history records one judge's certificate"), "\(history.error)")
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["cascade"]?["judges"]?.array == [.string("cheap"), .string("strong")])
        #expect(json["cascade"]?["stageError"]?.double == 0.05)
        #expect(json["cascade"]?["dimensions"]?.array?.first?["stages"]?.array?.count == 2)
        let certificate = try JudgeCalProcess.run(base + ["--certificate", "/tmp/never-written.json"])
        #expect(certificate.status == 64 && certificate.error.contains("a cascade of 2 judges"), "\(certificate.error)")
        let page = try JudgeCalProcess.run(base + ["--report", "/tmp/never-written.html"])
        #expect(page.status == 64 && page.error.contains("writes a cascade as JSON"), "\(page.error)")
    }
}

@Suite("judgecal trust --sets: per-row prediction sets from a judgments file's level distributions")
struct TrustSetsCommandTests {
    /// A judgments file of the sample run: 0.8 on expert A's level, 0.2 on the next one up (or down at 4).
    static func judgments(_ name: String) throws -> String {
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let id = try #require(table.columns.firstIndex(of: "id")), relevance = try #require(table.columns.firstIndex(of: "relevance"))
        let usefulness = try #require(table.columns.firstIndex(of: "usefulness"))
        func scored(_ dimension: String, _ level: Int) -> DimensionJudgment {
            let other = level == 4 ? 3 : level + 1
            return DimensionJudgment(
                dimension: dimension, score: 0.8 * Double(level) + 0.2 * Double(other), label: "\(level)", rationale: "",
                probabilities: ["\(level)": 0.8, "\(other)": 0.2], confidence: JudgeConfidence(method: .levelProbability, level: Double(level), value: 0.8))
        }
        let judgments = (0..<table.rowCount).map { row in
            Judgment(
                id: table[row, id],
                scores: [scored("Relevance", Int(table[row, relevance]) ?? 3), scored("Usefulness", Int(table[row, usefulness]) ?? 3)],
                rawReplies: [], retries: 0, model: "planted", promptHash: "")
        }
        let set = JudgmentSet(run: "book-tags", rubric: "book-tags", rubricVersion: nil, model: "planted", judgments: judgments)
        return try SharedData.temporaryFile(String(decoding: try set.jsonLines(), as: UTF8.self), named: name, in: "trust-sets").path
    }

    @Test("Sets for every judged row, widest first, with the coverage asked; the set options alone are refused")
    func sets() throws {
        let folder = try SharedData.temporaryFolder("trust-sets-out")
        let out = folder.appendingPathComponent("sets.csv")
        let base = ["trust", "--no-history", TrustCommandTests.run, "--rubric", TrustCommandTests.rubric, "--labels", TrustCommandTests.labels[0],
                    "--judge-scores", try Self.judgments("planted.judgments.jsonl"), "--resamples", "200"]
        let result = try JudgeCalProcess.run(base + ["--sets", out.path, "--set-coverage", "0.8"])
        #expect([0, 2, 3].contains(result.status), "\(result.error)")
        #expect(result.error.contains("prediction sets: Relevance: sets with 80% coverage from 40 labelled rows"), "\(result.error)")
        let table = try CSVReader().read(Data(contentsOf: out), file: "sets.csv")
        #expect(table.columns == ["rank", "id", "dimension", "lower", "upper", "width", "mass", "labelled"])
        #expect(table.rowCount == 2 * 40)
        let widths = (0..<table.rowCount).filter { table[$0, 2] == "Relevance" }.map { Int(table[$0, 5]) ?? 0 }
        #expect(widths == widths.sorted(by: >), "widest first")
        #expect(widths.allSatisfy { (1...2).contains($0) }, "the judge is sure: one or two levels")
        let alone = try JudgeCalProcess.run(base + ["--set-coverage", "0.8"])
        #expect(alone.status == 64 && alone.error.contains("--set-coverage shapes the prediction sets"), "\(alone.error)")
    }
}
