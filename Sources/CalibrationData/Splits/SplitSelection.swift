import DataFormats
public import Foundation
public import Judging

/// A command's labels restricted to one split (a split chosen, such as `validation`, and
/// `certify` on test), with the split's record read and brought up to date with
/// the labels; the record is written back (the first use writes it) by ``writeRecord()``,
/// which a command calls with its outputs, so that a command that fails writes no record.
public struct SplitSelection: Sendable {
    /// The split the figures are computed on.
    public let split: LabelSplit
    /// The record, up to date with the labels.
    public let splits: LabelSplits
    /// The labels on the split's rows only.
    public let labels: ExpertLabels
    /// What changed since the record was written, and that it was first written, for the reader
    /// (a small test split's advice in the bound ``SplitWording``).
    public let notes: [String]
    /// What a report and the history name the split by.
    public let reference: SplitReference
    /// Where the record is, and whether it is new or changed and so to be written.
    private let file: URL
    private let recordChanged: Bool

    /// Reads (or first makes) the split record at `file` for the label sheets
    /// `sheets`, reconciles it with `labels`, and keeps the labels of `split` only;
    /// nothing is written here (``writeRecord()``).
    ///
    /// - Parameters:
    ///   - file: the record; `nil` for ``LabelSplits/defaultFile(for:)``.
    ///   - proportions: the shares for a new record; `nil` for 50/25/25. A
    ///     record that exists keeps its own, and asking for others is an error.
    ///   - sealedRows: rows an earlier certificate judged as sealed test rows, each with the
    ///     certificate's description: they must still be test rows, so a record made again (deleted,
    ///     or its seed edited) cannot turn them into rows to tune on. Checked before anything is written.
    /// - Throws: ``SplitError`` when the split has no labelled row or other
    ///   shares are asked of an existing record; ``InputError`` for a record
    ///   that does not read, or that puts a sealed row outside test.
    public init(
        _ split: LabelSplit, labels: ExpertLabels, sheets: [URL], file: URL? = nil, proportions: SplitProportions? = nil,
        sealedRows: [String: String] = [:]
    ) throws {
        let url = file ?? LabelSplits.defaultFile(for: sheets)
        let sheetRecords = try LabelSplits.sheets(sheets)
        var notes: [String] = []
        let record: LabelSplits
        let changed: Bool
        if FileManager.default.fileExists(atPath: url.path) {
            let recorded = try LabelSplits.load(from: url)
            if let proportions, proportions != recorded.proportions {
                throw SplitError(
                    "\(InputFile.displayName(url)) records the shares \(recorded.proportions.percentages); the rows cannot be "
                        + "split again as \(proportions.percentages) without discarding every look and certificate made on "
                        + "them (move the record away to start afresh)")
            }
            let (updated, changes) = recorded.reconciled(with: labels, sheets: sheetRecords)
            notes = changes.notes
            record = updated
            try Self.check(record, keeps: sealedRows, file: url)
            changed = updated != recorded
        } else {
            record = LabelSplits(labels: labels, sheets: sheetRecords, proportions: try proportions ?? SplitProportions())
            try Self.check(record, keeps: sealedRows, file: url)
            changed = true
            let counts = LabelSplit.allCases.map { "\(record.rowIDs(in: $0).count) \($0.rawValue)" }.joined(separator: ", ")
            notes = ["split the \(record.rows.count) labelled rows into \(counts); recorded in \(InputFile.displayName(url))"]
            let testRows = record.rowIDs(in: .test).count
            if testRows < Certificate.recommendedTestRows { notes.append(SplitWording.smallTestSplit(rows: testRows).text) }
        }
        let ids = record.rowIDs(in: split)
        guard !ids.isEmpty else {
            throw SplitError(
                "no labelled row falls in the \(split.rawValue) split (\(record.rows.count) labelled rows, shares "
                    + "\(record.proportions.percentages), \(InputFile.displayName(url))); label more rows first")
        }
        self.split = split
        self.splits = record
        self.labels = labels.restricted(to: ids)
        self.notes = notes
        self.file = url
        recordChanged = changed
        self.reference = SplitReference(
            split: split, file: url.relativePath, identity: record.identity, labelFingerprint: record.fingerprint, rows: ids.sorted(),
            labelSheets: record.labelSheets)
    }

    /// Writes the record when it is new or changed since it was read; once the command's work is done.
    ///
    /// - Throws: ``OutputError`` when it cannot be written.
    public func writeRecord() throws {
        if recordChanged { try splits.write(to: file) }
    }

    /// Refuses a record that puts one of `sealedRows` (row id → the certificate that sealed it) outside test.
    private static func check(_ record: LabelSplits, keeps sealedRows: [String: String], file: URL) throws {
        guard let moved = record.rows.filter({ $0.split != .test && sealedRows[$0.id] != nil }).min(by: { $0.id < $1.id }) else { return }
        throw InputError(
            file: InputFile.displayName(file),
            message: "row '\(moved.id)' was a sealed test row of \(sealedRows[moved.id] ?? "a certificate"), and this split record puts it in the \(moved.split.rawValue) split: a record made again after a certificate would let former test rows be tuned on; restore the record that certificate used"
        )
    }

    /// Refuses a rubric whose worked examples cite a validation or test row (lint's `example-row-held-out`).
    ///
    /// - Throws: ``InputError`` naming the rubric file and the example's line.
    public func check(_ rubric: Rubric) throws {
        if let finding = RubricLinter.lint(rubric, heldOutRows: splits.heldOutRows).first(where: { $0.code == "example-row-held-out" }) {
            throw InputError(file: finding.file, line: finding.line, message: finding.message)
        }
    }
}

/// The split a figure rests on, as a report and the history name it.
public struct SplitReference: Sendable, Hashable, Codable {
    /// The split.
    public var split: LabelSplit
    /// The split record's path.
    public var file: String
    /// ``LabelSplits/identity``: the seed and shares that decide every row's split.
    public var identity: String
    /// ``LabelSplits/fingerprint``: the label set when the figure was made.
    public var labelFingerprint: String
    /// The split's labelled row ids, sorted.
    public var rows: [String]
    /// The label sheets (path and SHA-256).
    public var labelSheets: [LabelSplits.Sheet]
}

extension SplitProportions {
    /// The shares as percentages, `50/25/25`.
    public var percentages: String {
        [development, validation, test].map { ($0 * 100).plainText }.joined(separator: "/")
    }
}
