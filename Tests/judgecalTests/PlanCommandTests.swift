import Foundation
import Testing
import _TestSupport

/// `judgecal plan` and `align --sequential` at the command line (issue #14).
@Suite("judgecal plan and align --sequential")
struct PlanCommandTests {
    @Test("plan prints per dimension the rows for 80% and 90% at true kappas around the threshold, with its assumptions")
    func plan() throws {
        let r = try JudgeCalProcess.run(["plan", "--rubric", "rubrics/book-tags.md", "--replications", "200", "--threshold", "0.7"])
        #expect(r.status == 0, "\(r.error)")
        #expect(r.output.contains("verdict on quadratic-weighted kappa, threshold 0.700"))
        #expect(r.output.contains("true κ  rows for 80%  rows for 90%"))
        #expect(r.output.contains("0.700         never         never"))
        #expect(r.output.contains("no judgments given: both raters use every level equally often"))
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
}
