import DataFormats
import Foundation

/// How a label sheet's cells are written and read, once for the writer
/// (``LabelSheet``) and the reader (``ExpertLabels``), so that a sheet
/// `extract` writes reads back as written.
///
/// Experts open sheets in spreadsheets, so every cell is written through
/// ``DataFormats/CSVWriter/spreadsheetSafe(_:)`` (`=1+1` as `'=1+1`; a plain
/// number such as `-2` as it is) and read through
/// ``DataFormats/CSVWriter/spreadsheetOriginal(_:)``.
enum LabelSheetColumns {
    /// The sheet's own columns besides the dimensions, in the reader's spelling.
    static let reserved = ["id", "rater", "note"]

    /// A cell as the writer puts it in the file: inert in a spreadsheet.
    static func written(_ text: String) -> String {
        CSVWriter.spreadsheetSafe(text)
    }

    /// A cell's text as the reader takes it: the spreadsheet prefix undone and
    /// without surrounding spaces or tabs.
    static func read(_ cell: String) -> String {
        CSVWriter.spreadsheetOriginal(cell.trimmingCharacters(in: .whitespaces)).trimmingCharacters(in: .whitespaces)
    }

    /// A header cell as the reader matches it: ``read(_:)``, in lower case
    /// (`" Relevance"` and `relevance` head one column).
    static func key(_ header: String) -> String {
        read(header).lowercased()
    }

    /// The key under which the reader matches the column the writer heads
    /// `name` (a dimension's or a context path's name): ``key(_:)`` of
    /// ``written(_:)``.
    static func columnKey(_ name: String) -> String {
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
    static func problem(dimensionNames names: [String]) -> String? {
        var first: [String: String] = [:]
        for name in names {
            let key = columnKey(name)
            if reserved.contains(key) {
                return
                    "the dimension \(name) would be read from the sheet's own \(key) column; rename the dimension (a sheet's id, rater and note columns are reserved)"
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
