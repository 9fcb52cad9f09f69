import Calibration
import CalibrationData
import CalibrationMaps
import DataFormats
import Foundation
import RunInference
import Testing
import _TestSupport

/// `judgecal calibrate --map two-stage` (issue #31): the file, the report, and what it refuses. Every run writes no
/// history (`--no-history`).
@Suite("judgecal calibrate --map two-stage: covariates from the run's rows, the report, usage errors, a missing covariate")
struct CalibrateTwoStageCommandTests {
    static let run = CalibrateCommandTests.run
    static let rubric = CalibrateCommandTests.rubric
    static let labels = CalibrateCommandTests.labels

    @Test("Two-stage with response-length: the file names kind, covariate and knots, and the covariate is read from the run's rows")
    func fitted() throws {
        let folder = try SharedData.temporaryFolder("calibrate-two-stage")
        let output = folder.appendingPathComponent("c.json"), report = folder.appendingPathComponent("c.md")
        let scores = try CalibrateCommandTests.scores("judge-two-stage.csv")
        let result = try JudgeCalProcess.run(
            ["calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + ["--judge-scores", scores, "--output", output.path, "--report", report.path, "--map", "two-stage"]
                + ["--covariate", "response-length"])
        #expect(result.status == 0, "\(result.error)")
        let calibration = try CalibrationFile.load(from: output)
        let run = try FrozenRun.load(from: SharedData.projectURL(Self.run))
        for d in calibration.dimensions {
            #expect(d.map.kind == .twoStage && d.map.covariates == ["response-length"] && d.map.knots == 8)
            guard case .twoStage(let full) = d.map.full else {
                Issue.record("\(d.name): the full map of 40 rows is not two-stage")
                continue
            }
            // 40 rows: 8 knots (min(8, 40/4)), and every fold's 32 training rows fit the index too.
            #expect(full.index?.bases.map(\.knots) == [8, 8])
            #expect(d.map.foldMaps.allSatisfy { if case .twoStage(let m) = $0 { m.index != nil } else { false } })
            // The covariate's spline spans the 40 rows' response lengths in characters (their compact JSON: a tags object).
            let lengths = try d.map.assignment.keys.sorted().map { id in
                let row = try #require(run.row(id: id))
                return Double((row.response.string ?? row.response.compactJSON).unicodeScalars.count)
            }
            #expect(full.index?.bases.last?.lowest == lengths.min() && full.index?.bases.last?.highest == lengths.max())
            #expect(try d.map.predict(4, covariates: [lengths[0]]) <= 4)
            #expect(throws: TwoStageMap.Failure.covariates(expected: 1, given: 0)) { try d.map.predict(4) }
        }
        #expect(result.output.contains("a two-stage map (CJE's): a cubic spline of the judge's score and response-length"), "\(result.output)")
        #expect(result.output.contains("two-stage, covariates response-length; 8 knots, ridge α"))
        #expect(result.output.contains("map (rank of the index → calibrated value):"))
        let markdown = try String(contentsOf: report, encoding: .utf8)
        #expect(markdown.contains("| rank of the index | calibrated |") && markdown.contains("covariates response-length"), "\(markdown)")
    }

    @Test("The JSON report names the map's kind and covariates; an isotonic one names none")
    func json() throws {
        let folder = try SharedData.temporaryFolder("calibrate-two-stage-json")
        let scores = try CalibrateCommandTests.scores("judge-two-stage-json.csv")
        for (extra, kind, covariates) in [
            (["--map", "two-stage", "--covariate", "response-length"], "two-stage", ["response-length"]), ([], "isotonic", []),
        ] {
            let result = try JudgeCalProcess.run(
                ["calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", scores]
                    + ["--output", folder.appendingPathComponent("\(kind).json").path, "--json"] + extra)
            #expect(result.status == 0, "\(result.error)")
            let dimensions = try #require(try JSONValue.parse(Data(result.output.utf8))["dimensions"]?.array)
            #expect(dimensions.map { $0["map"]?.string } == [kind, kind])
            #expect(dimensions.map { $0["covariates"]?.array?.compactMap(\.string) } == [covariates, covariates])
        }
    }

    @Test(
        "Refused (64) before anything is written: a two-stage option with an isotonic map, a name that is no covariate, too few knots",
        arguments: [
            (["--covariate", "response-length"], "--covariate applies only with --map two-stage"),
            (["--map", "isotonic", "--knots", "6"], "--knots applies only with --map two-stage"),
            (["--map", "two-stage", "--covariate", "length"], "--covariate length: name response-length"),
            (["--map", "two-stage", "--knots", "4"], "--knots 4: a two-stage map's splines take from 5"),
            (["--map", "two-stage", "--covariate", "response-length", "--covariate", "response-length"], "given twice"),
            (["--map", "spline"], "--map"),
        ])
    func refused(extra: [String], words: String) throws {
        let folder = try SharedData.temporaryFolder("calibrate-two-stage-refused")
        let output = folder.appendingPathComponent("c.json")
        let result = try JudgeCalProcess.run(
            [
                "calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores",
                try CalibrateCommandTests.scores("judge-two-stage-r.csv"), "--output", output.path,
            ] + extra)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(
        "A row without the covariate, or with one that is no number, is an error (65) naming the row and the covariate",
        arguments: [
            ("metadata.absent", "row book-001 has no metadata.absent, a covariate of the map"),
            ("metadata.review_length", "row book-001's metadata.review_length is \"medium\", not a number"),
        ])
    func missingCovariate(name: String, words: String) throws {
        let folder = try SharedData.temporaryFolder("calibrate-two-stage-missing")
        let output = folder.appendingPathComponent("c.json")
        let result = try JudgeCalProcess.run(
            [
                "calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores",
                try CalibrateCommandTests.scores("judge-two-stage-m.csv"), "--output", output.path, "--map", "two-stage",
                "--covariate", name,
            ])
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("On a later run, audit and estimate read each row's covariate through the map: the calibrated mean is the map's over the run")
    func laterRun() throws {
        let folder = try SharedData.temporaryFolder("calibrate-two-stage-later")
        let output = folder.appendingPathComponent("c.json"), later = folder.appendingPathComponent("later.run.jsonl")
        let scores = try CalibrateCommandTests.scores("judge-two-stage-later.csv")
        let fit = try JudgeCalProcess.run(
            ["calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", scores]
                + ["--output", output.path, "--map", "two-stage", "--covariate", "response-length"])
        #expect(fit.status == 0, "\(fit.error)")
        // The same rows as another run: expert B's labels of them are fresh there.
        let text = try String(contentsOf: SharedData.projectURL(Self.run), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"name\": \"book-tags\"", with: "\"name\": \"book-tags-later\"").utf8).write(to: later)
        let common = [later.path, "--calibration", output.path, "--rubric", Self.rubric, "--labels", Self.labels[1], "--judge-scores", scores]
        let audit = try JudgeCalProcess.run(["audit", "--no-history", "--json"] + common + ["--margin", "0.5"])
        #expect(audit.status == 0 || audit.status == 2 || audit.status == 3, "\(audit.error)")
        let dimensions = try #require(try JSONValue.parse(Data(audit.output.utf8))["dimensions"]?.array)
        #expect(dimensions.count == 2 && dimensions.allSatisfy { $0["meanResidual"]?.double != nil && $0["rows"]?.double == 15 }, "\(audit.output)")
        let estimate = try JudgeCalProcess.run(["estimate"] + common + ["--random-sample", "--json"])
        try #require(estimate.status == 0, "\(estimate.error)")
        let estimated = try #require(try JSONValue.parse(Data(estimate.output.utf8))["dimensions"]?.array)
        // Every judged row of the later run read through the saved full map with its own response length.
        let saved = try CalibrationFile.load(from: output)
        let rows = try FrozenRun.load(from: later).rows
        let judged = try ExternalJudgeScores.load(from: URL(fileURLWithPath: scores))
        for d in saved.dimensions {
            let length = try RowCovariate(name: "response-length")
            var total = 0.0, count = 0
            let column = judged.scores.first { $0.key.lowercased() == d.name.lowercased() }?.value ?? [:]
            for row in rows {
                guard let score = column[row.id]?.value else { continue }
                total += try d.map.predict(score, covariates: [try length.value(of: row)])
                count += 1
            }
            let figure = estimated.first { $0["name"]?.string == d.name }?["calibrated"]?["mean"]?["calibrated"]?["value"]?.double
            #expect(abs((figure ?? .nan) - total / Double(count)) < 1e-12, "\(d.name): \(figure ?? .nan) against \(total / Double(count))")
        }
    }
}
