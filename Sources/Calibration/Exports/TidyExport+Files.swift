import CalibrationData
public import DataFormats
public import Foundation
import Judging

extension TidyExport {
    /// Nothing to export from what was given, located at the run (``InputProblem``, ``ExportProblem``).
    public typealias NothingToExport = InputProblem<ExportProblem>

    /// Why nothing can be exported, where the way out is what to give.
    public enum ExportProblem: Sendable, Hashable {
        /// No judgments, and no rubric to say which label columns are dimensions.
        case nothingToExport
    }

    /// Reads what `judgecal export` names and builds the table.
    ///
    /// The dimensions are the rubric's when one is given (labels then read on
    /// its scales), otherwise those of the judgments files in order of first
    /// appearance (labels read as plain numbers, as a judge-scores alignment reads them).
    ///
    /// - Throws: ``InputError`` naming the file, line and column at fault; ``NothingToExport`` when
    ///   there is nothing to export (no judgments, and no rubric to say which label columns are dimensions).
    public static func load(run runURL: URL, judgments: [URL], labels: [URL], rubric: URL?, splits: URL?) throws -> TidyExport {
        let run = try FrozenRun.load(from: runURL)
        let rubric = try rubric.map(Rubric.loadForUse(from:))
        let scores = try judgments.map { url in
            try ExternalJudgeScores.load(from: url).readingWords { name in
                rubric?.dimensions.first { $0.name.lowercased() == name.lowercased() }?.categoryScale
            }
        }
        var dimensions = rubric?.dimensions.map(\.name) ?? []
        if rubric == nil {
            for file in scores {
                for d in file.dimensions where !dimensions.contains(where: { $0.lowercased() == d.lowercased() }) { dimensions.append(d) }
            }
        }
        guard !dimensions.isEmpty else {
            throw NothingToExport(
                InputError(
                    file: InputFile.displayName(runURL),
                    message: "has nothing to export: give judgments, or labels with a rubric to say which columns are dimensions"),
                .nothingToExport)
        }
        let ids = Set(run.rows.map(\.id))
        let expert: ExpertLabels? =
            labels.isEmpty
            ? nil
            : try rubric.map { try ExpertLabels.load(from: labels, dimensions: $0.dimensions, runIDs: ids) }
                ?? ExpertLabels.load(from: labels, dimensionNames: dimensions, runIDs: ids)
        var table = try TidyExport(
            run: run, dimensions: dimensions, judgments: scores, labels: expert, splits: splits.map(LabelSplits.load(from:)),
            exampleRows: Set(rubric?.examples.compactMap(\.rowID) ?? []))
        table.cancelledAnnotations = expert?.cancelledAnnotations
        return table
    }

    /// What `judgecal export` does: checks that `output` can be written, reads the files
    /// (``load(run:judgments:labels:rubric:splits:)``), writes the table in the format named
    /// `format` (`csv` by default) atomically, and returns the line it prints
    /// (`wrote 126 lines (csv) into book-tags.tidy.csv`, and the sentence of
    /// ``CalibrationData/ExpertLabels/cancelledSentence(_:)`` when a Label Studio export had skipped annotations).
    ///
    /// - Throws: ``InputError`` for a malformed input; ``OutputError`` when the file cannot be written.
    public static func export(
        run: URL, judgments: [URL], labels: [URL], rubric: URL?, splits: URL?, format: String, output: String
    ) throws -> String {
        try StagedOutputs.check(output, role: "export")
        let chosen = Format(rawValue: format) ?? .csv
        let table = try load(run: run, judgments: judgments, labels: labels, rubric: rubric, splits: splits)
        var outputs = StagedOutputs()
        try outputs.stage(table.rendered(chosen), at: output, role: "export")
        try outputs.commit()
        return "wrote \(table.lines.count) lines (\(chosen.rawValue)) into \(output)"
            + (ExpertLabels.cancelledSentence(table.cancelledAnnotations).map { "; " + $0 } ?? "")
    }
}
