import Calibration
import CalibrationData
import CalibrationMaps
import DataFormats
import Foundation
import Judging
import RunInference
import Testing
import _TestSupport

/// Several runs audited together (issue #31): `CalibrationAudits` makes one Bonferroni family over every run's
/// audited dimensions, each run's audit the one `CalibrationAudit` makes at that family, and the worst outcome.
@Suite("Several runs audited together: one family over every run, each audit as alone at that family, the worst outcome")
struct CalibrationAuditsTests {
    static let time = Date(timeIntervalSince1970: 1_900_000_000)

    /// A run to audit: `CalibrationAuditTests.later`'s rows, judged `shift` off, named `name`.
    static func run(_ name: String, rows: Int = 40, shift: Double = 0) -> CalibrationAudits.Run {
        var input = CalibrationAuditTests.later(rows: rows, shift: shift)
        input.info.run = name
        return CalibrationAudits.Run(
            input: input, judge: CalibrationFileTests.judge, labelFingerprint: "fresh-\(name)", inclusionProbabilities: nil)
    }

    static func audits(_ runs: [CalibrationAudits.Run], margin: Double = 0.5, family: Int? = nil) throws -> CalibrationAudits {
        try CalibrationAudits(
            try CalibrationAuditTests.calibration(), fileHash: CalibrationAuditTests.fileHash, runs: runs,
            settings: try CalibrationAudit.Settings(margin: margin, family: family), time: Self.time)
    }

    /// The audit `CalibrationAudit` makes of `run` alone with the family declared `family` (`nil`: the run's own).
    static func alone(_ run: CalibrationAudits.Run, margin: Double = 0.5, family: Int?) throws -> CalibrationAudit {
        try CalibrationAudit(
            try CalibrationAuditTests.calibration(), fileHash: CalibrationAuditTests.fileHash, input: run.input, judge: run.judge,
            labelFingerprint: run.labelFingerprint, inclusionProbabilities: nil,
            settings: try CalibrationAudit.Settings(margin: margin, family: family), time: Self.time)
    }

    @Test("Three runs, one map each (Tone has none): a family of 3, and each run's audit is its audit alone at family 3")
    func familyOverRuns() throws {
        let runs = [Self.run("week-1"), Self.run("week-2", rows: 60), Self.run("week-3", rows: 30)]
        let together = try Self.audits(runs)
        #expect(together.familySize == 3)
        #expect(together.audits.map(\.run) == ["week-1", "week-2", "week-3"])
        for (audit, run) in zip(together.audits, runs) {
            // The same audit as alone with the family declared, but for the setting that declared it.
            let alone = try Self.alone(run, family: 3)
            #expect(audit.dimensions == alone.dimensions && audit.run == alone.run && audit.settings.family == nil)
            #expect(audit.familySize == 3)
        }
        // Alone, a run's interval is at α; in the family, at α/3, so wider.
        let single = try Self.audits([runs[0]])
        let alone = try Self.alone(runs[0], family: nil)
        #expect(single.familySize == 1 && single.audits == [alone])
        let wide = try #require(together.audits[0].dimensions[0].audit), narrow = try #require(single.audits[0].dimensions[0].audit)
        #expect(wide.meanResidual == narrow.meanResidual)
        #expect(wide.upper - wide.lower > narrow.upper - narrow.lower)
    }

    @Test("The outcome is the worst over the runs: a run whose judge moved 1.5 fails the whole family")
    func worstOutcome() throws {
        let steady = try Self.audits([Self.run("a"), Self.run("b")])
        #expect(steady.audits.map(\.outcome) == [.pass, .pass] && steady.outcome == .pass)
        let moved = try Self.audits([Self.run("a"), Self.run("b", shift: -1.5)])
        #expect(moved.audits.map(\.outcome) == [.pass, .fail] && moved.outcome == .fail)
        let short = try Self.audits([Self.run("a"), Self.run("b", rows: 8)], margin: 1)
        #expect(short.audits[1].outcome == .notEnough && short.outcome == .notEnough)
    }

    @Test("A family declared is used as given; one smaller than the audits over every run is refused")
    func declaredFamily() throws {
        let runs = [Self.run("a"), Self.run("b")]
        let declared = try Self.audits(runs, family: 6)
        let alone = try Self.alone(runs[1], family: 6)
        #expect(declared.familySize == 6 && declared.audits[1] == alone && declared.audits[1].settings.family == 6)
        #expect(throws: CalibrationAuditError.familyTooSmall(1, audited: 2)) { try Self.audits(runs, family: 1) }
        // Two runs alone are each a family of 1, fine; together they are 2.
        #expect(try Self.audits([runs[0]], family: 1).familySize == 1)
    }

    @Test("Every run is checked before any is audited: a run of another judge refuses the whole family")
    func refusedRun() throws {
        var other = Self.run("b")
        other.judge = JudgeIdentity(model: "other", baseURL: nil, options: JudgeSettings(mode: .discrete))
        #expect(throws: CalibrationMismatch.self) { try Self.audits([Self.run("a"), other]) }
        var fitted = Self.run("c")
        fitted.labelFingerprint = "f00d"
        #expect(throws: CalibrationMismatch.sameLabels) { try Self.audits([fitted, Self.run("a")]) }
    }

    @Test("No run: nothing audited, a family of 1 and the outcome not enough")
    func noRun() throws {
        let none = try Self.audits([])
        #expect(none.audits.isEmpty && none.familySize == 1 && none.outcome == .notEnough)
    }
}
