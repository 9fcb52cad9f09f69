import DataFormats
import EvaluationCore
public import Foundation

extension FrozenRun {
    private struct Header: Codable {
        var run: RunInfo
    }

    /// Reads a frozen run.
    ///
    /// - Throws: ``InputError`` naming the file and line: a missing or malformed
    ///   header, a row that does not decode (with the field), a duplicate id, or
    ///   a run with no rows.
    public static func load(from url: URL) throws -> FrozenRun {
        let name = InputFile.displayName(url)
        let data = try InputFile.read(url)
        let records = try JSONRecords.split(data, file: name)
        guard let first = records.first else {
            throw InputError(file: name, message: "is empty; expected a header line {\"run\": {…}} and one row per line")
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: first.data)
        } catch let error as DecodingError {
            throw InputError(
                file: name, line: first.line,
                message: "the first line must be the run header {\"run\": {\"name\": …}}: \(error.readableDescription)")
        }
        var run = try FrozenRun(info: header.run, rows: [])
        for record in records.dropFirst() {
            let row: FrozenRow
            do {
                row = try decoder.decode(FrozenRow.self, from: record.data)
            } catch let error as DecodingError {
                throw InputError(file: name, line: record.line, message: error.readableDescription)
            }
            try run.append(row, file: name, line: record.line)
        }
        guard !run.rows.isEmpty else {
            throw InputError(file: name, message: "has a header but no rows; a run needs at least one row")
        }
        return run
    }

    /// The run as JSON Lines: the header, then one row per line.
    public func jsonLines() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = try encoder.encode(Header(run: info))
        out.append(UInt8(ascii: "\n"))
        for row in rows {
            out.append(try encoder.encode(row))
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Writes the run atomically: a reader never sees half a file, and a
    /// failed write leaves any previous file as it was.
    public func save(to url: URL) throws {
        try jsonLines().write(to: url, options: .atomic)
    }
}
