public import CalibrationData
import DataFormats
public import Foundation

/// Human ratings that came with an export, read at import and written as a
/// label sheet beside the run (``LabelSheet/init(ratings:)``): the columns of
/// the label columns an import is asked for, or JUDGE-BENCH's individual human scores.
public struct ImportedRatings: Sendable, Hashable {
    /// One rater's score for one row on one dimension, as written in the export.
    public struct Rating: Sendable, Hashable {
        /// The run row's id.
        public var id: String
        /// Who rated it; empty for the sheet's default rater (its file name).
        public var rater: String
        /// The dimension.
        public var dimension: String
        /// The score's text: a number as ``DataFormats/Double/plainText`` writes it, a label as it is.
        public var value: String
    }

    /// The dimensions, in the order given (or the export's order).
    public var dimensions: [String]
    /// The ratings, rows in run order.
    public var ratings: [Rating] = []

    /// How many rows have at least one rating.
    public var ratedRows: Int { Set(ratings.map(\.id)).count }
}

/// A frozen run and the human ratings imported with it.
public struct ImportedRun: Sendable {
    /// The run.
    public var run: FrozenRun
    /// The ratings, when the export had some to read (`nil` otherwise).
    public var ratings: ImportedRatings?

    /// Where the label sheet of the run written at `runPath` goes: beside it,
    /// `NAME.labels.csv` for `NAME.run.jsonl` (else the file's name without its last extension).
    public static func labelSheetPath(besideRun runPath: String) -> String {
        let url = URL(fileURLWithPath: runPath)
        var name = url.lastPathComponent
        for suffix in [".run.jsonl", ".jsonl"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        if name == url.lastPathComponent { name = url.deletingPathExtension().lastPathComponent }
        let folder = (runPath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "\(name).labels.csv" : "\(folder)/\(name).labels.csv"
    }

    /// The run's file at `runPath` and, when there are ratings, the label sheet beside it
    /// (``labelSheetPath(besideRun:)``), to be written all or none; and the sheet's path (`nil` for none).
    public func files(runTo runPath: String) throws -> (files: [(data: Data, path: String, role: String)], labelSheet: String?) {
        var files = [(data: try run.jsonLines(), path: runPath, role: "run file")]
        let sheetPath = ratings.map { _ in Self.labelSheetPath(besideRun: runPath) }
        if let ratings, let sheetPath {
            files.append((Data(LabelSheet(ratings: ratings).csv.utf8), sheetPath, "label sheet"))
        }
        return (files, sheetPath)
    }
}

extension RunImporter {
    /// Imports the export at `url` with the human ratings it holds: with
    /// `labelColumns`, those fields of each record (JSON Lines, CSV), each
    /// `FIELD` (a dimension named after the field's last path component) or
    /// `DIMENSION=FIELD`; for JUDGE-BENCH, each metric's
    /// `individual_human_scores`, the k-th score of an instance as rater
    /// `annotator-k` (every metric, or the ones `labelColumns` names).
    /// A label field is not repeated in the row's metadata, so the judge does
    /// not see it; a blank or `null` value is no rating.
    ///
    /// - Throws: ``LabelSheet/SettingsError`` for label columns given wrongly (a
    ///   format without them, a field given twice or mapped to the row, an
    ///   unknown JUDGE-BENCH metric); ``InputError`` for a value that is not a
    ///   number or text, naming file, line and field.
    public static func importRun(from url: URL, format: RunFormat, name: String? = nil, labelColumns: [String]) throws
        -> ImportedRun
    {
        let columns = try LabelColumn.parse(labelColumns, format: format)
        return try importRows(from: url, format: format, name: name, labels: columns)
    }

    /// The text of a rating as the sheet holds it, or `nil` for none (`null`, blank).
    ///
    /// - Throws: ``InputError`` at `file`, `line` and `column` for an object, an array or a boolean.
    static func ratingText(_ value: JSONValue?, file: String, line: Int?, column: String) throws(InputError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .number(let d)?: return d.plainText
        case .string(let s)?:
            let trimmed = s.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        case let other?:
            throw InputError(
                file: file, line: line, column: column,
                message: "\(other.compactJSON) is not a rating; expected a number or a level's label")
        }
    }
}

/// One label column an import is asked for: the dimension and the field it is read from.
struct LabelColumn: Sendable, Hashable {
    var dimension: String
    var path: String

    /// `specs` as label columns for `format`.
    static func parse(_ specs: [String], format: RunFormat) throws -> [LabelColumn] {
        guard !specs.isEmpty else { return [] }
        switch format {
        case .evaluationResult, .xcodeResult, .inspect, .openAIChat:
            throw LabelSheet.SettingsError(.labelColumnsOfFormat(format.name))
        case .judgeBench, .jsonRecords, .csv: break
        }
        let columns = specs.map { spec in
            let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
            let path = parts.last ?? spec
            return LabelColumn(dimension: parts.count == 2 ? parts[0] : String(path.split(separator: ".").last ?? ""), path: path)
        }
        var seen: Set<String> = []
        for column in columns where column.path.isEmpty || column.dimension.isEmpty || !seen.insert(column.path).inserted {
            throw LabelSheet.SettingsError(.labelColumnRepeated(column.path))
        }
        if let problem = LabelSheetColumns.problem(dimensionNames: columns.map(\.dimension)) {
            throw LabelSheet.SettingsError(.labelColumnNames(problem))
        }
        return columns
    }
}
