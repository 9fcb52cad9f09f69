import DataFormats
import Foundation
import Testing
import _TestSupport

/// Up to three raters (A, B, C) on 40 rows of a 1–5 scale, each a step off a shared truth now and then, and a
/// judge's scores that track it with noise.
private func files(raters: Int) throws -> (labels: String, scores: String) {
    let truth = (0..<40).map { ($0 * 7 + 3) % 5 + 1 }
    let shifts = [[0, 0, 0, 1, 0, 0, -1, 0], [0, 1, 0, 0, 0, -1, 0, 0], [1, 0, 0, 0, -1, 0, 0, 1]]
    let lines = (0..<40).flatMap { row in
        ["A", "B", "C"].prefix(raters).enumerated().map { r, name in "r\(row),\(name),\(min(5, max(1, truth[row] + shifts[r][row % 8])))" }
    }
    let labels = try JudgeCalProcess.file("raters-\(raters).labels.csv", "id,rater,quality\n" + lines.joined(separator: "\n") + "\n")
    let judge = (0..<40).map { "r\($0),\(min(5, max(1, truth[$0] + [0, 1, 0, -1, 0, 0, 2, 0][$0 % 8])))" }
    let scores = try JudgeCalProcess.file("raters.scores.csv", "id,quality\n" + judge.joined(separator: "\n") + "\n")
    return (labels, scores)
}

private func align(_ files: (labels: String, scores: String), _ extra: [String], history: Bool = false) -> [String] {
    ["align", "--judge-scores", files.scores, "--labels", files.labels, "--categories", "1,2,3,4,5", "--resamples", "200"]
        + (history ? [] : ["--no-history"]) + extra
}

@Suite("align: --threshold-from-ceiling, --experts each and alpha over raters")
struct RaterOptionsCommandTests {
    @Test("--threshold-from-ceiling F: the threshold per dimension printed, in the JSON and in the history")
    func thresholdFromCeiling() throws {
        let three = try files(raters: 3)
        let history = try JudgeCalProcess.file("raters.history.jsonl", "")
        let json = try JudgeCalProcess.run(align(three, ["--threshold-from-ceiling", "0.8", "--json", "--history", history], history: true))
        #expect([0, 2, 3].contains(json.status), "\(json.error)")
        let d = try JSONValue.parse(Data(json.output.utf8))["dimensions"]?.array?.first
        let mean = try #require(d?["humanCeiling"]?["summary"]?["mean"]?.double)
        let threshold = try #require(d?["ceilingThreshold"]?["threshold"]?.double)
        #expect(abs(threshold - 0.8 * mean) < 1e-12)
        #expect(d?["verdict"]?["threshold"]?.double == threshold)
        let line = try JSONValue.parse(Data(try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n")[0].utf8))
        #expect(line["thresholdFromCeiling"]?.double == 0.8)
        #expect(line["dimensions"]?.array?.first?["threshold"]?.double == threshold)
        let text = try JudgeCalProcess.run(align(three, ["--threshold-from-ceiling", "0.8"]))
        #expect(text.output.contains("threshold from the ceiling: 0.800 × the experts' mean pair quadratic-weighted kappa"), "\(text.output)")
    }

    @Test("--threshold-from-ceiling is refused with --threshold, outside (0, 1.5], and without a ceiling, naming the dimension")
    func ceilingRefusals() throws {
        let three = try files(raters: 3), one = try files(raters: 1)
        let both = try JudgeCalProcess.run(align(three, ["--threshold-from-ceiling", "0.8", "--threshold", "0.5"]))
        #expect(both.status == 64)
        #expect(both.error.contains("give it or --threshold, not both"), "\(both.error)")
        for factor in ["0", "1.6", "-1"] {
            let r = try JudgeCalProcess.run(align(three, ["--threshold-from-ceiling", factor]))
            #expect(r.status == 64)
            #expect(r.error.contains("--threshold-from-ceiling takes a factor in (0, 1.5], not \(factor)"), "\(r.error)")
        }
        let lone = try JudgeCalProcess.run(align(one, ["--threshold-from-ceiling", "0.8"]))
        #expect(lone.status == 64)
        #expect(
            lone.error.contains("--threshold-from-ceiling: dimension quality has no human ceiling to set the threshold from (it has 1 rater)"),
            "\(lone.error)")
        #expect(lone.output.isEmpty)
        let looks = try JudgeCalProcess.run(align(three, ["--threshold-from-ceiling", "0.8", "--sequential", "3"]))
        #expect(looks.status == 64)
        #expect(looks.error.contains("--sequential keeps one threshold and one figure for every look"), "\(looks.error)")
    }

    @Test("--experts each: the method printed, the figure per rater, the verdict on their mean")
    func each() throws {
        let three = try files(raters: 3)
        let json = try JudgeCalProcess.run(align(three, ["--experts", "each", "--json"]))
        let d = try JSONValue.parse(Data(json.output.utf8))["dimensions"]?.array?.first
        #expect(d?["expertAggregation"]?["method"]?.string == "each-rater")
        #expect(d?["expertAggregation"]?["otherFigures"]?.string == "mean-of-raters")
        #expect(d?["eachRater"]?["raters"]?.array?.count == 3)
        #expect(d?["statisticEstimate"]?["value"]?.double == d?["eachRater"]?["mean"]?["value"]?.double)
        #expect(d?["raterReliability"]?["withoutRater"]?.array?.count == 3)
        let text = try JudgeCalProcess.run(align(three, ["--experts", "each"]))
        #expect(text.output.contains("expert value: each rater alone for the verdict (as asked; A, B, C)"), "\(text.output)")
        #expect(text.output.contains("Krippendorff's alpha (ordinal) over all 3 raters: "), "\(text.output)")
    }

    @Test("--experts each is refused with one rater, in compare and with several judges (so is a threshold from the ceiling); alpha needs two raters")
    func eachRefusals() throws {
        let one = try files(raters: 1)
        let lone = try JudgeCalProcess.run(align(one, ["--experts", "each"]))
        #expect(lone.status == 64)
        #expect(lone.error.contains("--experts each: dimension quality has 1 rater"), "\(lone.error)")
        let quiet = try JudgeCalProcess.run(align(one, ["--json"]))
        let alpha = try JSONValue.parse(Data(quiet.output.utf8))["dimensions"]?.array?.first?["raterReliability"]?["alpha"]
        #expect(alpha?["undefinedReason"]?["message"]?.string?.contains("needs two raters") == true, "\(quiet.output)")
        let compare = try JudgeCalProcess.run(
            ["compare", "missing.run.jsonl", "--control", "missing.md", "--labels", one.labels, "--experts", "each"])
        #expect(compare.status == 64)
        #expect(compare.error.contains("--experts each applies to align's verdict"), "\(compare.error)")
        let other = try JudgeCalProcess.file("other.scores.csv", try String(contentsOfFile: one.scores, encoding: .utf8))
        let several = try JudgeCalProcess.run(
            ["align", "--judge-scores", one.scores, other, "--labels", one.labels, "--categories", "1,2,3,4,5", "--no-history", "--experts", "each"])
        #expect(several.status == 64)
        #expect(several.error.contains("--experts each does not apply with several --judge-scores files"), "\(several.error)")
        let table = try JudgeCalProcess.run(
            ["align", "--judge-scores", one.scores, other, "--labels", one.labels, "--categories", "1,2,3,4,5", "--no-history",
             "--threshold-from-ceiling", "0.8"])
        #expect(table.status == 64)
        #expect(table.error.contains("--threshold-from-ceiling does not apply with several --judge-scores files"), "\(table.error)")
    }
}
