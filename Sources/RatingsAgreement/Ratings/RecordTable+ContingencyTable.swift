public import DataFormats
public import StatisticsCore

extension RecordTable {
    /// Reads a k×k contingency table written as CSV: the header's first cell
    /// is free (a title such as `rater1\rater2`), the others label the second
    /// rater's categories; each row starts with the first rater's category
    /// label, in the same order, followed by k counts.
    ///
    /// ```
    /// ,pass,fail
    /// pass,40,5
    /// fail,8,47
    /// ```
    ///
    /// - Parameter scale: the declared categories, whose labels the table's must
    ///   equal in order; without one, the header's labels declare the scale
    ///   (numbers when every label is a number, ordered labels otherwise).
    /// - Throws: ``InputError`` naming line and column for a label that does not
    ///   match, a count that is not a non-negative integer, or a table that is not square.
    public func contingencyTable(scale declared: CategoryScale? = nil) throws(InputError) -> ContingencyTable {
        let labels = Array(columns.dropFirst())
        guard !labels.isEmpty, rowCount == labels.count else {
            throw InputError(
                file: file,
                message:
                    "a contingency table needs k category columns after the first and k rows; this one has \(labels.count) columns and \(rowCount) rows"
            )
        }
        let scale: CategoryScale
        if let declared {
            guard declared.labels == labels else {
                throw InputError(
                    file: file, line: 1,
                    message:
                        "the table's categories \(labels.joined(separator: ", ")) differ from the declared scale \(declared.labels.joined(separator: ", "))"
                )
            }
            scale = declared
        } else if Set(labels).count < labels.count {
            throw InputError(file: file, line: 1, message: "a category label appears twice in the header")
        } else {
            let numbers = labels.compactMap { Double($0) }
            scale =
                numbers.count == labels.count && Set(numbers).count == numbers.count
                ? CategoryScale(values: numbers, labels: labels) : CategoryScale(labels: labels)
        }
        var rows: [[Int]] = []
        for r in 0..<rowCount {
            guard self[r, 0] == labels[r] else {
                throw InputError(
                    file: file, line: lines[r], column: columns[0],
                    message:
                        "this row is labelled '\(self[r, 0])'; expected '\(labels[r])', the header's category number \(r + 1) (rows follow the header's order)"
                )
            }
            var counts: [Int] = []
            for c in 1..<columns.count {
                guard let count = Int(self[r, c]), count >= 0 else {
                    throw InputError(
                        file: file, line: lines[r], column: columns[c], message: "'\(self[r, c])' is not a count (a non-negative integer)")
                }
                counts.append(count)
            }
            rows.append(counts)
        }
        return ContingencyTable(scale: scale, rows: rows)
    }
}
