public import CalibrationData
import DataFormats
public import Foundation

/// A run's judgments and expert labels as one tidy long table for notebooks
/// (`judgecal export`): one line per row × dimension × rater, so that
/// `pandas.read_csv` followed by a pivot on `rater` gives the paired scores
/// every agreement statistic is computed from (docs/FORMATS.md, "Tidy export").
///
/// Columns, in order (``columns``):
/// - `row_id`: the run's row id;
/// - `dimension`: the dimension, spelled as the rubric (or the first judgments file) spells it;
/// - `rater`: `judge:<model>` for a judgments file that names its model,
///   `judge:<file>` for one that does not, or the expert's name from the label sheet;
/// - `role`: `judge` or `expert`;
/// - `value`: the score as a plain number (`3`, `0.5`), empty when there is none;
/// - `rationale`: the judge's rationale, or the expert's note;
/// - `failure`: why a judge line has no value (the judge's failure message,
///   `not-judged` for a run row the file lacks), `no-score` for an expert's
///   blank cell; empty otherwise;
/// - `split`: `development`, `validation` or `test` from a splits record, empty without one or for a row it lacks;
/// - `example`: `true` for a row the rubric cites as a worked example, which `align` leaves out of its figures; else `false`.
///
/// Labels read from a Label Studio export add two columns at the end (``labelStudioColumns``):
/// `lead_time`, the seconds the annotator spent (`lead_time` in the export), and `ground_truth`,
/// `true` or `false` as the export marks the annotation; both empty on judge lines. Without such
/// labels the table has the columns above only.
///
/// Judge lines cover every run row (in run order) for every dimension, so the
/// rows a judge did not score are counted, not dropped; expert lines cover the
/// labelled rows. Nothing is averaged or rounded.
public struct TidyExport: Sendable, Hashable {
    /// One line of the table.
    public struct Line: Sendable, Hashable {
        public var rowID: String
        public var dimension: String
        public var rater: String
        public var role: String
        public var value: Double?
        public var rationale: String?
        public var failure: String?
        public var split: LabelSplit?
        public var example = false
        public var leadTime: Double? = nil
        public var groundTruth: Bool? = nil
    }

    /// The export formats, by the names the export's `format` setting takes.
    public enum Format: String, Sendable, CaseIterable {
        /// CSV (RFC 4180) with a header, cells made inert for spreadsheets (``DataFormats/CSVWriter/spreadsheetSafe(_:)``).
        case csv
        /// JSON Lines, one object per line with the same keys; `value` a number or `null`, empty text `null`.
        case jsonl
    }

    /// The column names, in order.
    public static let columns = ["row_id", "dimension", "rater", "role", "value", "rationale", "failure", "split", "example"]

    /// The columns added when any label came from a Label Studio export.
    public static let labelStudioColumns = ["lead_time", "ground_truth"]

    /// The table's columns: ``columns``, then ``labelStudioColumns`` when a line has a lead time or a ground-truth flag.
    public var header: [String] {
        lines.contains { $0.leadTime != nil || $0.groundTruth != nil } ? Self.columns + Self.labelStudioColumns : Self.columns
    }

    /// How many annotations of Label Studio exports among the labels were skipped or cancelled and
    /// left out (``CalibrationData/ExpertLabels/cancelledAnnotations``); `nil` when none was read.
    public var cancelledAnnotations: Int? = nil

    /// The lines: judges' first (file by file, run rows in order, dimensions in order), then experts' in sheet order.
    public var lines: [Line]

    /// The table of `run`'s judgments and labels.
    ///
    /// - Parameters:
    ///   - dimensions: the dimensions to write, in order.
    ///   - judgments: judge scores files (``ExternalJudgeScores``), one rater each.
    ///   - labels: the expert labels, if any.
    ///   - splits: a splits record, if any.
    ///   - exampleRows: the rows the rubric cites as worked examples.
    /// - Throws: ``InputError`` when a judgments file names a row the run lacks
    ///   or two judgments files would be the same rater.
    public init(
        run: FrozenRun, dimensions: [String], judgments: [ExternalJudgeScores], labels: ExpertLabels?, splits: LabelSplits?,
        exampleRows: Set<String> = []
    ) throws {
        let splitOf = Dictionary(splits?.rows.map { ($0.id, $0.split) } ?? []) { a, _ in a }
        var lines: [Line] = []
        var raters: [String: String] = [:]
        for file in judgments {
            try file.checkRows(of: run)
            let rater = "judge:" + (file.model ?? URL(fileURLWithPath: file.file).deletingPathExtension().lastPathComponent)
            if let other = raters.updateValue(file.file, forKey: rater) {
                throw InputError(file: file.file, message: "names the same judge (\(rater)) as \(other); export one of them")
            }
            for row in run.rows {
                for dimension in dimensions {
                    var line = Line(
                        rowID: row.id, dimension: dimension, rater: rater, role: "judge", split: splitOf[row.id],
                        example: exampleRows.contains(row.id))
                    let spelled = file.dimension(matching: dimension) ?? dimension
                    if let score = file.scores[spelled]?[row.id] {
                        line.value = score.value
                        line.rationale = score.rationale
                    } else {
                        line.failure = file.failures[spelled]?[row.id] ?? "not-judged"
                    }
                    lines.append(line)
                }
            }
        }
        for label in labels?.labels ?? [] {
            for dimension in dimensions {
                let value = label.scores[dimension]
                lines.append(
                    Line(
                        rowID: label.id, dimension: dimension, rater: label.rater, role: "expert", value: value, rationale: label.note,
                        failure: value == nil ? "no-score" : nil, split: splitOf[label.id], example: exampleRows.contains(label.id),
                        leadTime: label.leadTime, groundTruth: label.groundTruth))
            }
        }
        self.lines = lines
    }

    /// The table in `format`.
    public func rendered(_ format: Format) -> Data {
        switch format {
        case .csv:
            let writer = CSVWriter()
            let header = header
            let records = lines.map { line in
                writer.record(cells(line, count: header.count).map { CSVWriter.spreadsheetSafe($0 ?? "") })
            }
            return Data((writer.record(header) + records.joined()).utf8)
        case .jsonl:
            let header = header
            let records = lines.map { line in
                var object = Dictionary(
                    uniqueKeysWithValues: zip(header, cells(line, count: header.count).map { $0.map(JSONValue.string) ?? .null }))
                object["value"] = line.value.map(JSONValue.number) ?? .null
                object["example"] = .bool(line.example)
                if header.count > Self.columns.count {
                    object["lead_time"] = line.leadTime.map(JSONValue.number) ?? .null
                    object["ground_truth"] = line.groundTruth.map(JSONValue.bool) ?? .null
                }
                return JSONValue.object(object).compactJSON + "\n"
            }
            return Data(records.joined().utf8)
        }
    }

    /// A line's first `count` cells as text (`nil` for an empty cell): ``columns``, then ``labelStudioColumns``.
    private func cells(_ line: Line, count: Int) -> [String?] {
        func text(_ s: String?) -> String? { s?.isEmpty == false ? s : nil }
        let all: [String?] = [
            line.rowID, line.dimension, line.rater, line.role, line.value.map { JSONValue.number($0).plainText }, text(line.rationale),
            text(line.failure), line.split?.rawValue, String(line.example), line.leadTime.map { JSONValue.number($0).plainText },
            line.groundTruth.map { String($0) },
        ]
        return Array(all.prefix(count))
    }
}
