import Calibration
public import CalibrationData
public import CalibrationMaps
import DataFormats
public import Foundation
public import Judging

/// `judgecal audit`, from the files read to the audit: the later run's labelled rows judged (or a
/// judge's scores read), the fresh labels and their sampling frame, and the calibration file.
extension CalibrationAudit {
    /// The calibration in the file at `url`, read and checked (``CalibrationMaps/CalibrationFile/load(from:)``),
    /// with the SHA-256 of the file's bytes that identifies it in the history.
    ///
    /// - Throws: as ``CalibrationMaps/CalibrationFile/load(from:)``, and ``DataFormats/InputError`` when the file cannot be read.
    public static func calibration(at url: URL) throws -> (calibration: CalibrationFile, fileHash: String) {
        (try CalibrationFile.load(from: url), try SHA256.hexDigest(ofFileAt: url))
    }

    /// Refuses `calibration` for `judge`'s scores of `run` with the rubric `rubricText` and the fresh
    /// `labels`, before any judge is called: the checks the audit makes first
    /// (``CalibrationMaps/CalibrationFile/check(judge:rubricTextHash:)``,
    /// ``CalibrationMaps/CalibrationFile/checkFresh(fingerprint:rows:run:)``).
    ///
    /// - Throws: ``CalibrationMaps/CalibrationMismatch``.
    public static func refuseMismatch(
        _ calibration: CalibrationFile, judge: JudgeIdentity, rubricText: String, labels: ExpertLabels, run: FrozenRun
    ) throws {
        _ = try calibration.check(judge: judge, rubricTextHash: SHA256.hexDigest(of: Array(rubricText.utf8)))
        let runRows = Set(run.rows.map(\.id))
        try calibration.checkFresh(
            fingerprint: labels.fingerprint, rows: Set(labels.labels.map(\.id).filter(runRows.contains)),
            run: run.info.name)
    }

    /// The audit of `calibration` on `judgments` of `run`'s rows judged with `rubric`, against the
    /// fresh `labels` read from `labelSheets`: the one run of
    /// ``CalibrationMaps/CalibrationAudits/Run/init(run:rubric:rubricText:judgments:labels:labelSheets:frame:judge:)``.
    ///
    /// - Throws: as that initialiser and
    ///   ``CalibrationMaps/CalibrationAudit/init(_:fileHash:input:judge:labelFingerprint:inclusionProbabilities:settings:time:runRows:)``.
    public init(
        _ calibration: CalibrationFile, fileHash: String, run: FrozenRun, rubric: Rubric, rubricText: String,
        judgments: JudgmentSet,
        labels: ExpertLabels, labelSheets: [URL], frame: URL?, judge: JudgeIdentity, settings: Settings,
        time: Date = Date()
    ) throws {
        let audited = try CalibrationAudits.Run(
            run: run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: labels,
            labelSheets: labelSheets, frame: frame,
            judge: judge)
        try self.init(
            calibration, fileHash: fileHash, input: audited.input, judge: judge,
            labelFingerprint: audited.labelFingerprint,
            inclusionProbabilities: audited.inclusionProbabilities, settings: settings, time: time, runRows: run)
    }
}

extension CalibrationAudits.Run {
    /// A run to audit, from the files read: `judgments` of `run`'s rows judged with `rubric`, and the
    /// fresh `labels` read from `labelSheets`.
    ///
    /// The rows weigh 1/π when the labels came with a sampling frame: the one at `frame`, else the one
    /// `judgecal extract` left beside the sheets (``CalibrationData/SamplingFrame/discovered(besideSheets:)``),
    /// checked against the run and the sheets (``CalibrationData/SamplingFrame/inclusionProbabilities(rowIDs:labels:runName:)``);
    /// without one every row weighs 1.
    ///
    /// - Throws: as ``Calibration/AlignmentInput/init(run:rubric:rubricText:judgments:labels:groupBy:)``, and
    ///   ``DataFormats/InputError`` for a frame that does not read or is not the labels'.
    public init(
        run: FrozenRun, rubric: Rubric, rubricText: String, judgments: JudgmentSet, labels: ExpertLabels,
        labelSheets: [URL],
        frame: URL?, judge: JudgeIdentity
    ) throws {
        let sampling = try frame.map(SamplingFrame.load(from:)) ?? SamplingFrame.discovered(besideSheets: labelSheets)
        let probabilities = try sampling?.inclusionProbabilities(
            rowIDs: run.rows.map(\.id), labels: labels, runName: run.info.name)
        self.init(
            input: try AlignmentInput(
                run: run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: labels),
            judge: judge, labelFingerprint: labels.fingerprint, inclusionProbabilities: probabilities, runRows: run)
    }
}
