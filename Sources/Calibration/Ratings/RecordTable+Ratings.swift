public import AgreementStatistics
public import DataFormats

extension RecordTable {
    /// The ratings in one column for the given rows, a blank cell (empty or
    /// only spaces) read as missing (`nil`).
    ///
    /// Without a scale every other cell must be a finite number. With a scale
    /// whose labels are its numbers (`1…4`), the number must be one of its
    /// values; with a scale of custom labels (`fail, pass`), the cell must be
    /// one of the labels and reads as that category's value.
    ///
    /// - Parameters:
    ///   - column: the column's position.
    ///   - rows: the rows to read, in the order wanted.
    ///   - scale: the declared categories, when there are any.
    /// - Throws: ``InputError`` naming file, line and column, the text found and
    ///   what was expected.
    public func ratings(column: Int, rows: [Int], scale: CategoryScale? = nil) throws(InputError) -> [Double?] {
        let labelled = scale.map { s in !zip(s.labels, s.values).allSatisfy { Double($0.0) == $0.1 } } ?? false
        var result: [Double?] = []
        result.reserveCapacity(rows.count)
        for r in rows {
            let text = self[r, column].trimmingSpaces
            if text.isEmpty {
                result.append(nil)
                continue
            }
            func failure(_ message: String) -> InputError {
                InputError(file: file, line: lines[r], column: columns[column], message: message)
            }
            if let scale, labelled {
                guard let i = scale.labels.firstIndex(of: text) else {
                    throw failure("'\(text)' is not a category of the scale \(scale)")
                }
                result.append(scale.values[i])
                continue
            }
            guard let value = Double(text), value.isFinite else {
                throw failure("'\(text)' is not a number" + (scale.map { "; expected one of \($0)" } ?? ""))
            }
            if let scale, scale.index(of: value) == nil {
                throw failure("\(text) is not on the scale \(scale)")
            }
            result.append(value)
        }
        return result
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
