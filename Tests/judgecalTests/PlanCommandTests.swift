import Foundation
import Testing
import _TestSupport

/// `judgecal plan` and `align --sequential` at the command line (issue #14).
@Suite("judgecal plan and align --sequential")
struct PlanCommandTests {
    @Test("plan prints per dimension the rows for 80% and 90% at true kappas around the threshold, with its assumptions")
    func plan() throws {
        let r = try JudgeCalProcess.run(["plan", "--rubric", "rubrics/book-tags.md", "--replications", "100", "--threshold", "0.7"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.contains("verdict on quadratic-weighted kappa, threshold 0.700"))
        #expect(r.output.contains("true κ  rows for 80%  rows for 90%"))
        #expect(r.output.contains("0.700         never         never"))
        #expect(r.output.contains("no judgments given: both raters use every level equally often"))
        #expect(
            r.output.contains("the verdict uses 95% percentile bootstrap intervals of the table (200 resamples) (align --ci bootstrap, align's default"),
            "the plan is for the interval align uses: \(r.output)")
        let t = try JudgeCalProcess.run(["plan", "--rubric", "rubrics/book-tags.md", "--ci", "t"])
        #expect(t.status == 64, "\(t.error)")
    }

    @Test("plan refuses a threshold outside kappa's range and a pilot without judgments (64), a missing rubric (66)")
    func badInput() throws {
        let high = try JudgeCalProcess.run(["plan", "--rubric", "rubrics/book-tags.md", "--threshold", "1"])
        #expect(high.status == 64 && high.error.contains("threshold 1.0 lies outside (−1, 1)"), "\(high.error)")
        let pilot = try JudgeCalProcess.run([
            "plan", "--rubric", "rubrics/book-tags.md", "--labels", "calibration/book-tags.labels.csv",
        ])
        #expect(pilot.status == 64 && pilot.error.contains("a pilot sheet needs the judge's scores"), "\(pilot.error)")
        let missing = try JudgeCalProcess.run(["plan", "--rubric", "no-such-rubric.md"])
        #expect(missing.status == 66, "\(missing.error)")
        // Issue #29: 2^63 − 1 replications ran until killed; the count has a stated maximum.
        let endless = try JudgeCalProcess.run(
            ["plan", "--rubric", "rubrics/book-tags.md", "--replications", "9223372036854775807"], timeout: .seconds(60))
        #expect(endless.status == 64 && endless.error.contains("--replications"), "\(endless.error)")
        #expect(endless.error.contains("100000"), "\(endless.error)")
    }

    @Test("plan and extract --next read an averaged pilot sheet with --means, refuse it without, and refuse --means without sheets")
    func means() throws {
        let (folder, _, scores) = try FrozenJudgeCommandTests.folder("plan-means")
        let averaged = folder.appendingPathComponent("averaged.labels.csv").path
        let rows = (1...20).map { String(format: "book-%03d,%@,4", $0, $0 % 3 == 0 ? "3.5" : "4") }
        try Data((["id,relevance,usefulness"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: averaged))
        let plan = ["plan", "--rubric", "rubrics/book-tags.md", "--run", scores, "--labels", averaged, "--replications", "100", "--ci", "analytic"]
        let refused = try JudgeCalProcess.run(plan)
        #expect(refused.status == 65, "\(refused.error)")
        #expect(refused.error.contains("--means") || refused.error.contains("means"), "\(refused.error)")
        let read = try JudgeCalProcess.run(plan + ["--means"])
        #expect(read.status == 0, "\(read.error)")
        #expect(read.output.contains("20 paired rows"), "\(read.output)")
        let noSheets = try JudgeCalProcess.run(["plan", "--rubric", "rubrics/book-tags.md", "--means"])
        #expect(noSheets.status == 64 && noSheets.error.contains("give it with --labels"), "\(noSheets.error)")

        // extract --next continues a label set extract drew: a first sheet of 20, scored with means.
        let first = folder.appendingPathComponent("first.labels.csv").path
        let drew = try JudgeCalProcess.run([
            "extract", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--sample", "20", "--context",
            "input.title", "-o", first,
        ])
        try #require(drew.status == 0, "\(drew.error)")
        let lines = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let scored = lines.enumerated().map { i, line -> String in
            guard i > 0, let comma = line.firstIndex(of: ","), line[comma...].hasPrefix(",,,") else { return String(line) }
            return line[..<comma] + (i % 3 == 0 ? ",3.5,4," : ",4,4,") + line[line.index(comma, offsetBy: 3)...]
        }
        try Data(scored.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: first))
        let firstIDs = Set(lines.dropFirst().compactMap { $0.split(separator: ",").first.map(String.init) })
        let sheet = folder.appendingPathComponent("next.labels.csv").path
        let next = [
            "extract", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels", first, "--next", "5",
            "-o", sheet,
        ]
        let nextRefused = try JudgeCalProcess.run(next)
        #expect(nextRefused.status == 65, "\(nextRefused.error)")
        let nextRead = try JudgeCalProcess.run(next + ["--means"])
        #expect(nextRead.status == 0, "\(nextRead.error)")
        let drawn = try String(contentsOfFile: sheet, encoding: .utf8).split(separator: "\n").dropFirst().map { String($0.prefix(8)) }
        #expect(drawn.count == 5 && firstIDs.isDisjoint(with: drawn), "rows beside the first sheet's: \(drawn)")
        let extractNoSheets = try JudgeCalProcess.run(Array(next.prefix(4)) + ["--sample", "3", "-o", sheet, "--means"])
        #expect(extractNoSheets.status == 64 && extractNoSheets.error.contains("give it with --next and --labels"))
    }

    @Test("align --sequential counts its look in the history; a plain align after it says its interval ignores the looks")
    func sequential() throws {
        let history = try JudgeCalProcess.file("sequential.history.jsonl", "")
        let common = [
            "align", "--judge-scores", "notebooks-data/hanna-judges/Mistral-7B.p1.csv", "--labels", "notebooks-data/hanna.labels.csv",
            "--categories", "1,2,3,4,5", "--means", "--resamples", "0", "--history", history,
        ]
        let first = try JudgeCalProcess.run(common + ["--sequential", "4"])
        #expect(first.output.contains("look 1 of at most 4"), "\(first.error)")
        let line = try #require(try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n").first)
        #expect(line.contains(#""sequentialLooks":4"#) && line.contains(#""labelSet":"hanna.labels.csv""#))
        let plain = try JudgeCalProcess.run(common)
        #expect(plain.output.contains("Note: these labels had 1 earlier align --sequential look(s)"), "\(plain.error)")
        let changed = try JudgeCalProcess.run(common + ["--sequential", "5"])
        #expect(changed.status == 64 && changed.error.contains("began with --sequential 4"), "\(changed.error)")
    }

    /// Issue #29: looks were counted by the sheets' file names, so one new sheet per batch (SAMPLING.md's
    /// workflow) made every look "look 1". A sequence is its labelled rows: batch 2's sheet beside batch 1's
    /// is look 2, the same rows under other file names are that look again, and leaving batch 1 out is refused.
    @Test("one new sheet per batch continues the sequence of looks; renamed sheets are the same look; a dropped batch is refused")
    func sequentialBatches() throws {
        let folder = try SharedData.temporaryFolder("sequential-batches")
        let lines = try String(contentsOf: SharedData.projectURL("notebooks-data/hanna.labels.csv"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let half = 1 + (lines.count - 1) / 2
        let batches = [Array(lines[1..<half]), Array(lines[half...])].enumerated().map { i, rows in
            let url = folder.appendingPathComponent("batch-\(i + 1).labels.csv")
            return (url, ([lines[0]] + rows).joined(separator: "\n"))
        }
        for (url, text) in batches { try Data(text.utf8).write(to: url) }
        let history = folder.appendingPathComponent("history.jsonl").path
        func look(_ sheets: [String]) throws -> (status: Int32, output: String, error: String) {
            let r = try JudgeCalProcess.run(
                ["align", "--judge-scores", "notebooks-data/hanna-judges/Mistral-7B.p1.csv", "--labels"] + sheets
                    + ["--categories", "1,2,3,4,5", "--means", "--resamples", "0", "--history", history, "--sequential", "4"])
            return (r.status, r.output, r.error)
        }
        let first = try look([batches[0].0.path])
        #expect(first.output.contains("look 1 of at most 4"), "\(first.error)")
        let second = try look([batches[0].0.path, batches[1].0.path])
        #expect(second.output.contains("look 2 of at most 4"), "\(second.output.prefix(600))\(second.error)")
        // The same rows under other names: the same look, not a third.
        let renamed = folder.appendingPathComponent("all.labels.csv")
        try Data((batches[0].1 + "\n" + batches[1].1.split(separator: "\n").dropFirst().joined(separator: "\n")).utf8).write(to: renamed)
        let again = try look([renamed.path])
        #expect(again.output.contains("look 2 of at most 4"), "\(again.output.prefix(600))\(again.error)")
        let dropped = try look([batches[1].0.path])
        #expect(dropped.status == 64, "\(dropped.error)")
    }
}
