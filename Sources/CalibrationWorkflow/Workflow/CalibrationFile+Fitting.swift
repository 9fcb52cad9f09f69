import Calibration
public import CalibrationData
public import CalibrationMaps
import DataFormats
public import Foundation
public import Judging

/// `judgecal calibrate`, from the files read to the calibration: the run's labelled rows judged (or a
/// judge's scores read), the expert labels, and ``CalibrationMaps/CalibrationFile`` on them.
extension CalibrationFile {
    /// The rows a judge is asked about to be calibrated: the run's rows with at least one expert label
    /// (``AlignmentRows``), since a judgment without one pairs with nothing.
    ///
    /// - Throws: as ``CalibrationData/FrozenRun``'s initialiser.
    public static func judgedRows(of run: FrozenRun, labels: ExpertLabels) throws -> FrozenRun {
        try AlignmentRows(run: run, labels: labels, selection: nil).judged
    }

    /// The calibration of `judgments` (this toolkit's, or a judge-scores file's) on `run`'s rows judged
    /// with `rubric`, against the experts' `labels`: the rubric text's SHA-256 and the labels'
    /// fingerprint (``CalibrationData/ExpertLabels/fingerprint``) recorded beside the maps.
    ///
    /// - Throws: as ``Calibration/AlignmentInput/init(run:rubric:rubricText:judgments:labels:groupBy:)`` and
    ///   ``CalibrationMaps/CalibrationFile/init(_:settings:judge:labelFingerprint:created:)``.
    public init(
        run: FrozenRun, rubric: Rubric, rubricText: String, judgments: JudgmentSet, labels: ExpertLabels, settings: CalibrationSettings,
        judge: JudgeIdentity, created: Date = Date()
    ) throws {
        try self.init(
            try AlignmentInput(run: run, rubric: rubric, rubricText: rubricText, judgments: judgments, labels: labels), settings: settings,
            judge: judge, labelFingerprint: labels.fingerprint, created: created, runRows: run)
    }
}
