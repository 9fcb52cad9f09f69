import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationMaps
import DataFormats
import Foundation
import Judging
import RunInference
import Testing
import _TestSupport

/// `judgecal calibrate` on a judge scored elsewhere (issue #31).
///
/// The calibration file, the report, the history line, the exit when no dimension has a map, and what it refuses. Every run writes its history to a temporary file or none.
@Suite("judgecal calibrate: the calibration file, its report and history line, too few rows, and refusals")
struct CalibrateCommandTests {
    static let run = TrustCommandTests.run
    static let rubric = TrustCommandTests.rubric
    static let labels = TrustCommandTests.labels

    /// A judge one level above expert A on every row (at most 4), and two levels above on every fifth row.
    static func scores(_ name: String) throws -> String {
        let table = try SharedData.projectCSV("calibration/book-tags.labels.csv")
        let id = try #require(table.columns.firstIndex(of: "id"))
        let relevance = try #require(table.columns.firstIndex(of: "relevance"))
        let usefulness = try #require(table.columns.firstIndex(of: "usefulness"))
        var csv = "id,relevance,usefulness\n"
        for row in 0..<table.rowCount {
            let level = { (column: Int) in min(4, (Int(table[row, column]) ?? 3) + (row % 5 == 0 ? 2 : 1)) }
            csv += "\(table[row, id]),\(level(relevance)),\(level(usefulness))\n"
        }
        return try SharedData.temporaryFile(csv, named: name, in: "calibrate-command").path
    }

    @Test("The file holds both maps with the judge, rubric and labels; the JSON report and the history line carry the same figures")
    func fitted() throws {
        let folder = try SharedData.temporaryFolder("calibrate-command")
        let output = folder.appendingPathComponent("book-tags.calibration.json"), history = folder.appendingPathComponent("history.jsonl")
        let scores = try Self.scores("judge.csv")
        let result = try JudgeCalProcess.run(
            ["calibrate", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + ["--judge-scores", scores, "--output", output.path, "--history", history.path, "--json"])
        #expect(result.status == 0, "\(result.error)")
        let calibration = try CalibrationFile.load(from: output)
        #expect(calibration.dimensions.map(\.name) == ["Relevance", "Usefulness"] && calibration.unfitted.isEmpty)
        #expect(calibration.judge.model == "judge" && calibration.judge.mode.hasPrefix("scores from a file, SHA-256 "))
        #expect(calibration.rubric == "book-tags" && calibration.foldsAsked == 5 && calibration.seed == 0 && calibration.experts == .mean)
        let rubricText = try String(contentsOf: SharedData.projectURL(Self.rubric), encoding: .utf8)
        #expect(calibration.rubricTextHash == SHA256.hexDigest(of: Array(rubricText.utf8)))
        let rubric = try Rubric.load(from: SharedData.projectURL(Self.rubric))
        let labels = try ExpertLabels.load(from: Self.labels.map(SharedData.projectURL), dimensions: rubric.dimensions)
        #expect(calibration.labelFingerprint == labels.fingerprint)
        for d in calibration.dimensions {
            // 42 labelled rows less the 2 worked examples; the judge is above the experts, and the map brings it down.
            #expect(d.rows == 40 && d.map.folds == 5 && d.leftOut == CalibrationFile.LeftOut(workedExamples: 2))
            #expect(d.diagnostics.outOfFoldRMSE < d.diagnostics.rawRMSE, "\(d.name): \(d.diagnostics)")
            #expect(try d.map.predict(4) < 4 && d.lowest == 1 && d.highest == 4)
        }
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["outcome"]?.string == "fitted")
        let printed = try #require(json["dimensions"]?.array)
        #expect(printed.map { $0["rawRMSE"]?.double } == calibration.dimensions.map(\.diagnostics.rawRMSE))
        #expect(printed.map { $0["calibrated"]?.array?.count } == calibration.dimensions.map(\.map.full.isotonicStage.values.count))
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let entry = try #require(try CalibrationHistoryEntry.readAll(from: history).first)
        #expect(entry.kind == "calibration" && entry.labelFingerprint == labels.fingerprint && entry.judge == calibration.judge)
        #expect(entry.rubricText == rubricText && entry.rubricTextHash == calibration.rubricTextHash)
        #expect(entry.figures.map(\.outOfFoldRMSE) == calibration.dimensions.map(\.diagnostics.outOfFoldRMSE))
        #expect(entry.figures.map(\.meanResidual) == calibration.dimensions.map(\.diagnostics.meanResidual))
    }

    @Test("The text report: rows and folds (fewer than asked, said), what the map buys, its table, rows left out; --report .md and .html")
    func text() throws {
        let folder = try SharedData.temporaryFolder("calibrate-report")
        let markdown = folder.appendingPathComponent("c.md"), page = folder.appendingPathComponent("c.html")
        let result = try JudgeCalProcess.run(
            ["calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + [
                    "--judge-scores", try Self.scores("judge-text.csv"), "--output", folder.appendingPathComponent("c.json").path,
                    "--folds", "30", "--experts", "median", "--report", markdown.path,
                ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Relevance: 40 rows, 20 folds, fewer than the 30 asked"), "\(result.output)")
        #expect(result.output.contains("the experts' median"), "\(result.output)")
        #expect(result.output.contains("out-of-fold RMSE ") && result.output.contains("the raw judge score's "))
        #expect(result.output.contains("mean out-of-fold residual (expert − calibrated) "))
        #expect(result.output.contains("map (judge score → calibrated value):"))
        #expect(result.output.contains("left out of the labelled rows: worked examples 2"))
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("| judge score | calibrated |"))
        let again = try JudgeCalProcess.run(
            ["calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels"] + Self.labels
                + [
                    "--judge-scores", try Self.scores("judge-page.csv"), "--output", folder.appendingPathComponent("d.json").path,
                    "--report", page.path,
                ])
        #expect(again.status == 0, "\(again.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(
            html.contains("class=\"calibration-map\"") && html.contains("data-dimension=\"Usefulness\" data-rows=\"40\" data-folds=\"5\""))
        #expect(!again.output.contains("fewer than"))
    }

    @Test("Too few labelled rows in every dimension: exit 3, each dimension's rows and those needed, nothing written")
    func tooFew() throws {
        let folder = try SharedData.temporaryFolder("calibrate-few")
        let sheet = folder.appendingPathComponent("few.labels.csv")
        let all = try String(contentsOf: SharedData.projectURL(Self.labels[0]), encoding: .utf8).split(separator: "\n")
        // The header, book-001 to book-005: the worked examples book-002 and book-004, and three other rows.
        try Data((all.prefix(6).joined(separator: "\n") + "\n").utf8).write(to: sheet)
        let output = folder.appendingPathComponent("c.json"), history = folder.appendingPathComponent("history.jsonl")
        let report = folder.appendingPathComponent("c.md")
        let result = try JudgeCalProcess.run(
            [
                "calibrate", Self.run, "--rubric", Self.rubric, "--labels", sheet.path, "--judge-scores", try Self.scores("judge-few.csv"),
                "--output", output.path, "--history", history.path, "--report", report.path,
            ])
        #expect(result.status == 3, "\(result.error)")
        #expect(result.output.contains("Relevance: too few rows") && result.output.contains("Usefulness: too few rows"), "\(result.output)")
        #expect(
            result.output.contains("3 labelled rows have an expert value and a judge score; a cross-fitted map needs at least 4 (1 more)"))
        #expect(result.error.contains("nothing was written"), "\(result.error)")
        for url in [output, history, report] { #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.lastPathComponent)") }
    }

    @Test(
        "Refused (64) before anything is written: the raters' majority, fewer than two folds, a judge's option with scores from a file",
        arguments: [
            (["--experts", "majority"], "--experts majority is refused"),
            (["--folds", "1"], "--folds 1: cross-fitting needs from 2"),
            (["--mode", "weighted"], "--mode does not apply with --judge-scores"),
            (["--model", "other"], "--model does not apply with --judge-scores"),
        ])
    func refused(extra: [String], words: String) throws {
        let folder = try SharedData.temporaryFolder("calibrate-refused")
        let output = folder.appendingPathComponent("c.json")
        let result = try JudgeCalProcess.run(
            [
                "calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores",
                try Self.scores("judge-r.csv"), "--output", output.path,
            ] + extra)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("An output that is one of the inputs is refused (64), and the input is left as it was")
    func outputIsInput() throws {
        let folder = try SharedData.temporaryFolder("calibrate-overwrite")
        let scores = try Self.scores("judge-o.csv")
        let before = try Data(contentsOf: URL(fileURLWithPath: scores))
        let result = try JudgeCalProcess.run(
            [
                "calibrate", "--no-history", Self.run, "--rubric", Self.rubric, "--labels", Self.labels[0], "--judge-scores", scores,
                "--output", scores, "--report", folder.appendingPathComponent("r.md").path,
            ])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("the calibration '\(scores)' is one of this command's inputs"), "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scores)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.md").path))
    }
}

/// `judgecal calibrate` judging: the labelled rows only, through the response cache, against the live local judge.
@Suite("judgecal calibrate against the local judge", .tags(.liveJudge), .needs(.localJudge), .serialized)
struct CalibrateLiveJudgeTests {
    @Test("Weighted mode judges the six labelled rows of eight, not the others; a second run is all from the cache and fits the same maps")
    func judged() throws {
        let (folder, run, _) = try CalibrationLoopTests.sample(rows: 8)
        let labels = folder.appendingPathComponent("six.labels.csv")
        let lines = try String(contentsOf: SharedData.projectURL("calibration/book-tags.labels.csv"), encoding: .utf8).split(separator: "\n")
        try Data((lines.prefix(7).joined(separator: "\n") + "\n").utf8).write(to: labels)
        let cache = folder.appendingPathComponent("cache.sqlite").path
        func calibrate(_ name: String) throws -> (JudgeCalProcess, CalibrationFile?) {
            let output = folder.appendingPathComponent(name)
            let result = try JudgeCalProcess.run(
                ["calibrate", "--no-history", run, "--rubric", "rubrics/book-tags.md", "--labels", labels.path, "--mode", "weighted",
                 "--cache", cache, "--include-examples", "--output", output.path],
                environment: CalibrationLoopTests.environment, timeout: CalibrationLoopTests.liveTimeout)
            return (result, result.status == 0 ? try CalibrationFile.load(from: output) : nil)
        }
        let (first, calibration) = try calibrate("first.json")
        // Six rows, less any the small judge fails on: a map when four or more are left, else exit 3.
        #expect([0, 3].contains(first.status), "\(first.error)")
        #expect(first.error.contains("/6 rows") && !first.error.contains("/8 rows"), "\(first.error)")
        let (second, again) = try calibrate("second.json")
        #expect(second.status == first.status && second.error.contains(" 0 misses"), "\(second.error)")
        if let calibration {
            #expect(calibration.judge.mode.hasPrefix("probabilityWeighted"), "\(calibration.judge)")
            #expect(calibration.dimensions.allSatisfy { $0.map.folds < 5 }, "six rows make at most three folds")
            // The same rows in the same folds; the scores read back from the cache agree to the last bits or so (a weighted
            // score recomputed from cached log-probabilities was seen 1 ulp apart), and so do the maps.
            let before = calibration.dimensions, after = again?.dimensions ?? []
            #expect(after.map(\.name) == before.map(\.name) && after.map(\.map.assignment) == before.map(\.map.assignment))
            for (b, a) in zip(before, after) {
                let points = { (d: CalibrationFile.Dimension) in d.map.full.isotonicStage.thresholds + d.map.full.isotonicStage.values + [d.diagnostics.outOfFoldRMSE] }
                #expect(points(a).count == points(b).count && zip(points(a), points(b)).allSatisfy { abs($0 - $1) < 1e-12 }, "\(b.name)")
            }
        }
    }
}
