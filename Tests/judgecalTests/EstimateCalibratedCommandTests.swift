import CalibrationMaps
import DataFormats
import Foundation
import Testing
import _TestSupport

/// `judgecal estimate --calibration`: a judge calibrated on one run's labels, read through its map on a later run
/// with fresh labels (issue #31).
@Suite("judgecal estimate --calibration: the calibrated mean, its correction by fresh labels, and what it refuses")
struct EstimateCalibratedCommandTests {
    static let rubric = "rubrics/book-tags.md"

    /// A synthetic run of `rows` rows named `name` (ids `<name>-000`…), the experts' levels on both dimensions, and a
    /// judge one level above them (at most 4) with a level more on every fourth row: written as the run, the judge's
    /// scores (`judge.csv`, each in a folder of its own) and a label sheet of `labelled` rows from `first` in steps of `step`.
    struct Synthetic {
        var run: String
        var scores: String
        var experts: [String: (Int, Int)]
        var ids: [String]

        init(name: String, rows: Int) throws {
            var state: UInt64 = name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }
            func next() -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(state >> 33)
            }
            let levels = [1, 2, 2, 3, 3, 3, 4]
            ids = (0..<rows).map { "\(name)-\(String(format: "%03d", $0))" }
            var experts: [String: (Int, Int)] = [:]
            var run = #"{"run": {"name": "\#(name)", "source": "synthetic", "info": {}}}"# + "\n"
            var scores = "id,relevance,usefulness\n"
            for (i, id) in ids.enumerated() {
                let e = (levels[next() % levels.count], levels[next() % levels.count])
                experts[id] = e
                run += #"{"id": "\#(id)", "input": {"title": "Book \#(i)", "author": "A", "review": "r"}, "response": {"tags": ["x"]}}"# + "\n"
                let extra = i % 4 == 0 ? 1 : 0
                scores += "\(id),\(min(4, e.0 + 1 + extra)),\(min(4, e.1 + 1 + extra))\n"
            }
            self.experts = experts
            self.run = try SharedData.temporaryFile(run, named: "\(name).run.jsonl", in: "estimate-calibrated").path
            self.scores = try SharedData.temporaryFile(scores, named: "judge.csv", in: "estimate-calibrated").path
        }

        /// A label sheet of the rows at `rows` (positions), rater x.
        func labels(_ rows: some Sequence<Int>) throws -> String {
            var csv = "id,relevance,usefulness,rater\n"
            for i in rows {
                let e = experts[ids[i]]!
                csv += "\(ids[i]),\(e.0),\(e.1),x\n"
            }
            return try SharedData.temporaryFile(csv, named: "labels.csv", in: "estimate-calibrated").path
        }

        /// The experts' mean on Relevance over every row.
        var relevanceMean: Double { Double(experts.values.reduce(0) { $0 + $1.0 }) / Double(experts.count) }
    }

    /// Run A's calibration on 100 labelled rows, written to a temporary file.
    static func calibration(_ a: Synthetic, labels: String) throws -> String {
        let output = try SharedData.temporaryFolder("estimate-calibrated").appendingPathComponent("a.calibration.json").path
        let result = try JudgeCalProcess.run(
            ["calibrate", "--no-history", a.run, "--rubric", rubric, "--labels", labels, "--judge-scores", a.scores, "--output", output])
        try #require(result.status == 0, "\(result.error)")
        return output
    }

    @Test("On a later run the calibrated mean lands on the experts' where the judge's own is a level off; 50 fresh labels correct it")
    func calibratedAndCorrected() throws {
        let a = try Synthetic(name: "a", rows: 150), b = try Synthetic(name: "b", rows: 300)
        let calibration = try Self.calibration(a, labels: try a.labels(0..<100))
        let result = try JudgeCalProcess.run(
            ["estimate", b.run, "--rubric", Self.rubric, "--labels", try b.labels(stride(from: 0, to: 300, by: 6)),
             "--judge-scores", b.scores, "--calibration", calibration, "--random-sample", "--json"])
        try #require(result.status == 0, "\(result.error)")
        #expect(result.error.contains("only the judge's name could be compared, not its settings"), "\(result.error)")
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["calibratedWith"]?.string?.hasPrefix("the calibration of judge on a's labels ") == true)
        let relevance = try #require(json["dimensions"]?.array?.first)
        let judgeOnly = try #require(relevance["mean"]?["judgeOnly"]?["value"]?.double)
        let calibrated = try #require(relevance["calibrated"]?["mean"]?["calibrated"])
        let corrected = try #require(relevance["calibrated"]?["mean"]?["corrected"])
        let truth = b.relevanceMean
        #expect(judgeOnly - truth > 0.8, "the judge is about a level above the experts")
        let value = try #require(calibrated["value"]?.double), lower = try #require(calibrated["interval"]?["lower"]?.double)
        let upper = try #require(calibrated["interval"]?["upper"]?.double)
        #expect(abs(value - truth) < 0.15 && lower <= truth && truth <= upper, "\(value) [\(lower), \(upper)] against \(truth)")
        let correctedLower = try #require(corrected["interval"]?["lower"]?.double)
        let correctedUpper = try #require(corrected["interval"]?["upper"]?.double)
        #expect(correctedLower <= truth && truth <= correctedUpper)
        let mean = relevance["calibrated"]?["mean"]
        #expect(mean?["fresh"]?.double == 50 && (mean?["calibratedMapVariance"]?.double ?? 0) > 0)

        let text = try JudgeCalProcess.run(
            ["estimate", b.run, "--rubric", Self.rubric, "--labels", try b.labels(stride(from: 0, to: 300, by: 60)),
             "--judge-scores", b.scores, "--calibration", calibration, "--random-sample"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("calibrated: saved map"))
        #expect(text.output.contains("The calibrated figures of Relevance rest on 5 fresh labels, too few to correct them"), "\(text.output)")
    }

    @Test("The calibrated pass rate and level shares: each share through the pass maps, summing to 1, near the run's own")
    func passRateAndShares() throws {
        let a = try Synthetic(name: "a", rows: 150), b = try Synthetic(name: "b", rows: 300)
        let calibration = try Self.calibration(a, labels: try a.labels(0..<100))
        let result = try JudgeCalProcess.run(
            ["estimate", b.run, "--rubric", Self.rubric, "--labels", try b.labels(stride(from: 0, to: 300, by: 6)),
             "--judge-scores", b.scores, "--calibration", calibration, "--random-sample", "--pass-at", "3", "--json"])
        try #require(result.status == 0, "\(result.error)")
        let relevance = try #require(try JSONValue.parse(Data(result.output.utf8))["dimensions"]?.array?.first)
        let truth = (pass: Double(b.experts.values.filter { $0.0 >= 3 }.count) / 300,
                     shares: (1...4).map { l in Double(b.experts.values.filter { $0.0 == l }.count) / 300 })
        let pass = try #require(relevance["calibrated"]?["passRate"]?["calibrated"]?["value"]?.double)
        let judgePass = try #require(relevance["passRate"]?["predictionPowered"]?["judgeOnly"]?["value"]?.double)
        #expect(abs(pass - truth.pass) < 0.08 && judgePass - truth.pass > 0.15, "calibrated \(pass), judge \(judgePass), truth \(truth.pass)")
        let corrected = try #require(relevance["calibrated"]?["passRate"]?["corrected"]?["interval"])
        #expect((corrected["lower"]?.double ?? 1) <= truth.pass && truth.pass <= (corrected["upper"]?.double ?? 0))
        let levels = try #require(relevance["calibrated"]?["levels"]?.array)
        #expect(levels.compactMap { $0["level"]?.double } == [1, 2, 3, 4])
        let shares = levels.compactMap { $0["estimate"]?["calibrated"]?["value"]?.double }
        #expect(shares.count == 4 && shares.allSatisfy { $0 >= 0 } && abs(shares.reduce(0, +) - 1) < 1e-12, "\(shares)")
        #expect(abs(shares[2] + shares[3] - pass) < 1e-12, "the shares at 3 and 4 make the pass rate at 3")
        for (share, expected) in zip(shares, truth.shares) { #expect(abs(share - expected) < 0.08, "\(shares) against \(truth.shares)") }

        let text = try JudgeCalProcess.run(
            ["estimate", b.run, "--rubric", Self.rubric, "--labels", try b.labels(stride(from: 0, to: 300, by: 6)),
             "--judge-scores", b.scores, "--calibration", calibration, "--random-sample", "--pass-at", "3"])
        #expect(text.output.contains("pass rate ≥ 3") && text.output.contains("share at 4"), "\(text.output)")
        let calibratedLines = text.output.split(separator: "\n").filter { $0.contains("calibrated: saved map") }
        #expect(calibratedLines.count == 12, "the mean, the pass rate and four shares on each of two dimensions: \(calibratedLines)")
    }

    @Test("Refused: the fitting labels, fitting rows of the same run, another judge, no rubric, --versus; a missing file")
    func refusals() throws {
        let a = try Synthetic(name: "a", rows: 150)
        let fitting = try a.labels(0..<100)
        let calibration = try Self.calibration(a, labels: fitting)
        func estimate(_ extra: [String], labels: String, scores: String = a.scores) throws -> JudgeCalProcess {
            try JudgeCalProcess.run(
                ["estimate", a.run, "--labels", labels, "--judge-scores", scores, "--random-sample"] + extra)
        }
        let withRubric = ["--rubric", Self.rubric, "--calibration", calibration]
        let same = try estimate(withRubric, labels: fitting)
        #expect(same.status == 65 && same.error.contains("the labels are the set the calibration was fitted on"), "\(same.error)")
        let overlap = try estimate(withRubric, labels: try a.labels(90..<130))
        #expect(overlap.status == 65 && overlap.error.contains("10 labelled rows (a-090, a-091"), "\(overlap.error)")
        #expect(overlap.error.contains("of dimension Relevance's fit are offered as fresh"))
        let fresh = try estimate(withRubric, labels: try a.labels(100..<150))
        #expect(fresh.status == 0, "the rows not fitted on are fresh: \(fresh.error)")
        let renamed = try SharedData.temporaryFile(try String(contentsOfFile: a.scores, encoding: .utf8), named: "other.csv", in: "estimate-calibrated")
        let other = try estimate(withRubric, labels: try a.labels(100..<150), scores: renamed.path)
        #expect(other.status == 65 && other.error.contains("the model was judge, now other"), "\(other.error)")
        let noRubric = try estimate(["--calibration", calibration], labels: try a.labels(100..<150))
        #expect(noRubric.status == 64 && noRubric.error.contains("--calibration needs --rubric"), "\(noRubric.error)")
        let versus = try estimate(
            withRubric + ["--versus", a.scores, "--versus-labels", try a.labels(100..<150)], labels: try a.labels(100..<150))
        #expect(versus.status == 64 && versus.error.contains("--versus does not apply with --calibration"), "\(versus.error)")
        let missing = try estimate(["--rubric", Self.rubric, "--calibration", "no-such.calibration.json"], labels: fitting)
        #expect(missing.status == 66, "\(missing.error)")
    }
}
