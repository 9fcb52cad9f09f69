import DataFormats
import Foundation
import LanguageModels

/// The record of how a label set's rows are split into development,
/// validation and test (`calibration/<name>.splits.json`; schema in
/// `docs/FORMATS.md`, "Splits").
///
/// A row's split follows from a seeded hash of its id alone
/// (``split(of:seed:proportions:)``), so a row keeps its split as the label
/// set grows and new rows join by the same rule. The record adds what the hash
/// cannot: the label sheets and a fingerprint of every row's labels at the
/// time, so that labels edited since are found and reported
/// (``reconciled(with:sheets:)``).
public struct LabelSplits: Sendable, Hashable, Codable {
    /// One labelled row: its id, split and a digest of its labels.
    public struct Row: Sendable, Hashable, Codable {
        /// The row id.
        public var id: String
        /// Its split.
        public var split: LabelSplit
        /// The first 16 hex digits of the SHA-256 of its labels (``ExpertLabels/labelDigests``).
        public var labels: String
    }

    /// A label sheet the split was made from: the path as given and the SHA-256 of its bytes.
    public struct Sheet: Sendable, Hashable, Codable {
        /// The path as given on the command line.
        public var path: String
        /// The SHA-256 (hex) of the file's bytes.
        public var sha256: String
    }

    /// The format's name and version, `judgecal-splits/1`.
    public static let currentFormat = "judgecal-splits/1"

    /// ``currentFormat`` when written.
    public var format: String
    /// The hash's seed.
    public var seed: UInt64
    /// The shares of the three splits.
    public var proportions: SplitProportions
    /// The label sheets the rows were read from.
    public var labelSheets: [Sheet]
    /// The SHA-256 (hex) of every row's id and label digest, sorted by id: the label set's fingerprint.
    public var fingerprint: String
    /// The labelled rows, sorted by id.
    public var rows: [Row]

    /// What a split's rows are named by in the history: the first 16 hex digits
    /// of the SHA-256 of the seed and the shares, which alone decide every row's split.
    public var identity: String {
        let text = "\(seed)|\(proportions.development)|\(proportions.validation)|\(proportions.test)"
        return String(SHA256.hexDigest(of: Array(text.utf8)).prefix(16))
    }

    /// The split of the row `id`: the first 64 bits of the SHA-256 of
    /// `"<seed>:<id>"`, read as a fraction u in [0, 1), against the shares
    /// (``SplitProportions``). Depends on nothing but the id, the seed and the shares.
    public static func split(of id: String, seed: UInt64, proportions: SplitProportions) -> LabelSplit {
        let hex = SHA256.hexDigest(of: Array("\(seed):\(id)".utf8))
        let bits = UInt64(hex.prefix(16), radix: 16) ?? 0
        return proportions.split(at: Double(bits >> 11) / 9_007_199_254_740_992)  // 2^53
    }

    /// A new record of `labels` split by the hash.
    public init(labels: ExpertLabels, sheets: [Sheet], seed: UInt64 = 0, proportions: SplitProportions) {
        self.format = Self.currentFormat
        self.seed = seed
        self.proportions = proportions
        self.labelSheets = sheets
        self.rows = labels.labelDigests.sorted { $0.key < $1.key }.map { id, digest in
            Row(id: id, split: Self.split(of: id, seed: seed, proportions: proportions), labels: digest)
        }
        self.fingerprint = Self.fingerprint(of: rows)
    }

    /// The ids of the rows in `split`.
    public func rowIDs(in split: LabelSplit) -> Set<String> {
        Set(rows.filter { $0.split == split }.map(\.id))
    }

    /// The rows outside development, each with its split's name (what a worked example may not cite).
    public var heldOutRows: [String: String] {
        Dictionary(uniqueKeysWithValues: rows.filter { $0.split != .development }.map { ($0.id, $0.split.rawValue) })
    }

    static func fingerprint(of rows: [Row]) -> String {
        fingerprint(digests: rows.map { (id: $0.id, digest: $0.labels) })
    }

    /// The SHA-256 (hex) of one `id<TAB>digest` line per row, in the order given (sorted by id).
    static func fingerprint(digests: [(id: String, digest: String)]) -> String {
        SHA256.hexDigest(of: Array(digests.map { "\($0.id)\t\($0.digest)\n" }.joined().utf8))
    }
}

extension ExpertLabels {
    /// Per row id, the first 16 hex digits of the SHA-256 of its labels: every
    /// (rater, dimension, value), sorted. A note is not a label and does not count.
    public var labelDigests: [String: String] {
        var lines: [String: [String]] = [:]
        for label in labels {
            for (dimension, value) in label.scores {
                lines[label.id, default: []].append("\(label.rater)\t\(dimension)\t\(value.plainText)")
            }
        }
        return lines.mapValues { String(SHA256.hexDigest(of: Array($0.sorted().joined(separator: "\n").utf8)).prefix(16)) }
    }

    /// The label set's fingerprint: the SHA-256 (hex) of one `id<TAB>digest` line per labelled row
    /// (``labelDigests``), sorted by id — the value a split record of these labels keeps as
    /// ``LabelSplits/fingerprint``, so that a figure made on the labels names them, and a label
    /// added, removed or changed since gives another fingerprint. A note does not count.
    public var fingerprint: String {
        LabelSplits.fingerprint(digests: labelDigests.sorted { $0.key < $1.key }.map { (id: $0.key, digest: $0.value) })
    }
}
