import Calibration
import CalibrationData
import CalibrationMaps
import CalibrationReports
import DataFormats
import Foundation
import Judging
import RunInference
import Testing
import _TestSupport

/// `judgecal audit`'s library (issue #31): a calibration's transport audit on a later run is
/// `TransportAudit` on the fresh rows `CalibrationFile.freshRows` gives, Bonferroni over the family, weighted
/// by 1/π from a sampling frame; its history line finds the last audit of a calibration.
@Suite("A calibration's audit: TransportAudit on the fresh rows, the family, the weights, and its history line")
struct CalibrationAuditTests {
    static let fileHash = String(repeating: "ab", count: 32)

    /// A later run of `rows` rows n0…, labelled on Quality by one rater (a's levels, as in the fit), judged at
    /// the expert's level plus 0.5 plus `shift`; Tone has labels but no map.
    static func later(rows: Int, shift: Double = 0) -> AlignmentInput {
        let ids = (0..<rows).map { "n\($0)" }
        var labels: [ExpertLabel] = [], scores: [String: JudgeScore] = [:]
        for (i, id) in ids.enumerated() {
            labels.append(ExpertLabel(rowID: id, rater: "a", value: CalibrationFileTests.a(i)))
            scores[id] = JudgeScore(CalibrationFileTests.a(i) + 0.5 + shift)
        }
        return AlignmentInput(
            info: AlignmentInfo(run: "later", rubric: "r", rubricHash: "abc"), runRowIDs: ids, exampleRowIDs: [],
            dimensions: [
                AlignmentInput.Dimension(
                    name: "Quality", scale: CalibrationFileTests.scale, judge: JudgeScores(scores: scores), expertLabels: labels),
                AlignmentInput.Dimension(
                    name: "Tone", scale: CalibrationFileTests.scale, judge: JudgeScores(scores: scores),
                    expertLabels: labels.map { ExpertLabel(rowID: $0.rowID, rater: "a", value: 3) }),
            ])
    }

    static func calibration() throws -> CalibrationFile {
        try CalibrationFileTests.calibration(try CalibrationSettings(folds: 5, seed: 7))
    }

    static func audit(
        _ input: AlignmentInput, margin: Double? = 0.5, family: Int? = nil, probabilities: [String: Double]? = nil
    ) throws -> CalibrationAudit {
        try CalibrationAudit(
            try calibration(), fileHash: fileHash, input: input, judge: CalibrationFileTests.judge, labelFingerprint: "fresh",
            inclusionProbabilities: probabilities, settings: try CalibrationAudit.Settings(margin: margin, family: family),
            time: Date(timeIntervalSince1970: 1_900_000_000))
    }

    @Test("Quality's audit is TransportAudit on freshRows' calibrated and expert values, family 1; Tone has no map")
    func auditIsTransportAudit() throws {
        let input = Self.later(rows: 40)
        let audit = try Self.audit(input)
        let (rows, _) = try #require(try Self.calibration().freshRows(input.dimensions[0], of: input))
        let direct = try TransportAudit(rows: rows.map { TransportAudit.Row(calibrated: $0.calibrated, expert: $0.expert) }, margin: 0.5)
        #expect(audit.dimensions.map(\.name) == ["Quality", "Tone"])
        #expect(audit.dimensions[0].audit == direct && audit.familySize == 1)
        #expect(audit.dimensions[1].audit == nil && audit.dimensions[1].notAudited == .noMap)
        #expect(audit.outcome == direct.outcome && audit.calibration.fileHash == Self.fileHash && audit.run == "later")
        #expect(!audit.weighted && audit.notes.isEmpty)
    }

    @Test("A judge 1.5 lower on the later run: the map reads it low and the audit fails; no margin: not graded")
    func shiftFails() throws {
        let audit = try Self.audit(Self.later(rows: 40, shift: -1.5))
        #expect(audit.outcome == .fail && (audit.dimensions[0].audit?.meanResidual ?? 0) > 0.5)
        #expect(try Self.audit(Self.later(rows: 40, shift: -1.5), margin: nil).outcome == .notGraded)
    }

    @Test("Weights are 1/π from the frame; a row without π is refused")
    func weights() throws {
        let input = Self.later(rows: 30)
        let probabilities = Dictionary(uniqueKeysWithValues: (0..<30).map { ("n\($0)", $0 % 2 == 0 ? 0.5 : 0.25) })
        let audit = try Self.audit(input, probabilities: probabilities)
        let (rows, _) = try #require(try Self.calibration().freshRows(input.dimensions[0], of: input))
        let direct = try TransportAudit(
            rows: rows.map { TransportAudit.Row(calibrated: $0.calibrated, expert: $0.expert, weight: 1 / (probabilities[$0.id] ?? .nan)) },
            margin: 0.5)
        #expect(audit.weighted && audit.dimensions[0].audit == direct && direct.effectiveRows < 30)
        var missing = probabilities
        missing["n3"] = nil
        #expect(throws: CalibrationAuditError.noInclusionProbability(row: "n3")) { try Self.audit(input, probabilities: missing) }
    }

    @Test("A family declared is each interval's Bonferroni m; one smaller than the audits made here is refused")
    func family() throws {
        let input = Self.later(rows: 40)
        let audit = try Self.audit(input, family: 4)
        let (rows, _) = try #require(try Self.calibration().freshRows(input.dimensions[0], of: input))
        let direct = try TransportAudit(
            rows: rows.map { TransportAudit.Row(calibrated: $0.calibrated, expert: $0.expert) }, margin: 0.5, familySize: 4)
        #expect(audit.familySize == 4 && audit.dimensions[0].audit == direct)
        #expect(throws: (any Error).self) { try CalibrationAudit.Settings(margin: 0.5, family: 0) }
        #expect(throws: CalibrationAuditSettingsError.margin(0)) { try CalibrationAudit.Settings(margin: 0) }
        #expect(throws: CalibrationAuditSettingsError.margin(-1)) { try CalibrationAudit.Settings(margin: -1) }
    }

    @Test("Too few fresh rows: not enough, and the rows a pass needs are TransportAuditPlan's at the residuals' SD")
    func notEnough() throws {
        let audit = try Self.audit(Self.later(rows: 8), margin: 1)
        let d = audit.dimensions[0]
        let a = try #require(d.audit)
        #expect(a.outcome == .notEnough && audit.outcome == .notEnough)
        let sd = try #require(d.residualSD)
        #expect(
            d.rowsToPass
                == TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: sd, bias: 0, margin: 1, alpha: 0.05, minimumRows: 20))
        #expect((d.rowsToPass ?? 0) >= 20)
        #expect(audit.renderText().contains("label about \((d.rowsToPass ?? 0) - 8) more"), "\(audit.renderText())")
    }

    @Test("Refused: another model, another rubric text, the labels fitted on, rows of the fit on the calibration's run")
    func refused() throws {
        let calibration = try Self.calibration()
        let other = JudgeIdentity(model: "other", baseURL: nil, options: JudgeSettings(mode: .discrete))
        #expect(throws: CalibrationMismatch.self) {
            try CalibrationAudit(
                calibration, fileHash: Self.fileHash, input: Self.later(rows: 30), judge: other, labelFingerprint: "fresh",
                inclusionProbabilities: nil, settings: .standard)
        }
        var rubric = Self.later(rows: 30)
        rubric.info.rubricHash = "another"
        #expect(throws: CalibrationMismatch.judge(["the rubric's text changed"])) { try Self.audit(rubric) }
        #expect(throws: CalibrationMismatch.sameLabels) {
            try CalibrationAudit(
                calibration, fileHash: Self.fileHash, input: Self.later(rows: 30), judge: CalibrationFileTests.judge,
                labelFingerprint: "f00d", inclusionProbabilities: nil, settings: .standard)
        }
        var sameRun = CalibrationFileTests.input()
        sameRun.dimensions.removeLast()
        #expect(throws: CalibrationMismatch.self) { try Self.audit(sameRun) }
    }

    @Test("The history line: the calibration's identity and each dimension's figures; it reads back; latest finds the last audit")
    func historyEntry() throws {
        let audit = try Self.audit(Self.later(rows: 40))
        let entry = AuditHistoryEntry(audit)
        #expect(AuditHistoryEntry.historyKind == "audit" && entry.kind == "audit")
        #expect(entry.calibration.fileHash == Self.fileHash && entry.calibration.labelFingerprint == "f00d")
        #expect(entry.calibration.judge == CalibrationFileTests.judge && entry.calibration.created == CalibrationFileTests.created)
        #expect(entry.labelFingerprint == "fresh" && entry.run == "later" && entry.margin == 0.5 && entry.outcome == audit.outcome)
        #expect(entry.figures.map(\.dimension) == ["Quality", "Tone"] && entry.figures[1].notAudited == .noMap)
        #expect(entry.figures[0].meanResidual == audit.dimensions[0].audit?.meanResidual)
        #expect(entry.figures[0].lower == audit.dimensions[0].audit?.lower && entry.figures[0].outcome == audit.dimensions[0].audit?.outcome)
        #expect(entry.figures[0].standardError == audit.dimensions[0].audit?.standardError && entry.figures[0].standardError != nil)
        let again = try AuditHistoryEntry.decode(line: try entry.jsonLine())
        #expect(again == entry)
        // A line written before the standard error was kept reads back without it.
        let line = String(decoding: try entry.jsonLine(), as: UTF8.self)
        #expect(line.contains(#""standardError":"#))
        let older = Data(line.replacingOccurrences(of: #""standardError":"#, with: #""formerly":"#).utf8)
        #expect(try AuditHistoryEntry.decode(line: older).figures[0].standardError == nil)

        let failed = AuditHistoryEntry(try Self.audit(Self.later(rows: 40, shift: -1.5)))
        var elsewhere = failed
        elsewhere.calibration.fileHash = String(repeating: "cd", count: 32)
        elsewhere.calibration.labelFingerprint = "another"
        let identity = audit.calibration
        #expect(AuditHistoryEntry.latest(for: identity, in: [entry, failed, elsewhere])?.outcome == .fail)
        #expect(AuditHistoryEntry.latest(for: identity, in: [failed, entry])?.outcome == entry.outcome)
        #expect(AuditHistoryEntry.latest(for: elsewhere.calibration, in: [entry, failed]) == nil)
        // The same calibration rewritten (another file hash, the same provenance) is still found.
        var rewritten = identity
        rewritten.fileHash = "0"
        #expect(AuditHistoryEntry.latest(for: rewritten, in: [entry, failed])?.outcome == .fail)
    }

    @Test("One fresh row: the interval is unbounded; the line and the JSON report write no infinity")
    func oneRow() throws {
        let audit = try Self.audit(Self.later(rows: 1))
        #expect(audit.dimensions[0].audit?.lower == -.infinity && audit.outcome == .notEnough)
        let entry = AuditHistoryEntry(audit)
        #expect(entry.figures[0].lower == nil && entry.figures[0].upper == nil && entry.figures[0].standardError == nil)
        _ = try entry.jsonLine()
        let json = try JSONValue.parse(Data(try audit.renderJSON().utf8))
        #expect(json["outcome"]?.string == "not-enough")
        #expect(audit.renderText().contains("unbounded (one row)"))
    }

    @Test("plan --audit's library: each map's out-of-fold RMSE as σ, TransportAuditPlan at α/m; a pass beyond the margin cannot be planned")
    func plan() throws {
        let calibration = try Self.calibration()
        let settings = try CalibrationAuditPlan.Settings(margin: 0.5, family: 2, shift: 1)
        let plan = CalibrationAuditPlan(settings: settings, calibration: calibration)
        let sd = try #require(calibration.dimension("Quality")).diagnostics.outOfFoldRMSE
        #expect(plan.dimensions.map(\.name) == ["Quality"] && plan.dimensions[0].residualSD == sd)
        #expect(
            plan.dimensions[0].rowsToPass
                == TransportAuditPlan.rowsNeeded(for: .pass, power: 0.8, residualSD: sd, bias: 0, margin: 0.5, alpha: 0.025))
        #expect(
            plan.dimensions[0].rowsToFail
                == TransportAuditPlan.rowsNeeded(for: .fail, power: 0.8, residualSD: sd, bias: 1, margin: 0.5, alpha: 0.025, minimumRows: 2))
        let beyond = try CalibrationAuditPlan(settings: try CalibrationAuditPlan.Settings(margin: 0.5, bias: 0.6), residualSD: 1)
        #expect(beyond.dimensions[0].rowsToPass == nil && beyond.renderText().contains("no number of rows"))
        #expect(throws: CalibrationAuditPlanError.power(1)) { try CalibrationAuditPlan.Settings(margin: 0.5, power: 1) }
    }
}
