import AgreementStatistics
import Calibration
import CommandLineParsing
import DataFormats
import EvaluationCore
import Foundation

/// How a ratings file is written.
enum InputFormat: String, CaseIterable, ArgumentValue {
    case csv, tsv, jsonl

    /// The format a file's extension names, if any.
    init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "jsonl", "ndjson", "json": self = .jsonl
        default: return nil
        }
    }
}

/// The ratings `judgecal agreement` reads: one group of items, or one per
/// value of the `--group-by` field.
struct AgreementInput: Sendable {
    /// The file as the user named it.
    var file: String
    /// The groups in order of first appearance; a single group with a `nil` key without `--group-by`.
    var groups: [(key: String?, ratings: RaterRatings)]
    /// The categories: `--categories`, or the header of a contingency table.
    var scale: CategoryScale?
    /// How many rows (items) were read.
    var rowCount: Int

    /// Where to read and what to select.
    struct Selection: Sendable {
        var path: String
        var format: InputFormat?
        var isTable: Bool
        var raters: [String]
        var id: String?
        var groupBy: String?
        var scale: CategoryScale?
    }

    /// Reads the file and selects the rater columns.
    ///
    /// - Throws: ``CommandFailure`` with ``ExitCode/noInput`` for a file that
    ///   cannot be read, with ``ExitCode/dataError`` for an ``InputError``, and
    ///   ``UsageError`` for options that contradict each other.
    static func load(_ selection: Selection) throws -> AgreementInput {
        let format =
            try selection.format ?? InputFormat(path: selection.path)
            ?? {
                throw UsageError("cannot tell the format of '\(selection.path)' from its extension; add --format csv, tsv or jsonl")
            }()
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: selection.path))
        } catch {
            throw CommandFailure("cannot read '\(selection.path)': \(error.localizedDescription)", exitCode: .noInput)
        }
        do {
            if selection.isTable {
                return try contingencyTable(data, format: format, selection: selection)
            }
            return try ratings(data, format: format, selection: selection)
        } catch let error as InputError {
            throw CommandFailure(error.description, exitCode: .dataError)
        }
    }

    private static func contingencyTable(_ data: Data, format: InputFormat, selection: Selection) throws -> AgreementInput {
        guard format != .jsonl else { throw UsageError("--table reads a CSV or TSV table of counts, not JSON Lines") }
        let table = try CSVReader(separator: format == .tsv ? "\t" : ",").read(data, file: selection.path)
        let counts = try table.contingencyTable(scale: selection.scale)
        var first: [Double?] = []
        var second: [Double?] = []
        for i in 0..<counts.k {
            for j in 0..<counts.k {
                first += repeatElement(Double?.some(counts.scale.values[i]), count: counts[i, j])
                second += repeatElement(Double?.some(counts.scale.values[j]), count: counts[i, j])
            }
        }
        let ratings = RaterRatings(raters: ["rows", "columns"], ratings: [first, second], itemCount: first.count)
        return AgreementInput(file: selection.path, groups: [(nil, ratings)], scale: counts.scale, rowCount: first.count)
    }

    private static func ratings(_ data: Data, format: InputFormat, selection: Selection) throws -> AgreementInput {
        let wanted = selection.raters + [selection.id, selection.groupBy].compactMap { $0 }
        let table: RecordTable
        switch format {
        case .csv: table = try CSVReader().read(data, file: selection.path)
        case .tsv: table = try CSVReader(separator: "\t").read(data, file: selection.path)
        case .jsonl: table = try JSONRecords.table(data, paths: Array(Set(wanted)).sorted(), file: selection.path)
        }
        let raterColumns = try selection.raters.map { name throws(InputError) in try table.requireColumn(named: name) }
        if let id = selection.id {
            try checkIdentifiers(table, column: try table.requireColumn(named: id))
        }
        let groups: [(key: String?, rows: [Int])]
        if let field = selection.groupBy {
            groups = table.groups(by: try table.requireColumn(named: field)).map { ($0.key, $0.rows) }
        } else {
            groups = [(nil, Array(0..<table.rowCount))]
        }
        let rated = try groups.map { group throws(InputError) in
            let columns = try raterColumns.map { c throws(InputError) in
                try table.ratings(column: c, rows: group.rows, scale: selection.scale)
            }
            return (group.key, RaterRatings(raters: selection.raters, ratings: columns, itemCount: group.rows.count))
        }
        return AgreementInput(file: selection.path, groups: rated, scale: selection.scale, rowCount: table.rowCount)
    }

    /// Every item needs an id, and no two the same.
    private static func checkIdentifiers(_ table: RecordTable, column: Int) throws(InputError) {
        var seen: [String: Int] = [:]
        for r in 0..<table.rowCount {
            let id = table[r, column]
            if id.trimmingCharacters(in: .whitespaces).isEmpty {
                throw InputError(
                    file: table.file, line: table.lines[r], column: table.columns[column], message: "the id is blank; every item needs one")
            }
            if let first = seen[id] {
                throw InputError(
                    file: table.file, line: table.lines[r], column: table.columns[column],
                    message: "the id '\(id)' was already used on line \(first); ids must be unique")
            }
            seen[id] = table.lines[r]
        }
    }
}
