import CalibrationMaps
import DataFormats
import Foundation
import RunInference
import Testing
import _TestSupport

/// `judgecal audit` and `judgecal plan --audit` on a judge scored elsewhere (issue #31).
///
/// A calibration is fitted on expert A's labels of book-001 to book-020 (18 rows less the worked examples), then audited
/// with fresh labels of other rows of the same run: the same judge passes, a judge two levels lower fails, eight rows are
/// not enough, and the refusals. Every run writes its history to a temporary file or none.
@Suite("judgecal audit: PASS, FAIL, NOT ENOUGH, the history line, refusals; plan --audit")
struct AuditCommandTests {
    static let run = CalibrateCommandTests.run
    static let rubric = CalibrateCommandTests.rubric

    /// Expert A's sheet cut to its rows `rows` (1-based, book-001 is 1), written as `name` in a fresh folder.
    static func sheet(_ rows: ClosedRange<Int>, named name: String = "fresh.labels.csv") throws -> String {
        let lines = try String(contentsOf: SharedData.projectURL("calibration/book-tags.labels.csv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let text = ([lines[0]] + lines[rows]).joined(separator: "\n") + "\n"
        return try SharedData.temporaryFile(text, named: name, in: "audit-sheet").path
    }

    /// The judge of `CalibrateCommandTests.scores` (one level above expert A, two on every fifth row, at most 4),
    /// moved by `shift` levels (kept within 1–4), in a file named `name` (its name is the judge's).
    static func scores(shift: Int = 0, named name: String = "judge.csv") throws -> String {
        let plain = try String(contentsOf: URL(fileURLWithPath: try CalibrateCommandTests.scores("plain.csv")), encoding: .utf8)
        let lines = plain.split(separator: "\n").enumerated().map { i, line -> String in
            guard i > 0 else { return String(line) }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return ([cells[0]] + cells.dropFirst().map { String(min(4, max(1, (Int($0) ?? 3) + shift))) }).joined(separator: ",")
        }
        return try SharedData.temporaryFile(lines.joined(separator: "\n") + "\n", named: name, in: "audit-scores").path
    }

    /// A calibration fitted on expert A's book-001 to book-020, with the judge of ``scores(shift:named:)``.
    static func calibration() throws -> String {
        let output = try SharedData.temporaryFolder("audit-calibration").appendingPathComponent("book-tags.calibration.json")
        let result = try JudgeCalProcess.run(
            [
                "calibrate", "--no-history", run, "--rubric", rubric, "--labels", try sheet(1...20, named: "fit.labels.csv"),
                "--judge-scores", try scores(), "--output", output.path,
            ])
        try #require(result.status == 0, "\(result.error)")
        return output.path
    }

    static func audit(
        _ calibration: String, labels: String, scores: String, extra: [String] = ["--no-history"]
    ) throws -> JudgeCalProcess {
        try JudgeCalProcess.run(
            ["audit", run, "--calibration", calibration, "--rubric", rubric, "--labels", labels, "--judge-scores", scores] + extra)
    }

    @Test("The same judge on 22 fresh rows passes at ±1 (exit 0); the history line carries the calibration's hash and the figures")
    func pass() throws {
        let calibration = try Self.calibration()
        let folder = try SharedData.temporaryFolder("audit-pass")
        let history = folder.appendingPathComponent("history.jsonl"), report = folder.appendingPathComponent("audit.html")
        let result = try Self.audit(
            calibration, labels: try Self.sheet(21...42), scores: try Self.scores(),
            extra: ["--margin", "1", "--history", history.path, "--report", report.path])
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("Relevance: PASS") && result.output.contains("Usefulness: PASS"), "\(result.output)")
        #expect(result.output.contains("22 fresh rows") && result.output.contains("margin ±1"), "\(result.output)")
        #expect(result.output.contains("Bonferroni over 2 audits") && result.output.contains("residual by calibrated score:"))
        #expect(result.output.contains("smallest margin this interval would pass: "))
        #expect(result.output.contains("note: the scores of judge were read from a file"), "\(result.output)")
        let entries = try AuditHistoryEntry.readAll(from: history)
        let entry = try #require(entries.first)
        #expect(entries.count == 1 && entry.outcome == .pass && entry.margin == 1 && entry.familySize == 2)
        let hash = try SHA256.hexDigest(ofFileAt: URL(fileURLWithPath: calibration))
        #expect(entry.calibration.fileHash == hash && entry.run == "book-tags")
        #expect(entry.figures.map(\.dimension) == ["Relevance", "Usefulness"] && entry.figures.allSatisfy { $0.rows == 22 })
        let saved = try CalibrationFile.load(from: URL(fileURLWithPath: calibration))
        #expect(entry.calibration.labelFingerprint == saved.labelFingerprint && entry.labelFingerprint != saved.labelFingerprint)
        #expect(AuditHistoryEntry.latest(for: CalibrationAudit.Identity(saved, fileHash: hash), in: entries) == entry)
        let page = try String(contentsOf: report, encoding: .utf8)
        #expect(page.contains("data-dimension=\"Relevance\" data-outcome=\"pass\" data-rows=\"22\"") && page.contains("audit-bins"))
    }

    @Test("A judge two levels lower on the new run fails (exit 2), JSON on request; without --margin: not graded, exit 0")
    func fail() throws {
        let calibration = try Self.calibration()
        let lower = try Self.scores(shift: -2)
        let result = try Self.audit(calibration, labels: try Self.sheet(21...42), scores: lower, extra: ["--no-history", "--margin", "0.5", "--json"])
        #expect(result.status == 2, "\(result.output)\n\(result.error)")
        let json = try JSONValue.parse(Data(result.output.utf8))
        #expect(json["outcome"]?.string == "fail" && json["familySize"]?.double == 2)
        let dimensions = try #require(json["dimensions"]?.array)
        #expect(dimensions.allSatisfy { ($0["lower"]?.double ?? 0) > 0.5 }, "\(result.output)")
        let ungraded = try Self.audit(calibration, labels: try Self.sheet(21...42), scores: lower)
        #expect(ungraded.status == 0, "\(ungraded.error)")
        #expect(ungraded.output.contains("Relevance: not graded") && ungraded.error.contains("no --margin"), "\(ungraded.error)")
    }

    @Test("Eight fresh rows: NOT ENOUGH (exit 3) and how many more an audit needs")
    func notEnough() throws {
        let calibration = try Self.calibration()
        let result = try Self.audit(calibration, labels: try Self.sheet(21...28), scores: try Self.scores(), extra: ["--no-history", "--margin", "1"])
        #expect(result.status == 3, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("Relevance: NOT ENOUGH"), "\(result.output)")
        #expect(result.output.contains("8.0 effective rows, fewer than the 20 a pass needs"), "\(result.output)")
        #expect(result.output.contains("passes with 80% chance if the map holds: label about "), "\(result.output)")
    }

    @Test(
        "Refused (65): the labels fitted on, labels on rows of the fit, another judge, another rubric text",
        arguments: ["same labels", "fitting rows", "another judge", "another rubric"])
    func mismatch(_ kind: String) throws {
        let calibration = try Self.calibration()
        var labels = try Self.sheet(21...42), scores = try Self.scores(), rubric = Self.rubric
        let words: String
        switch kind {
        case "same labels":
            labels = try Self.sheet(1...20, named: "fit.labels.csv")
            words = "the labels are the set the calibration was fitted on"
        case "fitting rows":
            labels = try Self.sheet(15...30)
            words = "offered as fresh: a map cannot be audited"
        case "another judge":
            scores = try Self.scores(named: "other.csv")
            words = "the model was judge, now other"
        default:
            let text = try String(contentsOf: SharedData.projectURL(Self.rubric), encoding: .utf8)
            rubric = try SharedData.temporaryFile(text + "\n", named: "book-tags.md", in: "audit-rubric").path
            words = "the rubric's text changed"
        }
        let result = try JudgeCalProcess.run(
            ["audit", Self.run, "--calibration", calibration, "--rubric", rubric, "--labels", labels, "--judge-scores", scores]
                + ["--margin", "1", "--no-history"])
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
    }

    @Test(
        "Refused (64) before anything is written: a judge's option with --judge-scores, a margin not positive, a family too small",
        arguments: [
            (["--margin", "1", "--model", "other"], "--model does not apply with --judge-scores"),
            (["--margin", "0"], "--margin 0: the margin is a positive number"),
            (["--margin", "1", "--family", "1"], "--family 1 is fewer than the 2 audits this command decides"),
        ])
    func refused(extra: [String], words: String) throws {
        let folder = try SharedData.temporaryFolder("audit-refused")
        let history = folder.appendingPathComponent("history.jsonl")
        let result = try Self.audit(
            try Self.calibration(), labels: try Self.sheet(21...42), scores: try Self.scores(), extra: extra + ["--history", history.path])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: history.path))
    }

    @Test("plan --audit: rows to PASS and to FAIL at a shift, per dimension from a calibration; options of the other plan refused")
    func plan() throws {
        let given = try JudgeCalProcess.run(["plan", "--audit", "--margin", "0.3", "--residual-sd", "0.8", "--shift", "0.6"])
        #expect(given.status == 0, "\(given.error)")
        let pass = TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: 0.8, bias: 0, margin: 0.3, alpha: 0.05)
        let fail = TransportAuditPlan.rowsNeeded(for: .fail, power: 0.8, residualSD: 0.8, bias: 0.6, margin: 0.3, alpha: 0.05, minimumRows: 2)
        #expect(given.output.contains("PASS with 80% chance: \(pass ?? 0) fresh labelled rows if the map's true mean residual is 0"), "\(given.output)")
        #expect(given.output.contains("FAIL with 80% chance: \(fail ?? 0) fresh labelled rows if the map's true mean residual is 0.6"), "\(given.output)")
        let path = try Self.calibration()
        let perMap = try JudgeCalProcess.run(["plan", "--audit", "--margin", "0.5", "--calibration", path, "--json"])
        #expect(perMap.status == 0, "\(perMap.error)")
        let json = try JSONValue.parse(Data(perMap.output.utf8))
        #expect(json["dimensions"]?.array?.compactMap { $0["name"]?.string } == ["Relevance", "Usefulness"], "\(perMap.output)")
        // τ is each map's out-of-fold RMSE over the square root of its rows.
        let saved = try CalibrationFile.load(from: URL(fileURLWithPath: path))
        #expect(
            json["dimensions"]?.array?.compactMap { $0["mapSD"]?.double }
                == saved.dimensions.map { $0.diagnostics.outOfFoldRMSE / Double($0.rows).squareRoot() }, "\(perMap.output)")
        // A shift on a quarter of the rows: σ′ = √(0.8² + 0.6² · 0.75 / 0.25) and more rows to FAIL than on every row.
        let banded = try JudgeCalProcess.run(
            ["plan", "--audit", "--margin", "0.3", "--residual-sd", "0.8", "--shift", "0.6", "--shift-share", "0.25", "--json"])
        #expect(banded.status == 0, "\(banded.error)")
        let band = try #require(JSONValue.parse(Data(banded.output.utf8))["dimensions"]?.array?.first)
        #expect(abs((band["shiftedResidualSD"]?.double ?? 0) - (0.64 + 0.36 * 3).squareRoot()) < 1e-12, "\(banded.output)")
        #expect((band["rowsToFail"]?.double ?? 0) > Double(fail ?? .max), "\(banded.output)")
        let bandText = try JudgeCalProcess.run(["plan", "--audit", "--margin", "0.3", "--residual-sd", "0.8", "--shift", "0.6", "--shift-share", "0.25"])
        #expect(bandText.output.contains("residual SD 0.800 (1.311 under a shift on 25% of the rows)"), "\(bandText.output)")
        for (arguments, words) in [
            (["plan", "--audit", "--margin", "0.3", "--residual-sd", "1", "--rubric", Self.rubric], "--rubric does not apply with --audit"),
            (["plan", "--audit", "--residual-sd", "1"], "--audit needs --margin"),
            (["plan", "--audit", "--margin", "0.3"], "--audit needs σ"),
            (["plan", "--rubric", Self.rubric, "--margin", "0.3"], "--margin applies only with --audit"),
            (["plan", "--audit", "--margin", "0.3", "--residual-sd", "1", "--power", "1"], "--power 1: a chance between 0 and 1"),
            (["plan", "--audit", "--margin", "0.3", "--residual-sd", "1", "--shift-share", "0.5"], "--shift-share goes with --shift"),
            (["plan", "--audit", "--margin", "0.3", "--residual-sd", "1", "--shift", "0.6", "--shift-share", "0"], "--shift-share 0: a share"),
            (["plan", "--audit", "--margin", "0.3", "--residual-sd", "1", "--map-sd", "-1"], "--map-sd -1: a finite number"),
        ] {
            let result = try JudgeCalProcess.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.error)")
            #expect(result.error.contains(words), "\(arguments): \(result.error)")
        }
    }
}
