public import AgreementStatistics
public import DataFormats

extension RecordTable {
    /// The ratings in one column for the given rows, each cell read by
    /// ``RatingCell`` (a blank cell is missing, `nil`).
    ///
    /// - Parameters:
    ///   - column: the column's position.
    ///   - rows: the rows to read, in the order wanted.
    ///   - scale: the declared categories, when there are any.
    /// - Throws: ``InputError`` naming file, line and column, the text found and
    ///   what was expected.
    public func ratings(column: Int, rows: [Int], scale: CategoryScale? = nil) throws(InputError) -> [Double?] {
        let cell = RatingCell(scale: scale)
        var result: [Double?] = []
        result.reserveCapacity(rows.count)
        for r in rows {
            do {
                result.append(try cell.value(self[r, column].trimmingSpaces))
            } catch {
                throw InputError(file: file, line: lines[r], column: columns[column], message: error.message)
            }
        }
        return result
    }
}
