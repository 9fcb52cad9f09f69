/// Rows of named text fields read from a file (CSV, TSV or JSON Lines), each
/// row with the line it starts on, so that a value found wrong later can be
/// reported by file, line and column.
///
/// Cells are stored row-major in one array: every row has exactly one cell per
/// column (a reader rejects ragged rows), and a blank cell is an empty string.
public struct RecordTable: Sendable, Hashable {
    /// The file, as the user named it, for error messages.
    public let file: String
    /// The column names, in file order.
    public let columns: [String]
    /// The cells, row-major: `cells[row * columns.count + column]`.
    public private(set) var cells: [String] = []
    /// The 1-based line on which each row starts (a quoted CSV field may span lines).
    public private(set) var lines: [Int] = []

    /// An empty table with the given columns.
    public init(file: String, columns: [String]) {
        self.file = file
        self.columns = columns
    }

    /// The number of rows.
    public var rowCount: Int { lines.count }

    /// Appends a row.
    ///
    /// - Precondition: one field per column.
    public mutating func append<Fields: Collection<String>>(_ fields: Fields, line: Int) {
        precondition(fields.count == columns.count, "a row needs one field per column")
        cells.append(contentsOf: fields)
        lines.append(line)
    }

    /// The cell at `row` (0-based) and `column` (0-based).
    public subscript(row: Int, column: Int) -> String {
        cells[row * columns.count + column]
    }

    /// The fields of `row` (0-based), one per column.
    public func row(_ row: Int) -> ArraySlice<String> {
        cells[(row * columns.count)..<((row + 1) * columns.count)]
    }

    /// The position of the column called `name`, or `nil`.
    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex(of: name)
    }

    /// The position of the column called `name`.
    ///
    /// - Throws: ``InputError`` listing the columns the file has.
    public func requireColumn(named name: String) throws(InputError) -> Int {
        guard let index = columnIndex(named: name) else {
            let list = columns.map { "'\($0)'" }.joined(separator: ", ")
            throw InputError(file: file, message: "there is no column '\(name)'; the columns are \(list)")
        }
        return index
    }
}
