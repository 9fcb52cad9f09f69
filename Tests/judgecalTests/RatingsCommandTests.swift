import DataFormats
import Foundation
import Testing
import _TestSupport

private let bookRun = "notebooks-data/book-tags.run.jsonl"
private let bookRubric = "rubrics/book-tags.md"

private func json(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Data(text.utf8))
}

@Suite("Bring your own ratings: import --label-columns, long ratings, judging part of a run, labels beyond it")
struct RatingsCommandTests {
    @Test("import --label-columns writes NAME.labels.csv beside the run; JUDGE-BENCH's annotators become raters")
    func importLabels() throws {
        let export = try JudgeCalProcess.file("rated.csv", "key,review,tags,human\nb1,Witty.,noir,4\nb2,Bees.,bees,\n")
        let folder = URL(fileURLWithPath: export).deletingLastPathComponent()
        let out = folder.appendingPathComponent("rated.run.jsonl").path
        let r = try JudgeCalProcess.run([
            "import", export, "--id", "key", "--input", "review", "--response", "tags", "--label-columns", "relevance=human",
            "-o", out, "--json",
        ])
        #expect(r.status == 0, "\(r.error)")
        let summary = try json(r.output)
        let sheet = folder.appendingPathComponent("rated.labels.csv").path
        #expect(summary["labels"]?.string == sheet && summary["labelled"]?.double == 1)
        #expect(try String(contentsOfFile: sheet, encoding: .utf8) == "id,relevance,rater,note\nb1,4,,\n")
        let clash = try JudgeCalProcess.run(["import", export, "--id", "key", "--response", "tags", "--label-columns", "tags", "-o", out])
        #expect(clash.status == 64 && clash.error.contains("--label-columns: tags is mapped to the row already"), "\(clash.error)")
        let newsroom = folder.appendingPathComponent("newsroom.run.jsonl").path
        let bench = try JudgeCalProcess.run(["import", "../shared/data/judge-bench/newsroom__newsroom.json", "-o", newsroom])
        #expect(bench.status == 0, "\(bench.error)")
        #expect(bench.output.contains("wrote 5040 labels of 420 rows by 3 raters on 4 dimensions into "), "\(bench.output)")
        let lines = try String(contentsOf: folder.appendingPathComponent("newsroom.labels.csv"), encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "id,Informativeness,Relevance,Fluency,Coherence,rater,note")
        #expect(lines.count == 1 + 1260)
    }

    @Test("agreement reads long ratings without --raters: one result per dimension, as the wide columns give")
    func agreementLong() throws {
        let long = try JudgeCalProcess.file(
            "long.csv", "item,rater,dimension,score\ni1,a,q,1\ni1,b,q,1\ni2,a,q,2\ni2,b,q,3\ni3,a,q,3\ni3,b,q,3\ni1,a,r,2\ni1,b,r,2\n")
        let wide = try JudgeCalProcess.file("wide.csv", "a,b\n1,1\n2,3\n3,3\n")
        let common = ["-s", "cohen-kappa", "--weights", "quadratic", "-c", "1,2,3", "--json"]
        let fromLong = try JudgeCalProcess.run(["agreement", long] + common)
        let fromWide = try JudgeCalProcess.run(["agreement", wide, "--raters", "a,b"] + common)
        #expect(fromLong.status == 0 && fromWide.status == 0, "\(fromLong.error)\(fromWide.error)")
        let results = try #require(try json(fromLong.output)["results"]?.array)
        #expect(results.map { $0["group"]?.string } == ["q", "r"])
        #expect(results[0]["value"] == (try json(fromWide.output))["results"]?.array?.first?["value"])
        let grouped = try JudgeCalProcess.run(["agreement", long, "--group-by", "dimension"] + common)
        #expect(grouped.status == 64 && grouped.error.contains("long ratings: --id and --group-by do not apply"), "\(grouped.error)")
        let bad = try JudgeCalProcess.file("bad.csv", "item,rater,score\ni1,a,1\ni1,a,2\n")
        let twice = try JudgeCalProcess.run(["agreement", bad, "-s", "cohen-kappa", "-c", "1,2"])
        #expect(twice.status == 65)
        #expect(twice.error.contains("bad.csv line 3, column item: i1 was already rated by a on line 2"), "\(twice.error)")
    }

    @Test("align judges only labelled rows (a long sheet), counts labels beyond the run; --sample and judge --ids take part")
    func alignPart() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try SharedData.temporaryFolder("ratings-align")
        let cache = folder.appendingPathComponent("cache.sqlite").path
        let sheet = try JudgeCalProcess.file(
            "part.labels.csv",
            "item,rater,dimension,score\nbook-001,ann,relevance,4\nbook-003,ann,usefulness,3\nbook-005,ann,relevance,2\nelsewhere-1,ann,relevance,1\n")
        let url = server.baseURL(tag: "ratings", scenario: "ok")
        let common = ["--rubric", bookRubric, "--labels", sheet, "--base-url", url, "--cache", cache, "--no-history", "--json"]
        // (book-002 and book-004 are the rubric's worked examples, left out of the counts, so the sheet avoids them.)
        let aligned = try JudgeCalProcess.run(["align", bookRun] + common + ["--resamples", "0"])
        // The server echoes the prompt, which is no judgment: every judged row is a failure, which is what is counted here.
        #expect([0, 2, 3, 4].contains(aligned.status), "\(aligned.error)")
        let report = try json(aligned.output)
        #expect(report["info"]?["labelledRowsNotInRun"]?.double == 1)
        let counts = try #require(report["dimensions"]?.array?.first?["counts"])
        #expect(counts["rowsInRun"]?.double == 42)
        #expect(counts["judgeFailures"]?.double == 3, "only the three labelled rows were judged: \(counts)")
        let sampled = try JudgeCalProcess.run(["align", bookRun] + common + ["--resamples", "0", "--sample", "2", "--seed", "3"])
        let part = try #require(try json(sampled.output)["dimensions"]?.array?.first?["counts"], "\(sampled.error)")
        #expect(part["rowsInRun"]?.double == 2 && part["judgeFailures"]?.double == 2)
        let ids = try JudgeCalProcess.file("two.txt", "book-003\nbook-001\n")
        let judged = try JudgeCalProcess.run([
            "judge", bookRun, "--rubric", bookRubric, "--ids", ids, "--base-url", url, "--cache", cache, "--json",
            "--output", folder.appendingPathComponent("two.judgments.jsonl").path,
        ])
        #expect(judged.status == 0, "\(judged.error)")
        #expect(try json(judged.output)["rows"]?.double == 2)
        let both = try JudgeCalProcess.run(["judge", bookRun, "--rubric", bookRubric, "--ids", ids, "--sample", "2"])
        #expect(both.status == 64 && both.error.contains("--ids and --sample both choose the rows; give one"), "\(both.error)")
    }
}
