public import Foundation

extension JSONRecords {
    /// Reads named fields of every record of a JSON Lines file (or JSON array)
    /// into a ``RecordTable``, one row per record with the line it starts on
    /// and one column per path.
    ///
    /// A path names a field with dots: `scores.expert` reads
    /// `{"scores": {"expert": 3}}`, and a numeric step indexes an array
    /// (`ratings.0`). A key that itself contains dots is found whole first.
    /// A number is written as text (`3`, `2.5`), `true`/`false` as such, and a
    /// missing field or `null` as a blank cell, which reads as missing.
    ///
    /// - Parameters:
    ///   - paths: the fields to read; they become the column names.
    ///   - file: the name used in errors.
    /// - Throws: ``InputError`` for a record that is not valid JSON (with its
    ///   line and column; see ``JSONValue/parse(_:file:firstLine:)``), a field that holds an object or array (with line and path), and
    ///   a path that no record has (most likely a misspelt name).
    public static func table(_ data: Data, paths: [String], file: String) throws -> RecordTable {
        let records = try split(data, file: file)
        var table = RecordTable(file: file, columns: paths)
        var found = Array(repeating: false, count: paths.count)
        var row: [String] = []
        for record in records {
            let value = try JSONValue.parse(record.data, file: file, firstLine: record.line)
            row.removeAll(keepingCapacity: true)
            for (c, path) in paths.enumerated() {
                let field = value.member(atPath: path[...])
                if field != nil { found[c] = true }
                switch field {
                case nil, .null?: row.append("")
                case .string(let s)?: row.append(s)
                case .number(let d)?: row.append(d.plainText)
                case .bool(let b)?: row.append(String(b))
                case .array?, .object?:
                    throw InputError(
                        file: file, line: record.line, column: path,
                        message: "the field holds \(field?.array == nil ? "an object" : "an array"); expected a number or text")
                }
            }
            table.append(row, line: record.line)
        }
        if !records.isEmpty, let missing = found.firstIndex(of: false) {
            throw InputError(
                file: file,
                message:
                    "no record has the field '\(paths[missing])'; check its spelling (a nested field is written with dots, such as scores.expert)"
            )
        }
        return table
    }
}

extension JSONValue {
    /// The value at a dotted path, or `nil` when a step is missing.
    fileprivate func member(atPath path: Substring) -> JSONValue? {
        if case .object(let o) = self, let whole = o[String(path)] { return whole }
        let step: Substring
        let rest: Substring?
        if let dot = path.firstIndex(of: ".") {
            step = path[..<dot]
            rest = path[path.index(after: dot)...]
        } else {
            step = path
            rest = nil
        }
        let child: JSONValue?
        switch self {
        case .object(let o): child = o[String(step)]
        case .array(let a): child = Int(step).flatMap { a.indices.contains($0) ? a[$0] : nil }
        default: child = nil
        }
        guard let rest else { return child }
        return child?.member(atPath: rest)
    }
}
