import CalibrationData
import CalibrationMaps
import DataFormats
import RunInference

/// `calibrate`'s words for its settings' errors and notes, naming the options that set them.
enum CalibrateMessages {
    static func message(for error: CalibrationSettingsError) -> String {
        switch error {
        case .folds(let k):
            "--folds \(k): cross-fitting needs from 2 to \(CalibrationSettings.maximumFolds) folds, each map fitted on the other folds (CJE uses 5)"
        case .majorityExperts:
            "--experts majority is refused: the majority is a level, and a map onto the experts' scale needs their value; give --experts mean or median"
        case .knots(let k):
            "--knots \(k): a two-stage map's splines take from \(TwoStageMap.fewestKnots) (CJE's floor) to \(BSplineBasis.maximumKnots) knots"
        case .covariateTwice(let name): "--covariate \(name) is given twice"
        }
    }

    /// The refusal of an option that only a two-stage map reads, given with an isotonic one.
    static func onlyTwoStage(_ option: String) -> String {
        "--\(option) applies only with --map two-stage: an isotonic map reads the judge's score alone"
    }

    /// The refusal of a covariate's name.
    static func unknownCovariate(_ name: String) -> String {
        "--covariate \(name): name response-length (the response's characters) or a numeric metadata field as metadata.KEY"
    }

    /// The note when no dimension has a map (exit 3).
    static let nothingWritten =
        "no dimension has rows enough for a map, so nothing was written (--output, --report and the history); label more rows"
}
