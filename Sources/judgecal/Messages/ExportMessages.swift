import Calibration
import DataFormats

/// `export`'s words when there is nothing to export, naming what to give (`--judgments`, `--labels`, `--rubric`).
enum ExportMessages {
    /// The error as `export` words it, at its place.
    static func message(for error: TidyExport.NothingToExport) -> String {
        switch error.problem {
        case .nothingToExport:
            error.description(
                saying: "has nothing to export: give --judgments, or --labels with --rubric to say which columns are dimensions")
        }
    }
}
