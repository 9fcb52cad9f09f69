import Calibration
import DataFormats
import Foundation

/// Reading and writing report files named on the command line.
enum ReportFiles {
    /// Writes `report` to `path` in the form its extension names (``ReportDocument/contents(for:)``).
    static func write(_ report: ReportDocument, to path: String) throws {
        let url = try InputFiles.output(path)
        try report.contents(for: url).write(to: url, options: .atomic)
    }

    /// The report saved at `path`.
    static func read(_ path: String) throws -> ReportDocument {
        let url = try InputFiles.existing(path, role: "report")
        return try ReportDocument(json: try InputFile.read(url), file: InputFile.displayName(url))
    }
}
