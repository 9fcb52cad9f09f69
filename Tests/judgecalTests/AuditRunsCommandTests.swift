import CalibrationMaps
import DataFormats
import Foundation
import Testing
import _TestSupport

/// `judgecal audit` on several runs at once (issue #31): one Bonferroni family over every run's audits, the label
/// sheets given to their runs, the combined outcome and exit code, the JSON, and one history line per run.
///
/// A calibration is fitted on 100 labelled rows of a synthetic run a (``EstimateCalibratedCommandTests/Synthetic``: a
/// judge one level above the experts); runs b and c are later runs of the same judge with ids of their own.
@Suite("judgecal audit RUN RUN…: one family over several runs, sheets assigned to runs, the combined outcome")
struct AuditRunsCommandTests {
    typealias Synthetic = EstimateCalibratedCommandTests.Synthetic
    static let rubric = EstimateCalibratedCommandTests.rubric

    /// The runs a (fitted on), b and c, and the calibration fitted on a's first 100 rows.
    struct Runs {
        var a: Synthetic
        var b: Synthetic
        var c: Synthetic
        var calibration: String

        init() throws {
            a = try Synthetic(name: "a", rows: 200)
            b = try Synthetic(name: "b", rows: 120)
            c = try Synthetic(name: "c", rows: 120)
            calibration = try EstimateCalibratedCommandTests.calibration(a, labels: try a.labels(0..<100))
        }
    }

    static func audit(_ runs: [String], calibration: String, _ rest: [String]) throws -> JudgeCalProcess {
        try JudgeCalProcess.run(["audit"] + runs + ["--calibration", calibration, "--rubric", rubric] + rest)
    }

    /// `run`'s judge with every score moved `shift` levels (kept within 1–4), in a file named judge.csv of its own.
    static func shifted(_ run: Synthetic, by shift: Int) throws -> String {
        let lines = try String(contentsOf: URL(fileURLWithPath: run.scores), encoding: .utf8).split(separator: "\n")
        let moved = lines.enumerated().map { i, line -> String in
            guard i > 0 else { return String(line) }
            let cells = line.split(separator: ",").map(String.init)
            return ([cells[0]] + cells.dropFirst().map { String(min(4, max(1, (Int($0) ?? 3) + shift))) }).joined(
                separator: ",")
        }
        return try SharedData.temporaryFile(moved.joined(separator: "\n") + "\n", named: "judge.csv", in: "audit-runs")
            .path
    }

    @Test(
        "Two runs: the family is the dimensions over both (4), each interval as a single audit's with --family 4; history a line each"
    )
    func family() throws {
        let runs = try Runs()
        let folder = try SharedData.temporaryFolder("audit-runs")
        let history = folder.appendingPathComponent("history.jsonl"),
            page = folder.appendingPathComponent("audits.html")
        let both = try Self.audit(
            [runs.b.run, runs.c.run], calibration: runs.calibration,
            [
                "--labels", try runs.b.labels(0..<60), try runs.c.labels(0..<60), "--judge-scores", runs.b.scores,
                "--judge-scores", runs.c.scores, "--margin", "1", "--json", "--history", history.path,
                "--report", page.path,
            ])
        let json = try JSONValue.parse(Data(both.output.utf8))
        let audits = try #require(json["audits"]?.array, "\(both.output)\n\(both.error)")
        #expect(json["familySize"]?.double == 4 && audits.count == 2)
        #expect(
            audits.compactMap { $0["run"]?.string } == ["b", "c"] && audits.allSatisfy { $0["familySize"]?.double == 4 }
        )
        let outcome = try #require(json["outcome"]?.string)
        #expect(both.status == ["pass": 0, "fail": 2, "notEnough": 3][outcome], "\(outcome): \(both.status)")

        let alone = try Self.audit(
            [runs.b.run], calibration: runs.calibration,
            [
                "--labels", try runs.b.labels(0..<60), "--judge-scores", runs.b.scores, "--margin", "1", "--json",
                "--no-history",
            ]
                + ["--family", "4"])
        let single = try JSONValue.parse(Data(alone.output.utf8))
        #expect(single["familySize"]?.double == 4 && single["audits"] == nil, "\(alone.output)")
        func halfWidth(_ audit: JSONValue?) -> Double? {
            guard let d = audit?["dimensions"]?.array?.first, let lower = d["lower"]?.double,
                let upper = d["upper"]?.double
            else {
                return nil
            }
            return (upper - lower) / 2
        }
        let together = try #require(halfWidth(audits.first)), apart = try #require(halfWidth(single))
        #expect(abs(together - apart) < 1e-12, "\(together) against \(apart)")
        let default2 = try Self.audit(
            [runs.b.run], calibration: runs.calibration,
            [
                "--labels", try runs.b.labels(0..<60), "--judge-scores", runs.b.scores, "--margin", "1", "--json",
                "--no-history",
            ])
        let narrower = try #require(halfWidth(try JSONValue.parse(Data(default2.output.utf8))))
        #expect(narrower < together, "a family of 2 is narrower than one of 4: \(narrower), \(together)")

        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(
            html.contains("<section class=\"run\" data-run=\"b\"")
                && html.contains("<section class=\"run\" data-run=\"c\""))
        #expect(html.contains("data-family-size=\"4\"") && html.contains("<h3>Relevance: "), "\(html)")
        let entries = try AuditHistoryEntry.readAll(from: history)
        #expect(entries.map(\.run) == ["b", "c"] && entries.allSatisfy { $0.familySize == 4 }, "\(entries)")
    }

    @Test("One run failing makes the combined exit 2; the text has each run's report and the outcome over the runs")
    func oneFails() throws {
        let runs = try Runs()
        let result = try Self.audit(
            [runs.b.run, runs.c.run], calibration: runs.calibration,
            [
                "--labels", try runs.b.labels(0..<60), try runs.c.labels(0..<60), "--judge-scores", runs.b.scores,
                "--judge-scores", try Self.shifted(runs.c, by: -2), "--margin", "0.5", "--no-history",
            ])
        #expect(result.status == 2, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("on run b\n") && result.output.contains("on run c\n"), "\(result.output)")
        #expect(
            result.output.contains("Outcome over 2 runs (b, c), Bonferroni over 4 audits decided together"),
            "\(result.output)")
        #expect(result.output.trimmingCharacters(in: .newlines).hasSuffix("each at 98.8%: FAIL"), "\(result.output)")
    }

    /// A sheet `extract` draws of `run` (at `file`), with the frame beside it, filled in with `experts`' levels.
    static func extracted(_ run: String, experts: [String: (Int, Int)]) throws -> String {
        let sheet = try SharedData.temporaryFolder("audit-runs-frame").appendingPathComponent("fresh.labels.csv")
        let result = try JudgeCalProcess.run(
            ["extract", run, "--rubric", rubric, "--output", sheet.path, "--sample", "40", "--strategy", "uniform"])
        try #require(result.status == 0, "\(result.error)")
        let lines = try String(contentsOf: sheet, encoding: .utf8).split(separator: "\n")
        let filled = try lines.enumerated().map { i, line -> String in
            guard i > 0 else { return String(line) }
            var cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let levels = try #require(experts[cells[0]])
            cells[1] = String(levels.0)
            cells[2] = String(levels.1)
            cells[3] = "x"
            return cells.joined(separator: ",")
        }
        try Data((filled.joined(separator: "\n") + "\n").utf8).write(to: sheet)
        return sheet.path
    }

    @Test(
        "Runs on the same inputs: sheets go to the run their frame names; a sheet without a frame is refused, named (64)"
    )
    func assignment() throws {
        let runs = try Runs()
        // Run d: run b's rows (the same ids) under another name, judged alike.
        let text = try String(contentsOf: URL(fileURLWithPath: runs.b.run), encoding: .utf8)
            .replacingOccurrences(of: #""name": "b""#, with: #""name": "d""#)
        let d = try SharedData.temporaryFile(text, named: "d.run.jsonl", in: "audit-runs").path
        let dScores = try SharedData.temporaryFile(
            try String(contentsOf: URL(fileURLWithPath: runs.b.scores), encoding: .utf8), named: "judge.csv",
            in: "audit-runs"
        ).path
        let forB = try Self.extracted(runs.b.run, experts: runs.b.experts),
            forD = try Self.extracted(d, experts: runs.b.experts)
        let history = try SharedData.temporaryFolder("audit-runs").appendingPathComponent("history.jsonl")
        let framed = try Self.audit(
            [runs.b.run, d], calibration: runs.calibration,
            [
                "--labels", forD, forB, "--judge-scores", runs.b.scores, "--judge-scores", dScores, "--margin", "1",
                "--json",
                "--history", history.path,
            ])
        let json = try JSONValue.parse(Data(framed.output.utf8))
        let audits = try #require(json["audits"]?.array, "\(framed.output)\n\(framed.error)")
        #expect(
            audits.compactMap { $0["run"]?.string } == ["b", "d"] && audits.allSatisfy { $0["weighted"] == .bool(true) }
        )
        #expect(try AuditHistoryEntry.readAll(from: history).map(\.run) == ["b", "d"])

        let plain = try runs.b.labels(0..<60)
        let ambiguous = try Self.audit(
            [runs.b.run, d], calibration: runs.calibration,
            [
                "--labels", plain, forD, "--judge-scores", runs.b.scores, "--judge-scores", dScores, "--margin", "1",
                "--no-history",
            ])
        #expect(ambiguous.status == 64, "\(ambiguous.error)")
        #expect(ambiguous.error.contains("--labels \(plain) fits several runs (b, d)"), "\(ambiguous.error)")
        #expect(ambiguous.error.contains("audit the runs one at a time with --family"), "\(ambiguous.error)")

        // By ids: b's and c's sheets given in either order go to their runs.
        let byIDs = try Self.audit(
            [runs.b.run, runs.c.run], calibration: runs.calibration,
            [
                "--labels", try runs.c.labels(0..<30), try runs.b.labels(0..<40), "--judge-scores", runs.b.scores,
                "--judge-scores", runs.c.scores, "--json", "--no-history",
            ])
        let rows = try #require(JSONValue.parse(Data(byIDs.output.utf8))["audits"]?.array, "\(byIDs.error)")
            .map { $0["dimensions"]?.array?.first?["rows"]?.double }
        #expect(rows == [40, 30], "\(byIDs.output)")
    }

    @Test(
        "Refused (64): --judge-scores neither once per run nor absent, --frame with several runs, a sheet of no run",
        arguments: ["scores", "frame", "no run"])
    func refused(_ kind: String) throws {
        let runs = try Runs()
        var rest = ["--labels", try runs.b.labels(0..<30), try runs.c.labels(0..<30), "--margin", "1", "--no-history"]
        let words: String
        switch kind {
        case "scores":
            rest += ["--judge-scores", runs.b.scores]
            words = "--judge-scores was given 1 time for 2 runs"
        case "frame":
            rest += ["--judge-scores", runs.b.scores, "--judge-scores", runs.c.scores, "--frame", runs.b.scores]
            words = "--frame applies to one run"
        default:
            rest += [
                "--labels", try runs.a.labels(150..<160), "--judge-scores", runs.b.scores, "--judge-scores",
                runs.c.scores,
            ]
            words = "labels rows of none of the runs b, c"
        }
        let result = try Self.audit([runs.b.run, runs.c.run], calibration: runs.calibration, rest)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
    }
}
