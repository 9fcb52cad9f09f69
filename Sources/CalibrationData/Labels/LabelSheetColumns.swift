import DataFormats
import Foundation
import LanguageModels

/// How a label sheet's cells are written and read, once for the writer
/// (``LabelSheet``) and the reader (``ExpertLabels``), so that a sheet
/// `extract` writes reads back as written.
///
/// Experts open sheets in spreadsheets, so every cell is written through
/// ``DataFormats/CSVWriter/spreadsheetSafe(_:)`` (`=1+1` as `'=1+1`; a plain
/// number such as `-2` as it is) and read through
/// ``DataFormats/CSVWriter/spreadsheetOriginal(_:)``.
package enum LabelSheetColumns {
    /// The sheet's own columns besides the dimensions, in the reader's spelling.
    static let reserved = ["id", "rater", "note"] + sampling

    /// The columns that say how each row was drawn, last in every sheet
    /// `extract` writes: its inclusion probability, the strategy, the batch,
    /// the stratum (an opaque key) and a check over the five (`docs/FORMATS.md`).
    package static let sampling = [inclusionProbability, "sampling_strategy", "sampling_batch", "sampling_stratum", "sampling_check"]

    /// The inclusion probability's column.
    static let inclusionProbability = "inclusion_probability"

    /// A cell as the writer puts it in the file: inert in a spreadsheet.
    static func written(_ text: String) -> String {
        CSVWriter.spreadsheetSafe(text)
    }

    /// A cell's text as the reader takes it: the spreadsheet prefix undone and
    /// without surrounding spaces or tabs.
    static func read(_ cell: String) -> String {
        CSVWriter.spreadsheetOriginal(cell.whitespaceTrimmed).whitespaceTrimmed
    }

    /// A header cell as the reader matches it: ``read(_:)``, in lower case
    /// (`" Relevance"` and `relevance` head one column).
    package static func key(_ header: String) -> String {
        read(header).lowercased()
    }

    /// The key under which the reader matches the column the writer heads
    /// `name` (a dimension's or a context path's name): ``key(_:)`` of
    /// ``written(_:)``.
    package static func columnKey(_ name: String) -> String {
        key(written(name))
    }

    /// An id cell as the reader takes it (``read(_:)``).
    static func id(_ cell: String) -> String {
        read(cell)
    }

    /// Why `names` (dimension names) cannot each have a column of their own
    /// in a sheet, or `nil` when they can: a name that is one of the sheet's
    /// own columns (`id`, `rater`, `note`, in any case), or two names that
    /// differ only in case or surrounding spaces.
    package static func problem(dimensionNames names: [String]) -> String? {
        var first: [String: String] = [:]
        for name in names {
            let key = columnKey(name)
            if reserved.contains(key) {
                return
                    "the dimension \(name) would be read from the sheet's own \(key) column; rename the dimension (a sheet's id, rater, note and \(sampling.joined(separator: ", ")) columns are reserved)"
            }
            if let earlier = first[key] {
                return
                    "the dimensions \(earlier) and \(name) differ only in case, so both would be read from one column \(key); rename one"
            }
            first[key] = name
        }
        return nil
    }
}

extension LabelSheetColumns {
    /// The `sampling_check` of a row: the first 16 hex digits of the SHA-256
    /// of its id and its four other sampling cells, as written. A reader that
    /// computes another from the cells it reads knows that one of them was
    /// edited (by hand, or by a spreadsheet that rounded the probability).
    static func samplingCheck(id: String, probability: String, strategy: String, batch: String, stratum: String) -> String {
        let text = ["judgecal sampling 1", id, probability, strategy, batch, stratum].joined(separator: "\u{1F}")
        return String(SHA256.hexDigest(of: Array(text.utf8)).prefix(16))
    }

    /// The opaque `sampling_stratum` key of a stratum named `name` (such as
    /// `judge relevance=4`): 12 hex digits of its SHA-256, so that the sheet
    /// stays blinded to the judge's level.
    static func stratumKey(_ name: String) -> String {
        String(SHA256.hexDigest(of: Array("judgecal stratum 1\u{1F}\(name)".utf8)).prefix(12))
    }
}
