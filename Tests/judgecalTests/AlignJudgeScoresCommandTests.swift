import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

private let labels = "notebooks-data/hanna.labels.csv"
private let criteria = [
    ("relevance", "RE"), ("coherence", "CH"), ("empathy", "EM"), ("surprise", "SU"), ("engagement", "EG"), ("complexity", "CX"),
]

/// Decodes `judgecal --json` output.
private func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

/// A CSV file of this repository, read by the toolkit's CSV reader: its header, and its rows keyed by the first column.
private func table(_ path: String) throws -> (header: [String], rows: [String: [String]]) {
    let table = try SharedData.projectCSV(path)
    return (table.columns, Dictionary(uniqueKeysWithValues: (0..<table.rowCount).map { (table[$0, 0], Array(table.row($0))) }))
}

/// A dimension of the report by name.
private func dimension(_ report: JSONValue, _ name: String) throws -> JSONValue {
    try #require(report["dimensions"]?.array?.first { $0["name"]?.string == name })
}

@Suite("judgecal align --judge-scores: scores a judge produced elsewhere")
struct AlignJudgeScoresCommandTests {
    /// recomputed.json: "judge|prompt|criterion" → figure → value.
    struct Recomputed: Decodable {
        var llm_vs_human_mean: [String: [String: Double]]
    }

    @Test(
        "HANNA: each judge's prompt-1 story-level τ-b against the crowd mean reproduces recomputed.json (1e-12), failure codes kept without a scale",
        arguments: ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"])
    func hanna(judge: String) throws {
        let recomputed = try JSONDecoder().decode(
            Recomputed.self, from: Data(contentsOf: SharedData.url("data/hanna/recomputed.json")))
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", "notebooks-data/hanna-judges/\(judge).p1.csv", "--labels", labels, "--means", "--json",
            "--no-history", "--resamples", "0", "--statistic", "pearson",
        ])
        #expect(r.status == 2, "r lies below 0.6")
        #expect(r.error.contains("no scale is known"))
        let report = try json(r.output)
        for (name, short) in criteria {
            let d = try dimension(report, name)
            let expected = try #require(recomputed.llm_vs_human_mean["\(judge)|1|\(short)"]?["story_kendall"])
            let tau = try #require(d["kendallTauB"]?["value"]?.double)
            #expect(abs(tau - expected) <= 1e-12, "\(judge) \(name): τ-b \(tau), recomputed \(expected)")
            #expect(d["counts"]?["paired"]?.double == 960)
            #expect(d["counts"]?["judgeFailures"]?.double == 0)
            #expect(d["cohenKappa"]?["quadratic"]?["undefinedReason"]?["code"]?.string == "no-scale")
        }
    }

    @Test("--categories 1,2,3,4,5: off-scale judge values become failures, the rest are rounded half up for kappa and the confusion matrix")
    func categories() throws {
        let judgeFile = "notebooks-data/hanna-judges/Mistral-7B.p1.csv"
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", judgeFile, "--labels", labels, "--means", "--json", "--no-history", "--categories", "1,2,3,4,5",
            "--resamples", "0",
        ])
        #expect(r.status == 2)
        let report = try json(r.output)
        let (judgeHeader, judgeRows) = try table(judgeFile)
        let (labelHeader, labelRows) = try table(labels)
        func roundHalfUp(_ x: Double) -> Int { Int((x + 0.5).rounded(.down)) }
        func isLevel(_ x: Double) -> Bool { abs(x - x.rounded()) <= 1e-9 }
        for (name, _) in criteria {
            let d = try dimension(report, name)
            let jc = try #require(judgeHeader.firstIndex(of: name))
            let lc = try #require(labelHeader.firstIndex(of: name))
            var counts = Array(repeating: Array(repeating: 0, count: 5), count: 5)
            var offScale = 0
            var roundedJudge = 0
            var roundedExpert = 0
            for (id, row) in judgeRows {
                let j = try #require(Double(row[jc]))
                let labelRow = try #require(labelRows[id])
                let e = try #require(Double(labelRow[lc]))
                guard j >= 1, j <= 5 else {
                    offScale += 1
                    continue
                }
                if !isLevel(j) { roundedJudge += 1 }
                if !isLevel(e) { roundedExpert += 1 }
                counts[roundHalfUp(e) - 1][roundHalfUp(j) - 1] += 1
            }
            #expect(offScale > 0, "Mistral-7B prompt 1 has failure codes on every criterion")
            #expect(d["counts"]?["judgeFailures"]?.double == Double(offScale))
            #expect(d["counts"]?["paired"]?.double == Double(960 - offScale))
            #expect(d["rounding"]?["judgeValuesRounded"]?.double == Double(roundedJudge))
            #expect(d["rounding"]?["expertValuesRounded"]?.double == Double(roundedExpert))
            #expect(d["rounding"]?["note"]?.string?.contains("\(roundedExpert) expert and \(roundedJudge) judge values") == true)
            let matrix = try #require(d["confusionMatrix"]?["counts"]?.array).map { try #require($0.array).map { $0.double.map(Int.init) } }
            #expect(matrix == counts.map { $0.map(Optional.some) })
            let trace = (0..<5).reduce(0) { $0 + counts[$1][$1] }
            #expect(abs((d["exactAgreement"]?["value"]?.double ?? .nan) - Double(trace) / Double(960 - offScale)) <= 1e-12)
            #expect(d["cohenKappa"]?["quadratic"]?["value"]?.double != nil)
            #expect(r.error.contains("\(name): \(offScale) judge values beyond the scale 1, 2, 3, 4, 5 counted as judge failures"))
        }
    }

    @Test("A judge file with a word for a score names file, line and column; a repeated id names both lines; both exit 65")
    func badFiles() throws {
        let notNumber = try JudgeCalProcess.file("words.csv", "id,relevance,coherence\nstory-0096,3,2\nstory-0097,good,2\n")
        let r = try JudgeCalProcess.run(["align", "--judge-scores", notNumber, "--labels", labels, "--means", "--no-history"])
        #expect(r.status == 65)
        #expect(r.output == "")
        #expect(r.error.contains("words.csv line 3, column relevance: 'good' is not a number"))
        let repeated = try JudgeCalProcess.file(
            "twice.jsonl", "{\"id\": \"story-0096\", \"relevance\": 3}\n{\"id\": \"story-0096\", \"relevance\": 2}\n")
        let twice = try JudgeCalProcess.run(["align", "--judge-scores", repeated, "--labels", labels, "--means", "--no-history"])
        #expect(twice.status == 65)
        #expect(twice.error.contains("twice.jsonl line 2, column id: story-0096 already has scores on line 1"))
        let unrelated = try JudgeCalProcess.file("other.csv", "id,fluency\nstory-0096,3\n")
        let none = try JudgeCalProcess.run(["align", "--judge-scores", unrelated, "--labels", labels, "--means", "--no-history"])
        #expect(none.status == 65)
        #expect(none.error.contains("other.csv line 1: shares no dimension column with the label sheets"))
    }

    @Test("A blank cell is no score: counted as a judge failure, never paired; a rationale column is kept beside its dimension")
    func blankCell() throws {
        let scores = try JudgeCalProcess.file(
            "blank.csv", "id,relevance,relevance_rationale\nstory-0096,5,\"on the prompt, vividly\"\nstory-0097,,\nstory-0098,2,\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--json", "--no-history", "--resamples", "0",
            "--categories", "1,2,3,4,5",
        ])
        let d = try dimension(try json(r.output), "relevance")
        #expect(d["counts"]?["judged"]?.double == 2)
        #expect(d["counts"]?["judgeFailures"]?.double == 1)
        #expect(d["counts"]?["paired"]?.double == 2)
        #expect(d["counts"]?["labelledNotJudged"]?.double == 957)
        #expect(d["counts"]?["rowsInRun"]?.double == 960)
        // story-0096's crowd mean is 5/3, so the judge's 5 is the largest difference.
        let worst = try #require(d["worstDisagreements"]?.array?.first)
        #expect(worst["rowID"]?.string == "story-0096")
        #expect(worst["judgeRationale"]?.string == "on the prompt, vividly")
        let repeated = try JudgeCalProcess.file("columns.csv", "id,relevance,Relevance\nstory-0096,5,4\n")
        let twice = try JudgeCalProcess.run(["align", "--judge-scores", repeated, "--labels", labels, "--means", "--no-history"])
        #expect(twice.status == 65)
        #expect(twice.error.contains("columns.csv line 1, column Relevance: the column Relevance appears twice"))
    }

    @Test("With a run, every judged id must be a row of it; without --judge-scores the run and rubric are still required")
    func runAndUsage() throws {
        let scores = try JudgeCalProcess.file("book.csv", "id,relevance,usefulness\nbook-001,4,4\nbook-999,3,3\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--rubric", "rubrics/book-tags.md", "--labels", "calibration/book-tags.labels.csv",
            "--no-history", "--", "notebooks-data/book-tags.run.jsonl",
        ])
        #expect(r.status == 65)
        #expect(r.error.contains("book.csv line 3, column id: book-999 is not a row of the run book-tags"))
        let noRun = try JudgeCalProcess.run(["align", "--rubric", "rubrics/book-tags.md", "--labels", labels])
        #expect(noRun.status == 64)
        #expect(noRun.error.contains("give the run to judge, or --judge-scores FILE"))
        let both = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--rubric", "rubrics/book-tags.md", "--categories", "1,2,3,4", "--labels", labels,
        ])
        #expect(both.status == 64)
        #expect(both.error.contains("--categories applies only without --rubric"))
    }

    @Test("A judgments file written by judgecal judge is read as judge scores: a failed row is counted, rationales kept")
    func judgmentsFile() throws {
        func judgment(_ id: String, _ score: Int, _ rationale: String) -> String {
            """
            {"id":"\(id)","model":"m","promptHash":"h","rawReplies":["{}"],"retries":0,"scores":[{"dimension":"Quality","fellBack":false,"label":"\(score)","rationale":"\(rationale)","score":\(score)}]}
            """
        }
        let judgments = try JudgeCalProcess.file(
            "hand.judgments.jsonl",
            [
                #"{"judgments":{"model":"judge-model-x","rubric":"hand","run":"hand"}}"#,
                judgment("r1", 1, "poor"), judgment("r2", 2, "fair"), judgment("r3", 3, "good"), judgment("r4", 4, "clearly the best"),
                #"{"failure":{"code":"no-json","message":"the reply held no JSON object"},"id":"r5","model":"m","promptHash":"h","rawReplies":["sorry"],"retries":2,"scores":[]}"#,
            ].joined(separator: "\n") + "\n")
        let sheet = try JudgeCalProcess.file("hand.labels.csv", "id,quality,note\nr1,1,\nr2,2,\nr3,4,underrated\nr4,3,\nr5,2,\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", judgments, "--labels", sheet, "--categories", "1,2,3,4", "--statistic", "kendall", "--json",
            "--no-history", "--resamples", "0",
        ])
        let report = try json(r.output)
        #expect(report["info"]?["model"]?.string == "judge-model-x")
        let d = try dimension(report, "Quality")
        #expect(d["counts"]?["judged"]?.double == 4)
        #expect(d["counts"]?["judgeFailures"]?.double == 1)
        #expect(d["counts"]?["paired"]?.double == 4)
        // One discordant pair of six: τ-b = (5 − 1) / 6; ρ = 1 − 6·2 / (4·15).
        #expect(abs((d["kendallTauB"]?["value"]?.double ?? .nan) - 4.0 / 6) <= 1e-12)
        #expect(abs((d["spearman"]?["value"]?.double ?? .nan) - 0.8) <= 1e-12)
        #expect(d["exactAgreement"]?["value"]?.double == 0.5)
        let worst = try #require(d["worstDisagreements"]?.array)
        #expect(worst.first?["rowID"]?.string == "r3")
        #expect(worst.first?["judgeRationale"]?.string == "good")
        #expect(worst.first?["expertNote"]?.string == "underrated")
    }

    @Test("Judge scores near 1e200: finite figures, a spread that is not 0, and --json that parses")
    func hugeScores() throws {
        let rows = (96..<116).map { i in "story-0\(i),\(Double(i % 7 + 1) * 1e200)" }
        let scores = try JudgeCalProcess.file("huge.csv", "id,relevance\n" + rows.joined(separator: "\n") + "\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--json", "--no-history", "--resamples", "0",
            "--statistic", "pearson",
        ])
        #expect(r.status != 1, "\(r.error)")
        let d = try dimension(try json(r.output), "relevance")
        let sd = try #require(d["spread"]?["judge"]?["standardDeviation"]?["value"]?.double)
        #expect(sd > 1e199 && sd.isFinite)
        #expect(d["pearson"]?["value"]?.double != nil)
    }

    @Test("An ESC sequence in a rationale reaches the terminal only as visible text")
    func escapeSequences() throws {
        let scores = try JudgeCalProcess.file(
            "esc.csv", "id,relevance,relevance_rationale\nstory-0096,5,\"\u{1B}[2J\u{1B}]0;pwned\u{07}cleared\"\nstory-0098,2,\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--no-history", "--resamples", "0", "--categories",
            "1,2,3,4,5",
        ])
        #expect(!r.output.contains("\u{1B}"))
        #expect(r.output.contains("␛[2J␛]0;pwned␇cleared"))
    }

    @Test("A history file in a missing folder is exit 73 before any work, naming the path and --no-history")
    func historyFolderMissing() throws {
        let scores = try JudgeCalProcess.file("h.csv", "id,relevance\nstory-0096,5\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--history", "/nonexistent-folder/history.jsonl",
        ])
        #expect(r.status == 73)
        #expect(r.output == "")
        #expect(r.error.contains("/nonexistent-folder/history.jsonl") && r.error.contains("--no-history"))
    }

    @Test("A history append that fails is exit 73 naming the file and the way out, and leaves no report and prints no result")
    func historyAppendFails() throws {
        let scores = try JudgeCalProcess.file("h.csv", "id,relevance\nstory-0096,5\nstory-0098,2\n")
        let report = URL(fileURLWithPath: scores).deletingLastPathComponent().appendingPathComponent("r.html").path
        // /dev/full passes every check (a writable file in a writable folder) and refuses the write itself.
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--resamples", "0", "--categories", "1,2,3,4,5",
            "--report", report, "--history", "/dev/full",
        ])
        #expect(r.status == 73, "\(r.error)")
        #expect(
            r.error
                == "error: cannot append to the history file '/dev/full': No space left on device, so the report '\(report)' was not written either; pass --history FILE to append elsewhere, or --no-history\n"
        )
        #expect(!FileManager.default.fileExists(atPath: report))
        #expect(try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: report).deletingLastPathComponent().path) == ["h.csv"])
        #expect(r.output == "", "no verdict printed that the history lacks")
    }

    @Test("A report in a folder that takes no new file is exit 73 before any work, and no history line is appended")
    func reportFolderUnwritable() throws {
        let scores = try JudgeCalProcess.file("h.csv", "id,relevance\nstory-0096,5\nstory-0098,2\n")
        let history = URL(fileURLWithPath: scores).deletingLastPathComponent().appendingPathComponent("history.jsonl").path
        let report = try SharedData.unwritableFolder() + "/r.md"
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--resamples", "0", "--categories", "1,2,3,4,5",
            "--report", report, "--history", history,
        ])
        #expect(r.status == 73, "\(r.error)")
        #expect(r.error == "error: cannot write the report '\(report)': Permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: history))
    }

    @Test("--resamples beyond 100000 is refused with the limit")
    func tooManyResamples() throws {
        let scores = try JudgeCalProcess.file("r.csv", "id,relevance\nstory-0096,5\n")
        let r = try JudgeCalProcess.run([
            "align", "--judge-scores", scores, "--labels", labels, "--means", "--no-history", "--resamples", "100000000",
        ])
        #expect(r.status == 64)
        #expect(r.error.contains("100000"))
    }

    @Test("--experts: two raters on a pass/fail scale are combined by majority unless the mean is asked, and the report says which")
    func experts() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("judgecal-experts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Twelve rows; the raters split on r1, where the judge says fail.
        let ids = (0..<12).map { "r\($0)" }
        let ann = ids.indices.map { $0 % 2 }
        let bob = ids.indices.map { $0 == 1 ? 0 : $0 % 2 }
        let judge = ids.indices.map { $0 == 1 ? 0 : $0 % 2 }
        let labels = folder.appendingPathComponent("ok.labels.csv")
        let scores = folder.appendingPathComponent("judge.csv")
        try (["id,ok,rater"] + ids.indices.map { "\(ids[$0]),\(ann[$0]),ann" } + ids.indices.map { "\(ids[$0]),\(bob[$0]),bob" })
            .joined(separator: "\n").write(to: labels, atomically: true, encoding: .utf8)
        try (["id,ok"] + ids.indices.map { "\(ids[$0]),\(judge[$0])" }).joined(separator: "\n")
            .write(to: scores, atomically: true, encoding: .utf8)
        let base = ["align", "--judge-scores", scores.path, "--labels", labels.path, "--categories", "0,1", "--no-history", "--ci", "analytic"]
        let majority = try JudgeCalProcess.run(base + ["--json"])
        let m = try dimension(try json(majority.output), "ok")
        #expect(m["expertAggregation"]?["method"]?.string == "majority-of-raters", "\(majority.error)")
        #expect(m["expertAggregation"]?["chosen"]?.string == "default")
        #expect(m["expertAggregation"]?["rowsWithoutMajority"]?.double == 1)
        #expect(m["counts"]?["paired"]?.double == 11)
        #expect(m["exactAgreement"]?["value"]?.double == 1)
        let mean = try JudgeCalProcess.run(base + ["--json", "--experts", "mean"])
        let e = try dimension(try json(mean.output), "ok")
        #expect(e["expertAggregation"]?["method"]?.string == "mean-of-raters", "\(mean.error)")
        #expect(e["expertAggregation"]?["chosen"]?.string == "asked")
        #expect(e["counts"]?["paired"]?.double == 12)
        let text = try JudgeCalProcess.run(base)
        #expect(text.output.contains("expert value: majority of raters (the default on this scale; ann, bob)"), "\(text.output)")
        #expect(text.output.contains("human ceiling, one rater against one (2 raters, 1 pair)"), "\(text.output)")
        let wrong = try JudgeCalProcess.run(base + ["--experts", "mode"])
        #expect(wrong.status == 64, "\(wrong.error)")
    }

    @Test(
        "Options for a judge that is called, or for a split record without a split, are refused with --judge-scores, never ignored",
        arguments: [
            ["--splits", "x.splits.json"], ["--split-shares", "50,25,25"],
            ["--model", "m"], ["--base-url", "http://127.0.0.1:9/v1"], ["--concurrency", "8"], ["--cache", "c.sqlite"],
            ["--mode", "weighted"],
        ])
    func refusedWithScores(extra: [String]) throws {
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores", "notebooks-data/hanna-judges/ChatGPT.p1.csv", "--labels", labels, "--means", "--no-history"]
                + extra)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains("\(extra[0]) does not apply with --judge-scores"), "\(r.error)")
    }

    @Test("A split or a required certificate with --judge-scores needs the run and the rubric (64), never ignored", arguments: [
        ["--split", "development"], ["--require-certified"],
    ])
    func splitNeedsRunAndRubric(extra: [String]) throws {
        let r = try JudgeCalProcess.run(
            ["align", "--judge-scores", "notebooks-data/hanna-judges/ChatGPT.p1.csv", "--labels", labels, "--means", "--no-history"]
                + extra)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains("needs the run and --rubric"), "\(r.error)")
    }
}
