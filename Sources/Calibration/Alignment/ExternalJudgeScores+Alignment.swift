public import CalibrationData
public import DataFormats
public import Foundation
public import Judging
import StatisticsCore

extension ExternalJudgeScores {
    /// Scores that cannot be matched with the label sheets without a setting of the caller's
    /// (``InputProblem``, ``SheetsProblem``), located in the scores file.
    public typealias SheetsMismatch = InputProblem<SheetsProblem>

    /// Why scores cannot be matched with the label sheets as given.
    public enum SheetsProblem: Sendable, Hashable {
        /// Without a rubric, the file shares no dimension column with the sheets; these are its dimensions.
        case noSharedDimension([String])
    }

    /// The expert label sheets to align these scores with: on the rubric's
    /// dimensions when there is a rubric; otherwise on the dimensions this file
    /// and every sheet share, each on `levels` when given and with no scale
    /// otherwise.
    ///
    /// - Parameters:
    ///   - sheets: the label sheets; several merge their raters.
    ///   - runIDs: the run's row ids, when there is a run; labels of other rows are errors.
    ///   - values: whether labels are levels of the scale or means of several experts.
    /// - Throws: ``InputError`` for a sheet that does not read; ``SheetsMismatch`` when, without a
    ///   rubric, this file shares no dimension with the sheets.
    public func labels(
        from sheets: [URL], rubric: Rubric?, levels: ScoringScale?, runIDs: Set<String>?, values: ExpertLabels.ValueMode
    ) throws -> ExpertLabels {
        if let rubric {
            return try ExpertLabels.load(from: sheets, dimensions: rubric.dimensions, runIDs: runIDs, values: values)
        }
        let names = try sharedDimensions(with: sheets)
        if let levels {
            return try ExpertLabels.load(
                from: sheets, dimensions: names.map { ScoreDimension($0, description: "", scale: levels) }, runIDs: runIDs,
                values: values)
        }
        return try ExpertLabels.load(from: sheets, dimensionNames: names, runIDs: runIDs)
    }

    /// This file's dimensions that every sheet also has as a column (matched
    /// as ``ExpertLabels`` matches them: without case, surrounding spaces or a
    /// spreadsheet's `'`), in this file's order. A sheet of long ratings
    /// (``LongRatings``: `item,rater,score,dimension`) has the dimensions its
    /// `dimension` column names; without that column, it rates this file's one dimension.
    ///
    /// - Throws: ``SheetsMismatch`` naming this file when there are none; ``InputError`` for a long sheet that does not read.
    public func sharedDimensions(with sheets: [URL]) throws -> [String] {
        let headers = try sheets.map { url in
            let data = try InputFile.read(url), name = InputFile.displayName(url)
            let header = try CSVReader().columns(in: .data(data), file: name)
            guard LongRatings.isLong(header: header) else { return header.map(LabelSheetColumns.key) }
            let long = try LongRatings(CSVReader().read(data, file: name))
            return long.hasDimension ? long.dimensions.map(LabelSheetColumns.columnKey) : dimensions.count == 1 ? dimensions.map(LabelSheetColumns.columnKey) : []
        }
        let shared = dimensions.filter { d in headers.allSatisfy { $0.contains(LabelSheetColumns.columnKey(d)) } }
        guard !shared.isEmpty else {
            throw SheetsMismatch(
                InputError(
                    file: file, line: 1,
                    message:
                        "shares no dimension column with the label sheets (its dimensions: \(dimensions.joined(separator: ", "))); name the columns alike or give the rubric"
                ),
                .noSharedDimension(dimensions))
        }
        return shared
    }

    /// One sentence per dimension of `report` whose judge values went beyond
    /// its scale: how many were counted as judge failures (off-scale).
    public func offScaleNotes(for report: AlignmentReport) -> [String] {
        report.dimensions.compactMap { d in
            guard let scale = d.scale, let column = dimension(matching: d.name) else { return nil }
            let off = offScaleCount(dimension: column, scale: scale)
            guard off > 0 else { return nil }
            return "\(d.name): \(off) judge values beyond the scale \(scale) counted as judge failures (off-scale), never scored"
        }
    }
}
