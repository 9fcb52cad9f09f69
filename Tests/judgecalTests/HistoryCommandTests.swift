import CalibrationMaps
import DataFormats
import Foundation
import Testing
import _TestSupport

/// `judgecal history`: the history's alignment and audit figures over time against control limits (issue #31, drift).
@Suite("judgecal history: series, limits, a drifted look, the report page, and an empty or missing history")
struct HistoryCommandTests {
    typealias Synthetic = EstimateCalibratedCommandTests.Synthetic
    static let rubric = EstimateCalibratedCommandTests.rubric

    /// `align` of run `a`'s judge on label sheets of 60 rows each, from `starts`, into `history`.
    static func looks(_ a: Synthetic, starts: [Int], scores: String, history: String) throws {
        for start in starts {
            let result = try JudgeCalProcess.run(
                ["align", a.run, "--rubric", rubric, "--labels", try a.labels(start..<(start + 60)), "--judge-scores", scores,
                 "--history", history])
            try #require([0, 2, 3, 4].contains(result.status), "\(result.error)")
        }
    }

    @Test("Five stable looks: inside (exit 0); a sixth with a judge that disagrees: outside (exit 2), in text, JSON and the page")
    func drift() throws {
        let a = try Synthetic(name: "a", rows: 400)
        let folder = try SharedData.temporaryFolder("history-command")
        let history = folder.appendingPathComponent("history.jsonl").path
        try Self.looks(a, starts: [0, 60, 120, 180, 240], scores: a.scores, history: history)
        let stable = try JudgeCalProcess.run(["history", "--history", history, "--dimension", "Relevance"])
        #expect(stable.status == 0, "\(stable.output) \(stable.error)")
        #expect(stable.output.contains("Relevance · quadratic-kappa · judge judge · rubric book-tags: 5 points"), "\(stable.output)")
        #expect(stable.output.contains("is inside its limits") && stable.output.contains("from 4 earlier points"))
        #expect(stable.output.contains("Relevance · judge's mean · judge judge · rubric book-tags: 5 points"), "\(stable.output)")

        // The same judge's name, now scoring in a cycle that ignores the rows: its agreement with the experts collapses.
        let lines = try String(contentsOfFile: a.scores, encoding: .utf8).split(separator: "\n")
        let cycled = lines.dropFirst().enumerated().map { i, line in "\(line.split(separator: ",")[0]),\(i % 4 + 1),\((i + 1) % 4 + 1)" }
        let flat = ([String(lines[0])] + cycled).joined(separator: "\n") + "\n"
        let drifted = try SharedData.temporaryFile(flat, named: "judge.csv", in: "history-command").path
        try Self.looks(a, starts: [300], scores: drifted, history: history)
        let page = folder.appendingPathComponent("trend.html").path
        let result = try JudgeCalProcess.run(["history", "--history", history, "--judge", "judge", "--report", page, "--json"])
        #expect(result.status == 2, "\(result.output) \(result.error)")
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["outcome"]?.string == "drifted")
        let series = try #require(json["trend"]?["series"]?.array)
        #expect(series.count == 4 && series.allSatisfy { $0["points"]?.array?.count == 6 }, "the statistic and the judge's mean of each")
        // The judge's mean falls from about 3.3 to 2.5, the cycle's: its own series drifts too.
        let mean = try #require(series.first { $0["dimension"]?.string == "Relevance" && $0["kind"]?.string == "judge-mean" })
        #expect(mean["limits"]?["isOutside"] == .bool(true), "\(mean)")
        #expect((mean["points"]?.array?.last?["value"]?.double ?? .nan) == 2.5 && (mean["points"]?.array?.first?["value"]?.double ?? 0) > 3)
        let relevance = try #require(series.first { $0["dimension"]?.string == "Relevance" && $0["kind"]?.string == "alignment" })
        let limits = try #require(relevance["limits"])
        #expect(limits["isOutside"] == .bool(true) && limits["earlierLooks"]?.double == 5)
        let latest = try #require(limits["latest"]?["value"]?.double), lower = try #require(limits["lower"]?.double)
        #expect(latest < lower)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("data-drifted=\"true\"") && html.contains("<svg") && html.contains("class=\"limits\""))
        #expect(html.contains("Outcome: drifted"))
        let text = try JudgeCalProcess.run(["history", "--history", history, "--dimension", "Relevance"])
        #expect(text.output.contains("is OUTSIDE its limits") && text.output.contains("— drifted"), "\(text.output)")
    }

    @Test("Two looks: no limits (exit 3); a history without alignments or audits (65); none at all (66); a bad --alpha (64)")
    func edges() throws {
        let a = try Synthetic(name: "a", rows: 200)
        let folder = try SharedData.temporaryFolder("history-edges")
        let history = folder.appendingPathComponent("history.jsonl").path
        try Self.looks(a, starts: [0, 60], scores: a.scores, history: history)
        let few = try JudgeCalProcess.run(["history", "--history", history])
        #expect(few.status == 3 && few.output.contains("no limits") && few.output.contains("Outcome: too few points"), "\(few.output)")
        let other = try JudgeCalProcess.run(["history", "--history", history, "--dimension", "Tone"])
        #expect(other.status == 65 && other.error.contains("holds no alignment or audit line of dimension Tone"), "\(other.error)")
        let calibrationOnly = folder.appendingPathComponent("calibrations.jsonl").path
        let fit = try JudgeCalProcess.run(
            ["calibrate", a.run, "--rubric", Self.rubric, "--labels", try a.labels(0..<60), "--judge-scores", a.scores, "--output",
             folder.appendingPathComponent("c.json").path, "--history", calibrationOnly])
        try #require(fit.status == 0, "\(fit.error)")
        let empty = try JudgeCalProcess.run(["history", "--history", calibrationOnly])
        #expect(empty.status == 65 && empty.error.contains("holds no alignment or audit line"), "\(empty.error)")
        let missing = try JudgeCalProcess.run(["history", "--history", folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 66, "\(missing.error)")
        let alpha = try JudgeCalProcess.run(["history", "--history", history, "--alpha", "1.5"])
        #expect(alpha.status == 64 && alpha.error.contains("--alpha 1.5 is not between 0 and 1"), "\(alpha.error)")
    }
}
