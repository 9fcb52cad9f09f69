public import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
public import Foundation

extension RubricComparison {
    /// Writes the report file (HTML, Markdown or JSON by extension), if one is asked for, and, when the
    /// comparison was made on a split, its look as a line of the history at `history`: all or none (``StagedOutputs``).
    ///
    /// - Parameters:
    ///   - rubric: the lineage the look counts for (the experimental rubric's name).
    ///   - texts: the two rubrics' texts, whose hashes the line keeps.
    /// - Throws: ``OutputError`` naming what could not be written and what was held back.
    public func write(report: String?, history: URL?, rubric: String, texts: (control: String, experimental: String)) throws {
        try StagedOutputs.writeAllOrNone(try report.map { [try ReportDocument.comparison(self).file(at: $0)] } ?? []) {
            guard let history, split != nil else { return }
            try AlignmentHistoryEntry(comparison: self, rubric: rubric, texts: texts).append(to: history)
        }
    }
}
