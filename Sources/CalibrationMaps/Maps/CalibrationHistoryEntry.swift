public import CalibrationData
public import DataFormats
public import Foundation
import RunInference

/// One line of the history (``DataFormats/HistoryLog``, kind `calibration`): a calibration's identity and figures.
///
/// The identity is the rubric and its text's hash, the judge and the label set's fingerprint; the
/// figures, per dimension, what its map buys; with the rubric's full text, so that how far a judge's
/// scores sat from the experts, and how that moved as the judge, the rubric or the labels changed,
/// can be read back later. The maps themselves stay in the calibration file.
public struct CalibrationHistoryEntry: HistoryRecord, Hashable {
    /// One dimension's figures; those of a dimension without a map are absent.
    public struct Figures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// The rows fitted on (or, without a map, the too few rows there were).
        public var rows: Int
        /// The folds used; `nil` without a map.
        public var folds: Int?
        /// ``CalibrationFile/Diagnostics``: out-of-fold RMSE, the raw score's RMSE, the mean out-of-fold residual.
        public var outOfFoldRMSE: Double?
        public var rawRMSE: Double?
        public var meanResidual: Double?
    }

    private static let name = "calibration"
    /// The kind of line: `calibration`.
    public static var historyKind: String? { name }

    /// `calibration`, as the line says which kind it is.
    public var kind = Self.name
    /// When the calibration was made (its file's `created`), written as ISO 8601 in UTC.
    public var time: Date
    /// The rubric's name, the SHA-256 (hex) of its text, and its full text.
    public var rubric: String?
    public var rubricTextHash: String?
    public var rubricText: String?
    /// The judge the maps were fitted on.
    public var judge: JudgeIdentity
    /// The run and the label set's fingerprint.
    public var run: String?
    public var labelFingerprint: String
    /// Each dimension's figures, in the rubric's order: those with a map, then those without.
    public var figures: [Figures]
    /// The SHA-256 (hex) of the history's line before this one (``DataFormats/HistoryRecord/previous``).
    public var previous: String?

    /// The entry for `calibration`, fitted with the rubric `rubricText`.
    public init(_ calibration: CalibrationFile, rubricText: String?) {
        time = calibration.created
        rubric = calibration.rubric
        rubricTextHash = calibration.rubricTextHash
        self.rubricText = rubricText
        judge = calibration.judge
        run = calibration.run
        labelFingerprint = calibration.labelFingerprint
        figures =
            calibration.dimensions.map { d in
                Figures(
                    dimension: d.name, rows: d.rows, folds: d.map.folds, outOfFoldRMSE: d.diagnostics.outOfFoldRMSE,
                    rawRMSE: d.diagnostics.rawRMSE, meanResidual: d.diagnostics.meanResidual)
            } + calibration.unfitted.map { Figures(dimension: $0.name, rows: $0.rows) }
    }
}
