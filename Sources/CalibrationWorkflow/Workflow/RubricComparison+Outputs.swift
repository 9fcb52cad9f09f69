public import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
public import Foundation

extension RubricComparison {
    /// Writes the report file (HTML, Markdown or JSON by extension), if one is asked for, and, when the
    /// comparison was made on a split, its look as a line of the history at `history`: all or none (``StagedOutputs``),
    /// with the verdicts' JUnit file and job summary where `reporters` ask for them
    /// (``VerdictReporters/write(_:reporters:verdicts:markdown:after:)``).
    ///
    /// - Parameters:
    ///   - rubric: the lineage the look counts for (the experimental rubric's name).
    ///   - texts: the two rubrics' texts, whose hashes the line keeps.
    /// - Throws: ``OutputError`` naming what could not be written and what was held back.
    public func write(
        report: String?, history: URL?, rubric: String, texts: (control: String, experimental: String), reporters: VerdictReporters? = nil
    ) throws {
        let files = try report.map { [try ReportDocument.comparison(self).file(at: $0)] } ?? []
        let look = {
            guard let history, split != nil else { return }
            try AlignmentHistoryEntry(comparison: self, rubric: rubric, texts: texts).append(to: history)
        }
        try VerdictReporters.write(files, reporters: reporters, verdicts: verdictSuite(command:), markdown: renderMarkdown, after: look)
    }
}
