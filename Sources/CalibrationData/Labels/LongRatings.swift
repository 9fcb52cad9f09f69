public import DataFormats
public import Foundation

/// Ratings in long form: one line per rating, with the item, the rater, the
/// score and optionally the dimension (`item,rater,score[,dimension]`), as a
/// notebook's tidy table has them. Read by `judgecal agreement` (when no rater
/// columns are named) and by `align` among its label sheets, which take a long file
/// wherever they take rater columns or a label sheet (`docs/FORMATS.md`).
///
/// Columns are matched by name without regard to case or surrounding spaces:
/// the item is `item` (or `id`), then `rater`, `score` and the optional
/// `dimension`; other columns are ignored. Every line must name its item and
/// rater (a blank one is an error); a blank score is a missing rating. The
/// same (item, rater, dimension) twice is an error naming both lines. Scores
/// are kept as text here; each reader reads them on its scale.
public struct LongRatings: Sendable, Hashable {
    /// One line of the file.
    public struct Entry: Sendable, Hashable {
        /// The item (a run row's id).
        public var item: String
        /// Who rated it.
        public var rater: String
        /// The dimension; `nil` without a `dimension` column.
        public var dimension: String?
        /// The score's text, trimmed; empty for a missing rating.
        public var score: String
        /// The line it is on.
        public var line: Int
    }

    /// The file, as named to the reader.
    public var file: String
    /// The item column's name as the header writes it, for errors.
    public var itemColumn: String
    /// The score column's name as the header writes it, for errors.
    public var scoreColumn: String
    /// The lines, in file order.
    public var entries: [Entry]
    /// Whether the file has a `dimension` column.
    public var hasDimension: Bool

    /// The raters in order of first appearance.
    public var raters: [String] { Self.firstAppearances(entries.map(\.rater)) }
    /// The dimensions in order of first appearance (none without a `dimension` column).
    public var dimensions: [String] { Self.firstAppearances(entries.compactMap(\.dimension)) }

    /// Whether a header reads as long ratings: it has an item (`item` or `id`), a `rater` and a `score` column.
    public static func isLong(header: [String]) -> Bool {
        let keys = Set(header.map(key))
        return (keys.contains("item") || keys.contains("id")) && keys.contains("rater") && keys.contains("score")
    }

    /// Reads long ratings from a table (CSV, TSV, or JSON Lines read with the fields of its first record).
    ///
    /// - Throws: ``InputError`` naming the file, line and column: a missing
    ///   column (with the columns found), both `item` and `id`, a blank item or
    ///   rater, an (item, rater, dimension) given twice, a file with no lines.
    public init(_ table: RecordTable) throws(InputError) {
        let keys = table.columns.map(Self.key)
        func column(_ name: String) -> Int? { keys.firstIndex(of: name) }
        if column("item") != nil, column("id") != nil {
            throw InputError(file: table.file, line: 1, message: "has both an item and an id column; long ratings name the item once")
        }
        guard let item = column("item") ?? column("id"), let rater = column("rater"), let score = column("score") else {
            throw InputError(
                file: table.file, line: 1,
                message:
                    "is not long ratings: expected the columns item (or id), rater, score and optionally dimension; the header has \(table.columns.joined(separator: ", "))"
            )
        }
        guard table.rowCount > 0 else { throw InputError(file: table.file, message: "has no ratings; expected a header and one line per rating") }
        let dimension = column("dimension")
        var seen: [String: Int] = [:]
        var entries: [Entry] = []
        for r in 0..<table.rowCount {
            let line = table.lines[r]
            let cells = [item, rater].map { table[r, $0].trimmingCharacters(in: .whitespaces) }
            for (c, cell) in zip([item, rater], cells) where cell.isEmpty {
                throw InputError(file: table.file, line: line, column: table.columns[c], message: "is blank; every rating names its item and rater")
            }
            let entry = Entry(
                item: cells[0], rater: cells[1], dimension: dimension.map { table[r, $0].trimmingCharacters(in: .whitespaces) },
                score: table[r, score].trimmingCharacters(in: .whitespaces), line: line)
            let key = [entry.item, entry.rater, entry.dimension ?? ""].joined(separator: "\u{0}")
            if let first = seen[key] {
                let on = entry.dimension.map { " on \($0)" } ?? ""
                throw InputError(
                    file: table.file, line: line, column: table.columns[item],
                    message: "\(entry.item) was already rated by \(entry.rater)\(on) on line \(first); each rating is given once")
            }
            seen[key] = line
            entries.append(entry)
        }
        self.init(
            file: table.file, itemColumn: table.columns[item], scoreColumn: table.columns[score], entries: entries,
            hasDimension: dimension != nil)
    }

    private init(file: String, itemColumn: String, scoreColumn: String, entries: [Entry], hasDimension: Bool) {
        self.file = file
        self.itemColumn = itemColumn
        self.scoreColumn = scoreColumn
        self.entries = entries
        self.hasDimension = hasDimension
    }

    /// Reads the long ratings in `data`, in `format`.
    ///
    /// - Throws: ``InputError`` for a malformed file, or as ``init(_:)``.
    public static func read(_ data: Data, file: String, format: RecordFormat) throws -> LongRatings {
        if format.separator != nil { return try LongRatings(try format.table(data, fields: [], file: file)) }
        guard let first = try JSONRecords.split(data, file: file).first,
            case .object(let fields) = try JSONValue.parse(first.data, file: file, firstLine: first.line)
        else { throw InputError(file: file, message: "has no ratings; expected one JSON object per rating") }
        return try LongRatings(try format.table(data, fields: fields.keys.sorted(), file: file))
    }

    /// A header cell as matched: trimmed, in lower case.
    static func key(_ header: String) -> String {
        header.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func firstAppearances(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
