import Calibration
import CalibrationMaps
import DataFormats
import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// A calibration's last audit, read from the history by `estimate --calibration`, `trust` and `align`: a warning when
/// it failed, and with `--require-audited` a refusal unless it passed (issue #31).
@Suite("--require-audited: estimate, trust and align read the calibration's last audit from the history")
struct RequireAuditedCommandTests {
    typealias Synthetic = EstimateCalibratedCommandTests.Synthetic
    static let rubric = EstimateCalibratedCommandTests.rubric

    /// The judge's scores of `b` moved one level lower (at least 1), under the same judge's name.
    static func lower(_ b: Synthetic) throws -> String {
        let lines = try String(contentsOfFile: b.scores, encoding: .utf8).split(separator: "\n")
        let moved = lines.dropFirst().map { line -> String in
            let cells = line.split(separator: ",").map(String.init)
            return ([cells[0]] + cells.dropFirst().map { String(max(1, (Int($0) ?? 1) - 1)) }).joined(separator: ",")
        }
        return try SharedData.temporaryFile(([String(lines[0])] + moved).joined(separator: "\n") + "\n", named: "judge.csv", in: "require-audited").path
    }

    @Test("Never audited, then a failed audit (warned; refused with the flag), then a passed one (accepted); no calibration at all")
    func standing() throws {
        let a = try Synthetic(name: "a", rows: 150), b = try Synthetic(name: "b", rows: 300)
        let folder = try SharedData.temporaryFolder("require-audited")
        let history = folder.appendingPathComponent("history.jsonl").path, calibration = folder.appendingPathComponent("a.calibration.json").path
        let fit = try JudgeCalProcess.run(
            ["calibrate", a.run, "--rubric", Self.rubric, "--labels", try a.labels(0..<100), "--judge-scores", a.scores, "--output", calibration,
             "--history", history])
        try #require(fit.status == 0, "\(fit.error)")
        let fresh = try b.labels(stride(from: 0, to: 300, by: 6))
        func estimate(_ extra: [String] = []) throws -> JudgeCalProcess {
            try JudgeCalProcess.run(
                ["estimate", b.run, "--rubric", Self.rubric, "--labels", fresh, "--judge-scores", b.scores, "--calibration", calibration,
                 "--random-sample", "--history", history] + extra)
        }
        func trust(_ extra: [String] = []) throws -> JudgeCalProcess {
            try JudgeCalProcess.run(
                ["trust", a.run, "--rubric", Self.rubric, "--labels", try a.labels(0..<100), "--judge-scores", a.scores, "--no-history",
                 "--history", history] + extra)
        }
        func align(_ extra: [String] = []) throws -> JudgeCalProcess {
            try JudgeCalProcess.run(
                ["align", a.run, "--rubric", Self.rubric, "--labels", try a.labels(0..<100), "--judge-scores", a.scores, "--no-history",
                 "--history", history] + extra)
        }
        func audit(_ scores: String, margin: String) throws -> JudgeCalProcess {
            try JudgeCalProcess.run(
                ["audit", b.run, "--calibration", calibration, "--rubric", Self.rubric, "--labels", fresh, "--judge-scores", scores,
                 "--margin", margin, "--history", history])
        }
        let never = try estimate(["--require-audited"])
        #expect(never.status == 65 && never.error.contains("was never audited on fresh labels"), "\(never.error)")
        #expect(try estimate().status == 0, "without the flag an unaudited calibration is used")

        let failed = try audit(try Self.lower(b), margin: "0.3")
        try #require(failed.status == 2, "\(failed.output) \(failed.error)")
        for (name, run) in [("estimate", estimate), ("trust", trust), ("align", align)] {
            let warned = try run([])
            #expect(warned.error.contains("warning: the calibration of judge fitted "), "\(name): \(warned.error)")
            #expect(!warned.error.contains("these labels decided the last audit"), "a failed audit selects nothing: \(warned.error)")
            #expect(warned.error.contains("failed (mean residual Relevance +") && warned.error.contains("fit the calibration again"))
            let refused = try run(["--require-audited"])
            #expect(refused.status == 65 && refused.error.contains("an audited calibration is required"), "\(name): \(refused.error)")
        }

        let passed = try audit(b.scores, margin: "0.3")
        try #require(passed.status == 0, "\(passed.output) \(passed.error)")
        for (name, run) in [("estimate", estimate), ("trust", trust), ("align", align)] {
            let accepted = try run(["--require-audited"])
            #expect(!accepted.error.contains("warning:") && !accepted.error.contains("an audited calibration is required"), "\(name)")
            // Past the requirement each goes on: the estimate and the alignment are made; trust, on scores without
            // confidences, stops at the next check, which it reaches only past this one.
            if name == "trust" {
                #expect(accepted.status == 65 && accepted.error.contains("the judge gave no confidence"), "\(accepted.error)")
            } else {
                #expect([0, 2, 3].contains(accepted.status), "\(name): \(accepted.status) \(accepted.error)")
            }
        }
        // The labels that decided the pass, correcting the calibrated figures: a note, and the mean read given the pass
        // (the calibrated mean plus the audit's mean residual through PassSelectedResidual, from the audit's history
        // line); other rows' labels: neither.
        let decided = try estimate(["--json"])
        #expect(decided.error.contains("note: these labels decided the last audit of the calibration of judge"), "\(decided.error)")
        #expect(decided.error.contains("the mean \"corrected given the audit's pass\" allows for it"), "\(decided.error)")
        let read = try JSONDecoder().decode(EstimationReport.self, from: Data(decided.output.utf8))
        let figures = try #require(read.dimensions.first?.calibrated)
        let given = try #require(figures.meanGivenPass)
        let line = try #require(try AuditHistoryEntry.readAll(from: URL(fileURLWithPath: history)).last)
        let audited = try #require(line.figures.first)
        let (m, se) = (try #require(audited.meanResidual), try #require(audited.standardError))
        let (lower, upper) = (try #require(audited.lower), try #require(audited.upper))
        let region = try #require(PassSelectedResidual.passRegion(margin: 0.3, halfWidth: (upper - lower) / 2))
        let reading = try #require(PassSelectedResidual(meanResidual: m, standardError: se, passRegion: region))
        let calibratedMean = try #require(figures.mean.calibrated.value)
        #expect(abs((given.value ?? .nan) - (calibratedMean + reading.value)) < 1e-12)
        #expect(abs((given.interval?.lower ?? .nan) - (calibratedMean + reading.lower)) < 1e-12)
        #expect(abs((given.interval?.upper ?? .nan) - (calibratedMean + reading.upper)) < 1e-12)
        #expect(given.interval?.method == .selectiveGivenPass && given.n == 50)
        let text = try estimate()
        #expect(text.output.contains("calibrated, corrected given the audit's pass: selective"), "\(text.output)")
        let other = try JudgeCalProcess.run(
            ["estimate", b.run, "--rubric", Self.rubric, "--labels", try b.labels(stride(from: 3, to: 300, by: 6)), "--judge-scores",
             b.scores, "--calibration", calibration, "--random-sample", "--history", history])
        #expect(other.status == 0 && !other.error.contains("these labels decided"), "\(other.error)")
        #expect(!other.output.contains("given the audit's pass"), "\(other.output)")
        let elsewhere = folder.appendingPathComponent("other-history.jsonl").path
        let none = try JudgeCalProcess.run(
            ["align", a.run, "--rubric", Self.rubric, "--labels", try a.labels(0..<100), "--judge-scores", a.scores, "--no-history",
             "--history", elsewhere, "--require-audited"])
        #expect(none.status == 64 && none.error.contains("holds no calibration of this judge and rubric"), "\(none.error)")
    }

    @Test("Refused where it cannot apply: estimate without --calibration, several judges or --pairwise in align, a trust cascade")
    func refusals() throws {
        let a = try Synthetic(name: "a", rows: 60)
        let labels = try a.labels(0..<40)
        let estimate = try JudgeCalProcess.run(
            ["estimate", a.run, "--labels", labels, "--judge-scores", a.scores, "--random-sample", "--require-audited"])
        #expect(estimate.status == 64 && estimate.error.contains("--require-audited applies only with --calibration"), "\(estimate.error)")
        let history = try JudgeCalProcess.run(
            ["estimate", a.run, "--labels", labels, "--judge-scores", a.scores, "--random-sample", "--history", "h.jsonl"])
        #expect(history.status == 64 && history.error.contains("--history applies only with --calibration"), "\(history.error)")
        let other = try SharedData.temporaryFile(try String(contentsOfFile: a.scores, encoding: .utf8), named: "other.csv", in: "require-audited")
        let several = try JudgeCalProcess.run(
            ["align", a.run, "--rubric", Self.rubric, "--labels", labels, "--judge-scores", a.scores, other.path, "--no-history", "--require-audited"])
        #expect(several.status == 64 && several.error.contains("--require-audited checks one judge's calibration"), "\(several.error)")
        let cascade = try JudgeCalProcess.run(
            ["trust", a.run, "--rubric", Self.rubric, "--labels", labels, "--judge-scores", a.scores, other.path, "--require-audited"])
        #expect(cascade.status == 64 && cascade.error.contains("a cascade of 2 judges"), "\(cascade.error)")
    }
}
