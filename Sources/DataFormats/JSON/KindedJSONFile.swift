public import Foundation

/// A JSON file that says what it is in a `kind` key (a trust certificate, a calibration): read whole,
/// its kind checked before anything else, then decoded, every error naming the file and the line.
public enum KindedJSONFile {
    /// The file at `url` decoded as `Value` (dates in ISO 8601), with where each of its values starts.
    ///
    /// - Parameters:
    ///   - kind: the value its `kind` key must have (`judgecal calibration`).
    ///   - name: what such a file is called in a sentence (`a calibration file`).
    ///   - origin: how one is made, the way out when the file is another (`one is written when a judge is calibrated`).
    /// - Returns: the value, the lines of the document's values (``JSONLines``), and the file's name as errors give it.
    /// - Throws: ``InputError`` naming the file: a JSON syntax error with its line; another kind (or none) at the
    ///   `kind` key's line; a field the type refuses at its line, its path as the column (``JSONLines/inputError(_:file:)``).
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from url: URL, kind: String, name: String, origin: String
    ) throws -> (value: Value, lines: JSONLines, file: String) {
        let file = InputFile.displayName(url)
        let data = try InputFile.read(url)
        let (document, lines) = try JSONValue.parseLocated(data, file: file)
        guard document["kind"]?.string == kind else {
            throw InputError(
                file: file, line: lines.line(of: "kind") ?? lines.line(of: ""), column: "kind",
                message: "is not \(name) (its kind is not \"\(kind)\"); \(origin)")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return (try decoder.decode(type, from: data), lines, file)
        } catch let error as DecodingError {
            var located = lines.inputError(error, file: file)
            located.message = "is not \(name) this judgecal reads: " + located.message
            throw located
        }
    }
}
