import Calibration
import DataFormats
import Foundation

/// Reading and writing report files named on the command line.
enum ReportFiles {
    /// Stages `report` for `path` in the form its extension names
    /// (``ReportDocument/contents(for:)``); it is written when `outputs` commits.
    static func stage(_ report: ReportDocument, at path: String, in outputs: inout StagedOutputs) throws {
        try outputs.stage(report.contents(for: URL(fileURLWithPath: path)), at: path, role: "report")
    }

    /// The report saved at `path`.
    static func read(_ path: String) throws -> ReportDocument {
        let url = try InputFiles.existing(path, role: "report")
        return try ReportDocument(json: try InputFile.read(url), file: InputFile.displayName(url))
    }
}
