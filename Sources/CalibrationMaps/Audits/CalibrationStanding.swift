public import Calibration
public import CalibrationData
public import DataFormats
public import Foundation
import RunInference

/// Where a calibration stands by the history (``DataFormats/HistoryLog``): the calibration, and its
/// last transport audit (``AuditHistoryEntry``), if it was ever audited — what a command about to
/// read a judge's scores through a calibration, or to trust the judge, says or requires.
///
/// A calibration file given is found by its identity (``CalibrationAudit/Identity``). A judge and
/// rubric without one are matched to the history's newest calibration line of the same judge
/// (``CalibrationFile/judgeDifferences(fitted:now:)`` finds none) and rubric text; its audits are
/// those whose calibration has its creation time, judge, rubric text and labels.
public struct CalibrationStanding: Sendable, Hashable {
    /// The calibration: its judge, when it was fitted and on which run.
    public var judge: JudgeIdentity
    public var created: Date
    public var run: String?
    /// Its last audit; `nil` when it was never audited.
    public var lastAudit: AuditHistoryEntry?

    /// The standing of the calibration `identity` in the history at `url` (no file: never audited).
    ///
    /// - Throws: ``DataFormats/InputError`` for a history that does not read or whose chain is broken.
    public init(_ identity: CalibrationAudit.Identity, historyAt url: URL) throws {
        judge = identity.judge
        created = identity.created
        run = identity.run
        lastAudit = AuditHistoryEntry.latest(for: identity, in: try AuditHistoryEntry.readAll(from: url))
    }

    /// The standing of the newest calibration of the judge `judge` gives with the rubric whose text
    /// hashes to `rubricTextHash` in the history at `url`; `nil` when the history holds none (or is absent).
    /// The history is read and checked once; `judge` is asked only when it holds a calibration at all
    /// (knowing a judge scored elsewhere means hashing its scores file).
    ///
    /// - Throws: ``DataFormats/InputError`` for a history that does not read or whose chain is broken;
    ///   what `judge` throws.
    public static func newest(judge: () throws -> JudgeIdentity, rubricTextHash: String?, historyAt url: URL) throws -> CalibrationStanding? {
        let lines = try HistoryLog.read(from: url), file = InputFile.displayName(url)
        let calibrations = try CalibrationHistoryEntry.records(in: lines, file: file)
        guard !calibrations.isEmpty else { return nil }
        let now = try judge()
        guard
            let calibration = calibrations.last(where: {
                CalibrationFile.judgeDifferences(fitted: $0.judge, now: now).differences.isEmpty
                    && ($0.rubricTextHash == nil || rubricTextHash == nil || $0.rubricTextHash == rubricTextHash)
            })
        else { return nil }
        let audit = try AuditHistoryEntry.records(in: lines, file: file).last {
            $0.calibration.hasProvenance(
                created: calibration.time, judge: calibration.judge, rubricTextHash: calibration.rubricTextHash,
                labelFingerprint: calibration.labelFingerprint)
        }
        return CalibrationStanding(judge: calibration.judge, created: calibration.time, run: calibration.run, lastAudit: audit)
    }

    private init(judge: JudgeIdentity, created: Date, run: String?, lastAudit: AuditHistoryEntry?) {
        self.judge = judge
        self.created = created
        self.run = run
        self.lastAudit = lastAudit
    }

    /// The calibration in a phrase: its judge, fitting date and run.
    public var calibrationPhrase: String {
        "the calibration of \(judge.model) fitted \(created.formatted(.iso8601.year().month().day()))" + (run.map { " on \($0)" } ?? "")
    }

    /// The last audit in a phrase: its outcome, run and mean residuals against the margin.
    var auditPhrase: String? {
        guard let audit = lastAudit else { return nil }
        let residuals = audit.figures.compactMap { f in f.meanResidual.map { "\(f.dimension) \(String(format: "%+.3f", $0))" } }
        let outcome =
            switch audit.outcome {
            case .pass: "passed"
            case .fail: "failed"
            case .notEnough: "had too few rows to decide"
            case .notGraded: "was not graded (no margin)"
            }
        return "its last audit, \(audit.time.formatted(.iso8601.year().month().day()))" + (audit.run.map { " on \($0)" } ?? "")
            + ", \(outcome)"
            + (residuals.isEmpty ? "" : " (mean residual \(residuals.joined(separator: ", "))"
                + (audit.margin.map { " against ±\($0.plainText))" } ?? ")"))
    }

    /// A warning when the last audit failed: the map no longer holds, and the calibration should be fitted again.
    public var warning: String? {
        guard lastAudit?.outcome == .fail, let audit = auditPhrase else { return nil }
        return "\(calibrationPhrase): \(audit): the judge's scores have moved against the experts' since; "
            + "fit the calibration again on fresh labels of a recent run"
    }

    /// A note when `report`'s fresh labels are those that decided the last audit, and it passed: a pass
    /// selects the samples whose mean residual happens to be small, so the same labels correcting the
    /// calibrated figures undershoot where the map is off by nearly the margin (docs/CALIBRATION-MAPS.md
    /// measures it). The mean read given the pass (``readingGivenPass(_:)``) is said to be the one to use; the
    /// pass rate and level shares have no such reading.
    public func selectionNote(for report: EstimationReport) -> String? {
        guard passedAudit(decidedBy: report) != nil else { return nil }
        let read = report.dimensions.contains { $0.calibrated?.meanGivenPass != nil }
        return "these labels decided the last audit of \(calibrationPhrase), which passed: corrected by the same labels, the calibrated "
            + "figures' intervals hold only given that pass, and undercover when the map is off by nearly the margin; "
            + (read
                ? "the mean \"corrected given the audit's pass\" allows for it, the pass rate and level shares do not: label other "
                    + "rows for those"
                : "label other rows for the correction")
    }

    /// The last audit when it passed and `report`'s fresh labels are those that decided it; `nil` otherwise.
    func passedAudit(decidedBy report: EstimationReport) -> AuditHistoryEntry? {
        guard let audit = lastAudit, audit.outcome == .pass, let fingerprint = report.freshLabelFingerprint,
            audit.labelFingerprint == fingerprint
        else { return nil }
        return audit
    }

    /// Refuses the calibration unless its last audit passed.
    ///
    /// - Throws: ``CalibrationAuditRequirement`` saying why: never audited, or its last audit did not pass.
    public func requirePassedAudit() throws(CalibrationAuditRequirement) {
        guard let audit = auditPhrase else { throw CalibrationAuditRequirement("\(calibrationPhrase) was never audited on fresh labels") }
        guard lastAudit?.outcome == .pass else {
            throw CalibrationAuditRequirement(
                "\(calibrationPhrase): \(audit); an audited calibration is required"
                    + (lastAudit?.outcome == .fail ? ": fit it again on fresh labels of a recent run" : ": audit it on more fresh labels"))
        }
    }
}

/// A calibration required to have passed its last audit that has not.
public struct CalibrationAuditRequirement: Error, Sendable, Hashable, CustomStringConvertible, KindedError {
    public var description: String
    /// Always ``DataFormats/ErrorKind/malformedInput``: the history, not the request, says no.
    public var kind: ErrorKind { .malformedInput }

    init(_ description: String) { self.description = description }
}
