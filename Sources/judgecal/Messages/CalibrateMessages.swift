import CalibrationMaps
import DataFormats

/// `calibrate`'s words for its settings' errors and notes, naming the options that set them.
enum CalibrateMessages {
    static func message(for error: CalibrationSettingsError) -> String {
        switch error {
        case .folds(let k):
            "--folds \(k): cross-fitting needs from 2 to \(CalibrationSettings.maximumFolds) folds, each map fitted on the other folds (CJE uses 5)"
        case .majorityExperts:
            "--experts majority is refused: the majority is a level, and a map onto the experts' scale needs their value; give --experts mean or median"
        }
    }

    /// The note when no dimension has a map (exit 3).
    static let nothingWritten =
        "no dimension has rows enough for a map, so nothing was written (--output, --report and the history); label more rows"
}
