public import DataFormats
import EvaluationCore
public import Foundation
public import Judging

/// Expert scores for the rows of a run, from one or more label sheets
/// (`calibration/*.labels.csv`), one label per (row id, rater).
///
/// A sheet in long form (`item,rater,score[,dimension]`) is read too
/// (``readLong(_:columns:runIDs:values:)``), and so is a Label Studio JSON export of a project
/// made from the files `extract` writes for Label Studio (``readLabelStudio(_:file:columns:runIDs:)``).
///
/// A sheet is a CSV file with a header row: `id`; one column per rubric
/// dimension, matched to the dimension's name without regard to case
/// (`relevance` ↔ `Relevance`); optionally `rater` and `note`; any other
/// columns are context for the expert's eyes and are ignored. A blank cell is
/// a missing score. A sheet without a `rater` column is one rater's, named
/// after the file (`book-tags.labels.csv` → `book-tags`); a blank `rater`
/// cell is that default too.
///
/// **Values.** A score is a level of the dimension's scale, written as its
/// label (`4`, `pass`) or, on numeric scales, as any number equal to a level's
/// value (`4.0`). With ``ValueMode/means`` (sheets of averaged expert scores,
/// such as SummEval's 2.3333333333333335) a number that is not a level is
/// accepted when it lies within the scale's lowest and highest values;
/// with ``ValueMode/levels`` (the default) it is an error.
///
/// Dimensions with no declared scale (``load(from:dimensionNames:runIDs:)``)
/// take any finite number, kept as it is.
///
/// Every problem is an ``InputError`` naming the file, the line and the column:
/// a value off the scale, a value that is neither a number nor a level, a
/// blank or unknown id (not a row of the run), an (id, rater) pair labelled
/// twice (across files too), a missing `id` column, a rubric dimension with no
/// column, and a sheet with no labels. The header is checked before any row:
/// two columns that match one dimension (or `id`, `rater` or `note`) without
/// regard to case are an error, never one of them kept silently; so are
/// dimensions that could not each have a column of their own — two names
/// equal without regard to case, or a dimension named `id`, `rater` or
/// `note`.
public struct ExpertLabels: Sendable, Hashable {
    /// Whether scores must be levels of the scale or may be averages of levels.
    public enum ValueMode: String, Sendable, Hashable, CaseIterable {
        /// Each score is one level of the scale.
        case levels
        /// Scores are means of several experts' levels: any number within [lowest, highest].
        case means
    }

    /// One row of a sheet: one rater's scores for one run row.
    public struct Label: Sendable, Hashable {
        /// The run row's id.
        public var id: String
        /// Who labelled it.
        public var rater: String
        /// The score per dimension (the rubric's spelling); a missing score is absent.
        public var scores: [String: Double]
        /// The expert's note, if any.
        public var note: String?
        /// The sheet it came from, as named to the reader.
        public var file: String
        /// Its line in that sheet (1-based; the header is line 1).
        public var line: Int
        /// The row's probability of being in the label set, from the sheet's
        /// `inclusion_probability` column (brought up to date by the later
        /// batches read with it: ``load(from:dimensions:runIDs:values:)``);
        /// `nil` for a sheet without sampling columns.
        public var inclusionProbability: Double? = nil
        /// The strategy that drew the row (`sampling_strategy`).
        public var samplingStrategy: SamplingStrategy? = nil
        /// The batch that drew the row (`sampling_batch`, from 1).
        public var samplingBatch: Int? = nil
        /// The row's stratum, an opaque key (`sampling_stratum`).
        public var samplingStratum: String? = nil
        /// The row's batch-wise Horvitz–Thompson weight, for a judge-stratified set of several batches,
        /// where π is only the probability given a label-informed allocation
        /// (``assignBatchwiseWeights()``); `nil` where π is exact.
        public var batchwiseWeight: Double? = nil
        /// Whether Label Studio marks the annotation as ground truth (`ground_truth`); `nil` for a CSV sheet.
        public var groundTruth: Bool? = nil
        /// The seconds the annotator spent on it, as Label Studio records them (`lead_time`); `nil` for a CSV sheet.
        public var leadTime: Double? = nil

        /// The probability the statistics weigh the row by: 1 / ``batchwiseWeight`` when there is one,
        /// else ``inclusionProbability`` (the recorded π, which the sampling frame is checked against).
        public var effectiveInclusionProbability: Double? {
            batchwiseWeight.map { 1 / $0 } ?? inclusionProbability
        }
    }

    /// What to do with a label of a row the run does not have.
    public enum RowsOutsideRun: Sendable, Hashable {
        /// An error naming the file, line and id (what estimation needs: the
        /// labelled rows must be a sample of the run).
        case refused
        /// Left out of ``labels`` and counted in ``rowsOutsideRun`` (a sheet
        /// that covers more than this run, for `align` and `compare`).
        case counted
    }

    /// The labels in file order, files in the order given.
    public internal(set) var labels: [Label]
    /// The dimensions read, in rubric order.
    public let dimensions: [String]
    /// How many labelled rows (distinct ids) were not rows of the run and were
    /// left out (``RowsOutsideRun/counted``); `nil` when they are refused or not checked.
    public internal(set) var rowsOutsideRun: Int? = nil
    /// How many annotations of Label Studio exports were skipped or cancelled (`was_cancelled`) and
    /// left out; `nil` when no export was read.
    public internal(set) var cancelledAnnotations: Int? = nil

    /// How the labelled rows were drawn, when the sheets say
    /// (`inclusion_probability` and the other sampling columns); `nil` otherwise.
    public var sampling: LabelSampling? {
        guard let strategy = labels.first?.samplingStrategy else { return nil }
        return LabelSampling(strategy: strategy, batches: labels.compactMap(\.samplingBatch).max() ?? 1)
    }

    /// The raters in order of first appearance.
    public var raters: [String] {
        var seen: Set<String> = []
        return labels.map(\.rater).filter { seen.insert($0).inserted }
    }

    /// These labels on the rows in `ids` only (a split's rows, ``SplitSelection``).
    public func restricted(to ids: Set<String>) -> ExpertLabels {
        var copy = self
        copy.labels = labels.filter { ids.contains($0.id) }
        return copy
    }

    /// One rater's scores on one dimension, by row id.
    public func scores(dimension: String, rater: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for label in labels where label.rater == rater {
            if let score = label.scores[dimension] { result[label.id] = score }
        }
        return result
    }

    /// Reads the sheets at `urls`, merging their raters; one file given twice
    /// (under any path) is an error.
    ///
    /// - Parameters:
    ///   - dimensions: the rubric dimensions to read; each needs a column in every sheet.
    ///   - runIDs: the ids of the run's rows; an id outside it is an error. `nil` skips the check.
    ///   - values: whether scores must be levels (default) or may be means of levels.
    ///   - outsideRun: with `runIDs`, whether a label of a row outside the run is an error (the
    ///     default) or left out and counted (``rowsOutsideRun``).
    /// - Throws: ``InputError`` naming file, line and column; an unreadable file as ``InputFile/read(_:)`` throws.
    public static func load(
        from urls: [URL], dimensions: [ScoreDimension], runIDs: Set<String>? = nil, values: ValueMode = .levels,
        outsideRun: RowsOutsideRun = .refused
    ) throws -> ExpertLabels {
        let columns = dimensions.map { Column(name: $0.name, scale: $0.scale) }
        guard outsideRun == .counted, let runIDs else { return try load(from: urls, columns: columns, runIDs: runIDs, values: values) }
        var all = try load(from: urls, columns: columns, runIDs: nil, values: values)
        all.rowsOutsideRun = Set(all.labels.map(\.id).filter { !runIDs.contains($0) }).count
        all.labels.removeAll { !runIDs.contains($0.id) }
        return all
    }

    /// Reads the sheets at `urls` for dimensions that have no declared scale
    /// (a judge's scores made elsewhere, aligned without a rubric or a declared scale):
    /// every score must be a finite number and is kept as it is.
    ///
    /// - Parameters:
    ///   - dimensionNames: the dimensions to read; each needs a column in every sheet.
    ///   - runIDs: the ids of the run's rows; an id outside it is an error. `nil` skips the check.
    /// - Throws: ``InputError`` naming file, line and column, as ``load(from:dimensions:runIDs:values:)`` does.
    public static func load(from urls: [URL], dimensionNames: [String], runIDs: Set<String>? = nil) throws -> ExpertLabels {
        try load(from: urls, columns: dimensionNames.map { Column(name: $0, scale: nil) }, runIDs: runIDs, values: .means)
    }

    /// A dimension to read and its scale, if one is declared.
    struct Column {
        var name: String
        var scale: ScoringScale?
    }

    private static func load(from urls: [URL], columns: [Column], runIDs: Set<String>?, values: ValueMode) throws -> ExpertLabels {
        var merged = ExpertLabels(labels: [], dimensions: columns.map(\.name))
        // A pair repeated within one sheet is refused as that sheet is read; across sheets, here.
        var seen: [String: (file: String, line: Int)] = [:]
        var given: [String: String] = [:]
        for url in urls {
            let file = InputFile.displayName(url)
            // The same sheet twice would be every (id, rater) pair "already labelled" on its own line.
            let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
            if let earlier = given.updateValue(file, forKey: resolved) {
                let also = earlier == file ? "" : " (also as \(earlier))"
                throw InputError(file: file, message: "is given twice\(also); give each label sheet once")
            }
            let sheet = try read(
                try InputFile.read(url), file: file, defaultRater: defaultRater(for: url), columns: columns, runIDs: runIDs,
                values: values)
            for label in sheet.labels where urls.count > 1 {
                if let first = seen.updateValue((label.file, label.line), forKey: label.id + "\u{0}" + label.rater) {
                    let place = first.file == label.file ? "line \(first.line)" : "\(first.file) line \(first.line)"
                    throw InputError(
                        file: label.file, line: label.line, column: "id",
                        message: "\(label.id) was already labelled by \(label.rater) on \(place); each (id, rater) pair is labelled once")
                }
            }
            merged.labels.append(contentsOf: sheet.labels)
            if let cancelled = sheet.cancelledAnnotations {
                merged.cancelledAnnotations = (merged.cancelledAnnotations ?? 0) + cancelled
            }
        }
        try merged.reconcileSampling()
        return merged
    }

    /// Reads one sheet, or a Label Studio JSON export (``readLabelStudio(_:file:columns:runIDs:)``).
    ///
    /// - Parameter defaultRater: the rater of rows without a `rater` value (not used for an export).
    /// - Throws: ``InputError`` naming file, line and column.
    public static func read(
        _ data: Data, file: String, defaultRater: String, dimensions: [ScoreDimension], runIDs: Set<String>? = nil,
        values: ValueMode = .levels
    ) throws(InputError) -> ExpertLabels {
        try read(
            data, file: file, defaultRater: defaultRater, columns: dimensions.map { Column(name: $0.name, scale: $0.scale) },
            runIDs: runIDs,
            values: values)
    }

    /// The rater of a sheet without a `rater` column: its file name without `.labels.csv` or `.csv`.
    public static func defaultRater(for url: URL) -> String {
        let name = url.lastPathComponent
        for suffix in [".labels.csv", ".csv"] where name.lowercased().hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// A cell's value on the dimension's scale.
    static func score(
        _ cell: String, dimension: Column, values: ValueMode, file: String, line: Int, column: String
    ) throws(InputError) -> Double {
        guard let scale = dimension.scale else {
            guard let number = Double(cell), number.isFinite else {
                throw InputError(
                    file: file, line: line, column: column,
                    message: "'\(cell)' is not a number; dimension \(dimension.name) has no declared scale, so its labels must be numbers")
            }
            return number
        }
        if let level = scale.level(labelled: cell) {
            return level.value
        }
        guard let number = Double(cell), number.isFinite else {
            throw InputError(
                file: file, line: line, column: column, message: "'\(cell)' is neither a number nor a level of the scale \(scale.summary)")
        }
        if let level = scale.level(valued: number) { return level.value }
        let bounds = scale.levels.map(\.value)
        if values == .means, let low = bounds.min(), let high = bounds.max(), number >= low, number <= high { return number }
        let hint = values == .means ? "" : " (for averaged scores, declare the sheet as means)"
        throw InputError(file: file, line: line, column: column, message: "\(cell) is not on the scale \(scale.summary)\(hint)")
    }
}
