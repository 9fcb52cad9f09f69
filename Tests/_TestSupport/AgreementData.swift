public import DataFormats
public import Foundation

/// The ratings the agreement tests read, shared by the library tests of the
/// agreement report and the check of `judgecal agreement`, so both read the
/// same file the same way.
public enum AgreementData {
    /// JUDGE-BENCH's Newsroom ratings (420 summaries, three annotators per
    /// dimension, 1–5), as a path relative to the package root: the name
    /// `judgecal` is given, and the name the report prints.
    public static let newsroom = "notebooks-data/newsroom-ratings.csv"

    /// Newsroom's three informativeness annotators.
    public static let informativeness = ["informativeness_1", "informativeness_2", "informativeness_3"]

    /// Newsroom's rating scale, 1–5, the categories the agreement tests declare for it.
    public static let newsroomCategories = ["1", "2", "3", "4", "5"]

    /// The bytes of the Newsroom file.
    public static func newsroomData() throws -> Data {
        try Data(contentsOf: SharedData.projectURL(newsroom))
    }
}

extension ReferenceCase {
    /// The case's k×k `table` as a CSV table of counts, categories 1…k: a
    /// free first cell, a header of the labels, then one labelled row per
    /// category (the counts-table layout of a ratings file).
    public var countsTableCSV: String {
        let rows = data["table"]?.array?.map { $0.array?.compactMap(\.double).map { String(Int($0)) } ?? [] } ?? []
        let header = "," + (1...max(rows.count, 1)).map(String.init).joined(separator: ",")
        let body = rows.enumerated().map { "\($0.offset + 1)," + $0.element.joined(separator: ",") }
        return ([header] + body).joined(separator: "\n") + "\n"
    }

}
