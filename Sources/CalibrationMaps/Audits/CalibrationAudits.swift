public import Calibration
public import CalibrationData
public import Foundation

/// One calibration audited on several later runs (or systems) in one decision: a
/// ``CalibrationAudit`` per run, every interval at α/m over the family of all of them.
///
/// **The family.** The intervals hold together with probability 1 − α over the m audits decided
/// together (Bonferroni): m is ``CalibrationAudit/Settings/family`` when given — audits decided
/// elsewhere too — else the dimensions audited over every run. A family smaller than the audits made
/// here, over every run, is refused. Every run is checked (judge, rubric, fresh labels) and its rows
/// found before any run is audited, so that the family is known before any interval is made.
///
/// **The outcome** is the worst over the runs (``CalibrationAudit/worst(_:)``: fail, then not enough,
/// then not graded, then pass); not enough with no run.
public struct CalibrationAudits: Sendable, Hashable {
    /// One run to audit: an alignment's input on it (the judge's scores and the fresh labels) and what
    /// ``CalibrationAudit/init(_:fileHash:input:judge:labelFingerprint:inclusionProbabilities:settings:time:runRows:)``
    /// takes beside it.
    public struct Run: Sendable, Hashable {
        public var input: AlignmentInput
        public var judge: JudgeIdentity
        public var labelFingerprint: String
        public var inclusionProbabilities: [String: Double]?
        public var runRows: FrozenRun?

        /// A run to audit; `inclusionProbabilities` `nil` for rows of weight 1, `runRows` the run's rows (a
        /// two-stage map's covariates).
        public init(
            input: AlignmentInput, judge: JudgeIdentity, labelFingerprint: String,
            inclusionProbabilities: [String: Double]?,
            runRows: FrozenRun? = nil
        ) {
            self.input = input
            self.judge = judge
            self.labelFingerprint = labelFingerprint
            self.inclusionProbabilities = inclusionProbabilities
            self.runRows = runRows
        }
    }

    /// Each run's audit, in the order given.
    public var audits: [CalibrationAudit]
    /// The family's size m every audit was made with.
    public var familySize: Int

    /// The worst outcome over the runs; not enough when there is none.
    public var outcome: CalibrationAudit.Outcome {
        CalibrationAudit.worst(audits.map(\.outcome))
    }

    /// Audits `calibration` (its file's bytes hashing to `fileHash`) on every run in `runs`, as the type describes.
    ///
    /// With one run this is that run's ``CalibrationAudit``, made as it is alone.
    ///
    /// - Throws: as ``CalibrationAudit/init(_:fileHash:input:judge:labelFingerprint:inclusionProbabilities:settings:time:runRows:)``,
    ///   the first run refused stopping the audits; ``CalibrationAuditError/familyTooSmall(_:audited:)`` for a family
    ///   smaller than the audits made over every run.
    public init(
        _ calibration: CalibrationFile, fileHash: String, runs: [Run], settings: CalibrationAudit.Settings,
        time: Date = Date()
    ) throws {
        let prepared = try runs.map { run in
            try CalibrationAudit.Prepared(
                calibration, fileHash: fileHash, input: run.input, judge: run.judge,
                labelFingerprint: run.labelFingerprint,
                inclusionProbabilities: run.inclusionProbabilities, runRows: run.runRows)
        }
        let audited = prepared.reduce(0) { $0 + $1.audited }
        if let family = settings.family, family < audited {
            throw CalibrationAuditError.familyTooSmall(family, audited: audited)
        }
        let m = settings.family ?? max(audited, 1)
        familySize = m
        audits = try prepared.map { try CalibrationAudit($0, settings: settings, familySize: m, time: time) }
    }
}
