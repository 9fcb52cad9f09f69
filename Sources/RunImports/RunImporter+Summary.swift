public import CalibrationData
import DataFormats
public import Foundation

extension RunImporter {
    /// What `import` wrote: the run, the dimensions of the judge-scores file when one was asked for, and the
    /// label sheet of the export's human ratings when it had some.
    public struct Imported: Sendable {
        /// The frozen run.
        public var run: FrozenRun
        /// The judge-scores file written, if one was asked for.
        public var scores: String?
        /// The score dimensions written to the judge-scores file (empty when none was written).
        public var scoreDimensions: [String]
        /// The label sheet written beside the run, if the export had ratings (``ImportedRun``).
        public var labelSheet: String?
        /// The ratings in that sheet.
        public var ratings: ImportedRatings?

        /// What was written.
        public init(
            run: FrozenRun, scores: String? = nil, scoreDimensions: [String] = [], labelSheet: String? = nil,
            ratings: ImportedRatings? = nil
        ) {
            self.run = run
            self.scores = scores
            self.scoreDimensions = scoreDimensions
            self.labelSheet = labelSheet
            self.ratings = ratings
        }
    }

    /// Imports the export at `url` and writes the run to `output`, with the label sheet of its human
    /// ratings beside it (``RunImporter/importRun(from:format:name:labelColumns:)``, ``ImportedRun/files(runTo:)``)
    /// and, for an Inspect log with `scores`, the scorers' scores as a judge-scores file
    /// (``InspectLog/judgeScoresJSONLines()``): every file or none.
    ///
    /// - Throws: ``InputError`` for a malformed export, or `scores` asked of a format other than
    ///   Inspect's; ``LabelSheet/SettingsError`` for label columns given wrongly; ``OutputError``
    ///   when a file cannot be written.
    public static func importAndSave(
        from url: URL, format: RunFormat, name: String?, output: String, scores: String?, labelColumns: [String] = []
    ) throws -> Imported {
        if let scores { try StagedOutputs.check(scores, role: "judge-scores file") }
        guard scores == nil || format == .inspect else {
            throw InputError(
                file: InputFile.displayName(url), message: "is not an Inspect log; only an Inspect log has scorer scores to write")
        }
        let imported = try importRun(from: url, format: format, name: name, labelColumns: labelColumns)
        var (files, sheet) = try imported.files(runTo: output)
        var dimensions: [String] = []
        if let scores {
            let log = try InspectLog.load(from: url)
            files.append((log.judgeScoresJSONLines(), scores, "judge-scores file"))
            dimensions = log.scoreDimensions
        }
        try StagedOutputs.writeAllOrNone(files)
        return Imported(run: imported.run, scores: scores, scoreDimensions: dimensions, labelSheet: sheet, ratings: imported.ratings)
    }

    /// What `judgecal import` prints once the run is written to `output`: a line of text
    /// (`imported 42 rows (jsonl) from export.jsonl into book-tags.run.jsonl`, then for an
    /// Inspect log's scores `; scores of includes into S`, then for a label sheet a line
    /// `wrote 1260 labels of 420 rows by 3 raters on 4 dimensions into …`), or with `json` the object
    /// `{"format", "name", "output", "rows", "labels", "labelled"}` (and `scores`, `scoreDimensions`) as
    /// compact JSON, `labels` (the sheet's path) and `labelled` (rows with a label) `null` without ratings.
    public static func summary(
        of imported: Imported, format: RunFormat, from source: String, into output: String, json: Bool
    ) -> String {
        let run = imported.run
        let ratings = imported.ratings
        guard json else {
            var line = "imported \(run.rows.count) rows (\(format.name)) from \(source) into \(output)"
            if let scores = imported.scores {
                line += "; scores of \(imported.scoreDimensions.joined(separator: ", ")) into \(scores)"
            }
            guard let ratings, let sheet = imported.labelSheet else { return line }
            let raters = Set(ratings.ratings.map(\.rater)).count
            return line + "\nwrote \(ratings.ratings.count) labels of \(ratings.ratedRows) rows by \(raters) "
                + (raters == 1 ? "rater" : "raters") + " on \(ratings.dimensions.count) "
                + (ratings.dimensions.count == 1 ? "dimension" : "dimensions") + " into \(sheet)"
        }
        var summary: [String: JSONValue] = [
            "output": .string(output), "format": .string(format.name), "rows": .number(Double(run.rows.count)),
            "name": .string(run.info.name), "labels": imported.labelSheet.map(JSONValue.string) ?? .null,
            "labelled": ratings.map { .number(Double($0.ratedRows)) } ?? .null,
        ]
        if let scores = imported.scores {
            summary["scores"] = .string(scores)
            summary["scoreDimensions"] = .array(imported.scoreDimensions.map(JSONValue.string))
        }
        return JSONValue.object(summary).compactJSON
    }
}
