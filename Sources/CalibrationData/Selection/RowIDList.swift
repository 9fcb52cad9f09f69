import DataFormats
public import Foundation

/// A list of row ids read from a file, one id a line: the rows a digest (or
/// any other look at a run) is restricted to, such as a development split.
///
/// Blank lines are allowed and hold no id; a line ending CRLF loses its `\r`.
/// Nothing else is changed: an id is the line as written.
public enum RowIDList {
    /// The ids in the file at `url`.
    ///
    /// - Parameter run: the run; every id in the file must be one of its rows.
    /// - Throws: ``InputError`` naming the file and line of an id the run lacks
    ///   or of an id given twice (with its first line), or the file when it holds no id.
    public static func load(from url: URL, run: some RunRows) throws -> Set<String> {
        let runIDs = Set(run.ids)
        let file = InputFile.displayName(url)
        let text = String(decoding: try InputFile.read(url), as: UTF8.self)
        var firstLine: [String: Int] = [:]
        // Split on the scalar U+000A: in a Swift string "\r\n" is one Character, which splitting on "\n" would never find.
        for (i, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let id = String(raw.last == "\r" ? raw.dropLast() : raw)
            guard !id.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard runIDs.contains(id) else {
                throw InputError(
                    file: file, line: i + 1, message: "'\(id)' is not a row id of the run \(run.info.name); give one run row id a line")
            }
            if let first = firstLine[id] {
                throw InputError(file: file, line: i + 1, message: "the row id \(id) is given again (first on line \(first))")
            }
            firstLine[id] = i + 1
        }
        guard !firstLine.isEmpty else { throw InputError(file: file, message: "holds no row id; give one run row id a line") }
        return Set(firstLine.keys)
    }
}
