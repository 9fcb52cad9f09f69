import DataFormats
import Foundation
import Testing
import _TestSupport

/// `judgecal disagreements`, `suggest` and `compare` on judgments files (no server).
@Suite("disagreements, suggest and compare of two judgments files, from the command line")
struct IterationCommandTests {
    static let run = "notebooks-data/book-tags.run.jsonl"
    static let rubric = "rubrics/book-tags.md"
    static let labels = "calibration/book-tags.labels.csv"

    /// A judgments file of rubric v1 by `model`: each row's Relevance and Usefulness, or a failure code.
    static func judgments(_ name: String, model: String, _ rows: [(String, Int, Int)], failed: [String: String] = [:]) throws -> String {
        let lines = rows.map { id, relevance, usefulness in
            """
            {"id":"\(id)","model":"\(model)","promptHash":"h","rawReplies":["{}"],"retries":0,"scores":[\
            {"dimension":"Relevance","fellBack":false,"label":"\(relevance)","rationale":"why \(id)","score":\(relevance)},\
            {"dimension":"Usefulness","fellBack":false,"label":"\(usefulness)","rationale":"use \(id)","score":\(usefulness)}]}
            """
        } + failed.sorted { $0.key < $1.key }.map { id, code in
            #"{"failure":{"code":"\#(code)","message":"\#(code)"},"id":"\#(id)","model":"\#(model)","promptHash":"h","rawReplies":["x"],"retries":0,"scores":[]}"#
        }
        let header = #"{"judgments":{"model":"\#(model)","rubric":"book-tags","rubricVersion":"1","run":"book-tags"}}"#
        return try JudgeCalProcess.file(name, ([header] + lines).joined(separator: "\n") + "\n")
    }

    @Test("disagreements --ids --judgments: the 4 → 2 pair with its row, the row not judged counted, a Markdown report written")
    func disagreements() throws {
        let judgments = try Self.judgments("v1.judgments.jsonl", model: "big", [("book-001", 2, 4), ("book-003", 3, 3), ("book-005", 4, 4)])
        let ids = try JudgeCalProcess.file("dev.ids", "book-001\nbook-003\nbook-005\nbook-010\n")
        let report = try SharedData.temporaryFolder("digest").appendingPathComponent("digest.md").path
        let r = try JudgeCalProcess.run([
            "disagreements", Self.run, "--rubric", Self.rubric, "--labels", Self.labels, "--judgments", judgments, "--ids", ids, "--json",
            "--report", report,
        ])
        #expect(r.status == 0, "\(r.error)")
        let digest = try JSONValue.parse(Data(r.output.utf8))
        #expect(digest["rowSet"]?.array?.count == 4)
        let relevance = try #require(digest["dimensions"]?.array?.first)
        #expect(relevance["notJudged"]?.double == 1)
        let pair = try #require(relevance["pairs"]?.array?.first)
        #expect(pair["expert"]?["label"]?.string == "4")
        #expect(pair["judge"]?["label"]?.string == "2")
        #expect(pair["rows"]?.array?.map { $0["rowID"]?.string } == ["book-001"])
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("### expert 4 → judge 2 (weight 0.444): 1 row"))
    }

    @Test("disagreements --split development: the split record's development rows only; with --ids too, 64")
    func developmentSplit() throws {
        let rows = (1...12).map { (String(format: "book-%03d", $0), 2, 2) }
        let judgments = try Self.judgments("split.judgments.jsonl", model: "big", rows)
        // A copy of the sample's committed record (seed 13: the rubric's worked examples are development rows).
        let record = try SharedData.temporaryFolder("split-digest").appendingPathComponent("book-tags.splits.json").path
        try FileManager.default.copyItem(atPath: SharedData.projectURL("calibration/book-tags.splits.json").path, toPath: record)
        let common = ["disagreements", Self.run, "--rubric", Self.rubric, "--labels", Self.labels, "--judgments", judgments, "--json"]
        let r = try JudgeCalProcess.run(common + ["--split", "development", "--splits", record])
        #expect(r.status == 0, "\(r.error)")
        let splits = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: record)))
        let development = Set(
            try #require(splits["rows"]?.array).filter { $0["split"]?.string == "development" }.compactMap { $0["id"]?.string })
        let digest = try JSONValue.parse(Data(r.output.utf8))
        let rowSet = Set(try #require(digest["rowSet"]?.array).compactMap(\.string))
        #expect(!rowSet.isEmpty && rowSet == development)
        let shown = try #require(digest["dimensions"]?.array).flatMap { $0["pairs"]?.array ?? [] }
            .flatMap { $0["rows"]?.array ?? [] }.compactMap { $0["rowID"]?.string }
        #expect(!shown.isEmpty && shown.allSatisfy(development.contains), "\(shown)")
        let ids = try JudgeCalProcess.file("both.ids", "book-001\n")
        let both = try JudgeCalProcess.run(common + ["--split", "development", "--splits", record, "--ids", ids])
        #expect(both.status == 64)
        #expect(both.error.contains("give one"), "\(both.error)")
    }

    @Test("suggest refuses, before asking any model: without --ids, and with no disagreement on the rows given")
    func suggestRefuses() throws {
        let agreeing = try Self.judgments("agree.judgments.jsonl", model: "big", [("book-003", 3, 3), ("book-005", 4, 4)])
        let ids = try JudgeCalProcess.file("dev.ids", "book-003\nbook-005\n")
        let folder = try SharedData.temporaryFolder("suggest")
        let output = folder.appendingPathComponent("new.md").path
        let common = [
            "suggest", Self.run, "--rubric", Self.rubric, "--labels", Self.labels, "--judgments", agreeing, "-o", output, "--cache",
            folder.appendingPathComponent("cache.sqlite").path, "--base-url", "http://127.0.0.1:9/v1",
        ]
        let none = try JudgeCalProcess.run(common + ["--ids", ids])
        #expect(none.status == 1)
        #expect(none.error.contains("no disagreements on the 2 rows given"), "\(none.error)")
        let unrestricted = try JudgeCalProcess.run(common)
        #expect(unrestricted.status == 1)
        #expect(unrestricted.error.contains("--ids"), "\(unrestricted.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("compare of two judgments files by two models: named by model, failures by code and their ratio; one file twice is refused")
    func compareFiles() throws {
        let rows = [("book-001", 2, 4), ("book-003", 3, 3), ("book-005", 4, 4), ("book-006", 4, 4)]
        let big = try Self.judgments("big.judgments.jsonl", model: "big", rows, failed: ["book-007": "no-json"])
        let small = try Self.judgments(
            "small.judgments.jsonl", model: "small", [("book-001", 4, 4), ("book-003", 3, 3)],
            failed: ["book-005": "off-scale", "book-006": "off-scale", "book-007": "no-json", "book-010": "no-json"])
        let common = ["compare", Self.run, "--control", Self.rubric, "--labels", Self.labels, "--resamples", "0"]
        let r = try JudgeCalProcess.run(common + ["--control-judgments", big, "--experimental-judgments", small, "--json"])
        #expect(r.status == 0, "\(r.error)")
        let c = try JSONValue.parse(Data(r.output.utf8))
        #expect(c["controlName"]?.string == "book-tags v1 · big")
        #expect(c["experimentalName"]?.string == "book-tags v1 · small")
        #expect(c["experimentalFailures"]?["byCode"]?["off-scale"]?.double == 2)
        let text = try JudgeCalProcess.run(common + ["--control-judgments", big, "--experimental-judgments", small])
        #expect(text.output.contains("the experimental side failed 4 rows, 4.0× the control side's 1"), "\(text.output)")
        let same = try JudgeCalProcess.run(common + ["--control-judgments", big, "--experimental-judgments", big])
        #expect(same.status == 65)
        #expect(same.error.contains("the same judge"), "\(same.error)")
    }
}
