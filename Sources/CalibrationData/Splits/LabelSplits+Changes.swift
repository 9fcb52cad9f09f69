import DataFormats
public import Foundation
import LanguageModels

/// What changed in a label set since its split was recorded: rows that
/// joined (by the hash), rows whose labels were edited, rows gone.
public struct SplitChanges: Sendable {
    /// New labelled rows and the split each joined, sorted by id.
    public var joined: [(id: String, split: LabelSplit)] = []
    /// Rows whose labels differ from the record, with their split, sorted by id.
    public var edited: [(id: String, split: LabelSplit)] = []
    /// Recorded rows no longer labelled, sorted by id.
    public var removed: [String] = []
    /// The fingerprint recorded before, and the label set's now.
    public var fingerprints: (recorded: String, now: String)

    /// Whether nothing changed.
    public var isEmpty: Bool { joined.isEmpty && edited.isEmpty && removed.isEmpty }

    /// One sentence per kind of change, for the reader: empty when nothing changed.
    public var notes: [String] {
        func listed(_ rows: [(id: String, split: LabelSplit)]) -> String {
            rows.prefix(8).map { "\($0.id) (\($0.split.rawValue))" }.joined(separator: ", ")
                + (rows.count > 8 ? " and \(rows.count - 8) more" : "")
        }
        var out: [String] = []
        if !joined.isEmpty { out.append("\(joined.count) new labelled rows joined their split by hash: \(listed(joined))") }
        if !edited.isEmpty {
            out.append(
                "the labels of \(edited.count) rows were edited since the split was recorded: \(listed(edited)); the label "
                    + "fingerprint changes from \(fingerprints.recorded.prefix(12)) to \(fingerprints.now.prefix(12)), and earlier "
                    + "looks and certificates rest on the old labels")
        }
        if !removed.isEmpty {
            out.append(
                "\(removed.count) recorded rows are no longer labelled: \(removed.prefix(8).joined(separator: ", "))"
                    + (removed.count > 8 ? " and \(removed.count - 8) more" : ""))
        }
        return out
    }
}

extension LabelSplits {
    /// This record brought up to date with `labels`: new rows join by the hash,
    /// edited rows take their new digest (keeping their split), rows no longer
    /// labelled leave; the fingerprint is recomputed. The changes are returned
    /// for the reader; an unchanged label set returns an equal record.
    public func reconciled(with labels: ExpertLabels, sheets: [Sheet]) -> (splits: LabelSplits, changes: SplitChanges) {
        let digests = labels.labelDigests
        let recorded = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        var updated = self
        updated.labelSheets = sheets
        updated.rows = digests.sorted { $0.key < $1.key }.map { id, digest in
            Row(id: id, split: recorded[id]?.split ?? Self.split(of: id, seed: seed, proportions: proportions), labels: digest)
        }
        updated.fingerprint = Self.fingerprint(of: updated.rows)
        var changes = SplitChanges(fingerprints: (fingerprint, updated.fingerprint))
        for row in updated.rows {
            if let before = recorded[row.id] {
                if before.labels != row.labels { changes.edited.append((row.id, row.split)) }
            } else {
                changes.joined.append((row.id, row.split))
            }
        }
        changes.removed = rows.map(\.id).filter { digests[$0] == nil }
        return (updated, changes)
    }

    /// The record in the file at `url`.
    ///
    /// - Throws: ``InputError`` naming the file for JSON that is not a splits record of this format.
    public static func load(from url: URL) throws -> LabelSplits {
        let data = try InputFile.read(url)
        let splits: LabelSplits
        do {
            splits = try JSONDecoder().decode(LabelSplits.self, from: data)
        } catch {
            throw InputError(
                file: InputFile.displayName(url), message: "is not a splits record (docs/FORMATS.md, \"Splits\"): \(error)")
        }
        guard splits.format == currentFormat else {
            throw InputError(
                file: InputFile.displayName(url), column: "format",
                message: "is a splits record of format \(splits.format); this judgecal reads \(currentFormat)")
        }
        var seen: Set<String> = []
        for row in splits.rows {
            guard seen.insert(row.id).inserted else {
                throw InputError(
                    file: InputFile.displayName(url), column: "rows",
                    message: "lists row '\(row.id)' twice; a splits record gives each row once")
            }
            // The split is the hash's, never the file's say: a hand-edited split would move sealed test rows.
            let rule = split(of: row.id, seed: splits.seed, proportions: splits.proportions)
            guard row.split == rule else {
                throw InputError(
                    file: InputFile.displayName(url), column: "rows",
                    message:
                        "puts row '\(row.id)' in \(row.split.rawValue), but its seed and shares put it in \(rule.rawValue); a split record is never edited by hand"
                )
            }
        }
        return splits
    }

    /// Writes the record to `url` atomically (``StagedOutputs``: a link is followed), as pretty JSON with sorted keys.
    public func write(to url: URL) throws {
        let path = InputFile.displayName(url)
        do {
            try StagedOutputs.writeAllOrNone([(try JSONEncoder.report.encode(self), url.path, "splits record")])
        } catch let error as OutputError {
            throw OutputError(path: path, doing: error.doing, reason: error.reason, remedy: .otherSplitsRecord)
        } catch {
            throw OutputError(path: path, doing: "cannot write the splits record", reason: "\(error)", remedy: .otherSplitsRecord)
        }
    }

    /// Where the record of the label sheets `sheets` lives by default: beside
    /// the first, named after it (`calibration/book-tags.labels.csv` →
    /// `calibration/book-tags.splits.json`).
    public static func defaultFile(for sheets: [URL]) -> URL {
        guard let first = sheets.first else { return URL(fileURLWithPath: "calibration/labels.splits.json") }
        var name = first.deletingPathExtension().lastPathComponent
        if name.hasSuffix(".labels") { name.removeLast(".labels".count) }
        return first.deletingLastPathComponent().appendingPathComponent(name + ".splits.json")
    }

    /// The label sheets at `urls` as the record names them: path and SHA-256 of the bytes.
    public static func sheets(_ urls: [URL]) throws -> [Sheet] {
        try urls.map { Sheet(path: $0.relativePath, sha256: SHA256.hexDigest(of: Array(try InputFile.read($0)))) }
    }
}
