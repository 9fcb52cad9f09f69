import DataFormats

extension FrozenRun {
    /// Each row's `metadata.origin`, for the rows that have one as a string.
    package var origins: [String: String] {
        Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.metadata["origin"]?.string.map { (row.id, $0) } })
    }

    /// Each row's group: the value at `path` in the row's JSON, as text; none when `path` is `nil`.
    ///
    /// - Throws: ``InputError`` naming the first row without a value there.
    package func groups(by path: String?) throws -> [String: String] {
        guard let path else { return [:] }
        var groups: [String: String] = [:]
        for (i, row) in rows.enumerated() {
            guard let value = row.json.value(atPath: path), value != .null else {
                throw InputError(
                    file: info.name, line: i + 2, column: path,
                    message: "row \(row.id) has no value at \(path) to group by")
            }
            groups[row.id] = value.plainText
        }
        return groups
    }
}
