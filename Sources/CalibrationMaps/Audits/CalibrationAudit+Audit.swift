public import Calibration
public import CalibrationData
public import DataFormats
public import Foundation
public import RunInference

extension CalibrationAudit {
    /// Audits `calibration` on `input` (an alignment's input on the later run: the judge's scores and
    /// the fresh labels), as the type describes.
    ///
    /// - Parameters:
    ///   - calibration: the calibration, and the SHA-256 of its file's bytes (``Identity/fileHash``).
    ///   - judge: the judge whose scores `input` holds.
    ///   - labelFingerprint: the fresh label set's fingerprint (``CalibrationData/ExpertLabels/fingerprint``).
    ///   - inclusionProbabilities: each row's π from the label set's sampling frame, by id; `nil` for none
    ///     (every row weighs 1).
    ///   - runRows: the later run, whose rows give a two-stage map's covariates (needed only then).
    /// - Throws: ``CalibrationMismatch`` for another judge or rubric, or labels that are not fresh;
    ///   ``CalibrationAuditError`` for a family smaller than the audits made here, a labelled row
    ///   without a positive π, or an audit that cannot be made; ``Calibration/AlignmentError`` for
    ///   labels the expert panel refuses.
    public init(
        _ calibration: CalibrationFile, fileHash: String, input: AlignmentInput, judge: JudgeIdentity, labelFingerprint: String,
        inclusionProbabilities: [String: Double]?, settings: Settings, time: Date = Date(), runRows: FrozenRun? = nil
    ) throws {
        let prepared = try Prepared(
            calibration, fileHash: fileHash, input: input, judge: judge, labelFingerprint: labelFingerprint,
            inclusionProbabilities: inclusionProbabilities, runRows: runRows)
        if let family = settings.family, family < prepared.audited {
            throw CalibrationAuditError.familyTooSmall(family, audited: prepared.audited)
        }
        try self.init(prepared, settings: settings, familySize: settings.family ?? max(prepared.audited, 1), time: time)
    }

    /// An audit checked and its rows found, before the family's size is known: what a run contributes
    /// to a family of several runs' audits (``CalibrationAudits``).
    struct Prepared {
        var notes: [String]
        var calibration: Identity
        var run: String?
        var labelFingerprint: String
        var weighted: Bool
        /// Per dimension its rows (`nil`: no map) and the rows left out.
        var found: [(name: String, rows: [TransportAudit.Row]?, leftOut: CalibrationFile.LeftOut)]

        /// The dimensions that will be audited: those with a map and a fresh row.
        var audited: Int { found.count { !($0.rows?.isEmpty ?? true) } }

        /// Checks `calibration` against `input`'s judge, rubric and labels, and finds each dimension's rows.
        init(
            _ calibration: CalibrationFile, fileHash: String, input: AlignmentInput, judge: JudgeIdentity,
            labelFingerprint: String, inclusionProbabilities: [String: Double]?, runRows: FrozenRun?
        ) throws {
            notes = try calibration.check(judge: judge, rubricTextHash: input.info.rubricHash)
            let labelled = Set(input.dimensions.flatMap { $0.expertLabels.map(\.rowID) })
            try calibration.checkFresh(fingerprint: labelFingerprint, rows: labelled, run: input.info.run)
            self.calibration = Identity(calibration, fileHash: fileHash)
            run = input.info.run
            self.labelFingerprint = labelFingerprint
            weighted = inclusionProbabilities != nil
            found = []
            for d in input.dimensions {
                guard let (rows, leftOut) = try calibration.freshRows(d, of: input, runRows: runRows) else {
                    found.append((d.name, nil, CalibrationFile.LeftOut()))
                    continue
                }
                let auditRows = try rows.map { row in
                    var weight = 1.0
                    if let inclusionProbabilities {
                        guard let pi = inclusionProbabilities[row.id], pi > 0, pi <= 1 else {
                            throw CalibrationAuditError.noInclusionProbability(row: row.id)
                        }
                        weight = 1 / pi
                    }
                    return TransportAudit.Row(calibrated: row.calibrated, expert: row.expert, weight: weight)
                }
                found.append((d.name, auditRows, leftOut))
            }
        }
    }

    /// The audit of `prepared`'s rows, each interval at α/`familySize`.
    init(_ prepared: Prepared, settings: Settings, familySize m: Int, time: Date) throws {
        notes = prepared.notes
        calibration = prepared.calibration
        self.time = time
        run = prepared.run
        labelFingerprint = prepared.labelFingerprint
        weighted = prepared.weighted
        self.settings = settings
        familySize = m
        dimensions = try prepared.found.map { name, rows, leftOut in
            guard let rows else { return Dimension(name: name, notAudited: .noMap, leftOut: leftOut) }
            guard !rows.isEmpty else { return Dimension(name: name, notAudited: .noFreshRows, leftOut: leftOut) }
            let audit: TransportAudit
            do throws(TransportAudit.Failure) {
                audit = try TransportAudit(
                    rows: rows, margin: settings.margin, alpha: settings.alpha, familySize: m,
                    minimumEffectiveRows: Double(settings.minimumEffectiveRows), bins: settings.bins)
            } catch {
                throw CalibrationAuditError.audit(dimension: name, error)
            }
            let sd = Self.residualSD(rows, mean: audit.meanResidual)
            var rowsToPass: Int?
            if audit.outcome == .notEnough, let margin = settings.margin, let sd {
                rowsToPass = TransportAuditPlan.rowsNeeded(
                    for: .pass, power: Settings.plannedPower, residualSD: sd, bias: 0, margin: margin, alpha: settings.alpha / Double(m),
                    minimumRows: settings.minimumEffectiveRows)
            }
            return Dimension(name: name, audit: audit, leftOut: leftOut, residualSD: sd, rowsToPass: rowsToPass)
        }
    }

    /// √(Σ wᵢ (rᵢ − δ̂)² / Σ wᵢ · n/(n − 1)), the weighted residuals' standard deviation; `nil` below 2 rows.
    static func residualSD(_ rows: [TransportAudit.Row], mean: Double) -> Double? {
        guard rows.count >= 2 else { return nil }
        let n = Double(rows.count), total = rows.reduce(0) { $0 + $1.weight }
        let squares = rows.reduce(0) { $0 + $1.weight * ($1.expert - $1.calibrated - mean) * ($1.expert - $1.calibrated - mean) }
        return (squares / total * n / (n - 1)).squareRoot()
    }
}

/// Why a calibration cannot be audited on the rows given.
public enum CalibrationAuditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The family declared is smaller than the audits made here (over every run audited together).
    case familyTooSmall(Int, audited: Int)
    /// A fresh labelled row has no positive inclusion probability in the label set's sampling frame.
    case noInclusionProbability(row: String)
    /// A dimension's audit cannot be made (a value not finite).
    case audit(dimension: String, TransportAudit.Failure)

    public var description: String {
        switch self {
        case .familyTooSmall(let m, let audited):
            "a family of \(m) audits decided together is fewer than the \(audited) made here; the family counts every audit decided together"
        case .noInclusionProbability(let row):
            "row \(row) is labelled but has no positive inclusion probability in the label set's sampling frame; give the frame drawn with these labels"
        case .audit(let d, let failure): "dimension \(d) cannot be audited: \(failure)"
        }
    }
}

extension CalibrationAuditError: KindedError {
    /// ``DataFormats/ErrorKind/usage`` for a family too small (a setting); else ``DataFormats/ErrorKind/malformedInput``.
    public var kind: ErrorKind {
        switch self {
        case .familyTooSmall: .usage
        default: .malformedInput
        }
    }
}

/// An audit setting that cannot be used; the CLI words it with the option that sets it.
public enum CalibrationAuditSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    case margin(Double)
    case alpha(Double)
    case family(Int)
    case minimumRows(Int)
    case bins(Int)

    public var description: String {
        switch self {
        case .margin(let x): "the margin \(x.plainText) is not a positive number: the mean residual is tested against ±margin"
        case .alpha(let x): "the level α \(x.plainText) is not between 0 and 1"
        case .family(let m): "a family of \(m) audits: at least 1"
        case .minimumRows(let n): "a minimum of \(n) effective rows: at least 2 (an interval needs 2 rows)"
        case .bins(let b): "\(b) bins of calibrated scores: at least 1"
        }
    }
}

extension CalibrationAuditSettingsError: KindedError {
    /// Always ``DataFormats/ErrorKind/usage``: a setting, not the data, is wrong.
    public var kind: ErrorKind { .usage }
}
