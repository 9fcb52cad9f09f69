import Foundation

/// How a label sheet's header cells and ids are matched, written once for the
/// writer (``LabelSheet``) and the reader (``ExpertLabels``), so that a sheet
/// `extract` writes reads back as written.
enum LabelSheetColumns {
    /// The sheet's own columns besides the dimensions, in the reader's spelling.
    static let reserved = ["id", "rater", "note"]

    /// A header cell as the reader matches it: without surrounding spaces or
    /// tabs, in lower case (`" Relevance"` and `relevance` head one column).
    static func key(_ header: String) -> String {
        header.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// An id cell as the reader takes it: without surrounding spaces or tabs.
    static func id(_ cell: String) -> String {
        cell.trimmingCharacters(in: .whitespaces)
    }

    /// Why `names` (dimension names) cannot each have a column of their own
    /// in a sheet, or `nil` when they can: a name that is one of the sheet's
    /// own columns (`id`, `rater`, `note`, in any case), or two names that
    /// differ only in case or surrounding spaces.
    static func problem(dimensionNames names: [String]) -> String? {
        var first: [String: String] = [:]
        for name in names {
            let key = key(name)
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
