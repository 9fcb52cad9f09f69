import DataFormats
import EvaluationCore
public import Foundation

extension FrozenRun {
    private struct Header: Codable {
        var run: RunInfo
    }

    /// Reads a frozen run.
    ///
    /// Every line goes through the project's locating parser
    /// (``JSONValue/parse(_:file:firstLine:exactLargeNumbers:)``), so a bad byte is
    /// named by line and column with what was expected there, nesting past
    /// ``JSONValue/maximumDepth`` is refused rather than overflowing the stack,
    /// and a number of 2^53 or more in a row is kept as written (as text), as
    /// ``RunImporter`` keeps it, never rounded.
    ///
    /// - Throws: ``InputError`` naming the file and line: a missing or malformed
    ///   header, a row that is not valid JSON (with the column) or lacks a field
    ///   (with the field), a duplicate id, or a run with no rows.
    public static func load(from url: URL) throws -> FrozenRun {
        let name = InputFile.displayName(url)
        let data = try InputFile.read(url)
        let records = try JSONRecords.split(data, file: name)
        guard let first = records.first else { throw empty(file: name) }
        var run = try FrozenRun(info: try header(first.data, file: name, line: first.line), rows: [])
        for record in records.dropFirst() {
            try run.append(try row(record.data, file: name, line: record.line), file: name, line: record.line)
        }
        guard !run.rows.isEmpty else { throw noRows(file: name) }
        return run
    }

    /// The run's information from its header line, `{"run": {…}}`.
    ///
    /// - Throws: ``InputError`` naming `file` and `line`: JSON that does not parse (with the
    ///   column), or a line that is not a run header.
    static func header(_ data: Data, file: String, line: Int) throws -> RunInfo {
        // Parsed first: a bad byte is located, and the decoder below sees only documents within the depth limit.
        _ = try JSONValue.parse(data, file: file, firstLine: line)
        do {
            return try JSONDecoder().decode(Header.self, from: data).run
        } catch let error as DecodingError {
            throw InputError(
                file: file, line: line,
                message: "the first line must be the run header {\"run\": {\"name\": …}}: \(error.readableDescription)")
        }
    }

    /// The row on a line of a run file (``FrozenRow/init(json:file:line:)``), large numbers kept as written.
    ///
    /// - Throws: ``InputError`` naming `file` and `line`.
    static func row(_ data: Data, file: String, line: Int) throws -> FrozenRow {
        try FrozenRow(json: try JSONValue.parse(data, file: file, firstLine: line, exactLargeNumbers: true), file: file, line: line)
    }

    /// The error of a run file with a header and no rows.
    static func noRows(file: String) -> InputError {
        InputError(file: file, message: "has a header but no rows; a run needs at least one row")
    }

    /// The error of a run file that is empty.
    static func empty(file: String) -> InputError {
        InputError(file: file, message: "is empty; expected a header line {\"run\": {…}} and one row per line")
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

    /// Writes the run atomically (through ``StagedOutputs``: a temporary file
    /// beside it, flushed, then renamed): a reader never sees half a file, and
    /// a failed write leaves any previous file as it was.
    ///
    /// - Throws: ``OutputError`` naming the file and the system's reason.
    public func save(to url: URL) throws {
        var outputs = StagedOutputs()
        try outputs.stage(try jsonLines(), at: url.path, role: "run file")
        try outputs.commit()
    }
}

extension FrozenRow {
    /// A row from its parsed JSON, as ``FrozenRun/jsonLines()`` writes it:
    /// `id` a string, `input` and `response` present, `expected`
    /// optional (null is none), `metadata` an optional object, `transcript`
    /// and `expectations` optional (tool calls; runs written before them read as before).
    ///
    /// - Throws: ``InputError`` naming `file`, `line` and the field at fault.
    init(json value: JSONValue, file: String, line: Int) throws {
        guard case .object(let fields) = value else {
            throw InputError(
                file: file, line: line, message: "the row is not a JSON object; expected {\"id\": …, \"input\": …, \"response\": …}")
        }
        func required(_ key: String) throws -> JSONValue {
            guard let v = fields[key] else {
                throw InputError(file: file, line: line, column: key, message: "field `\(key)` is missing")
            }
            return v
        }
        guard case .string(let id) = try required("id") else {
            throw InputError(
                file: file, line: line, column: "id",
                message: "field `id` is \(fields["id"]?.compactJSON ?? ""), not a string; a run file's ids are strings")
        }
        let metadata: [String: JSONValue]
        switch fields["metadata"] {
        case nil, .null?: metadata = [:]
        case .object(let m)?: metadata = m
        case let other?:
            throw InputError(
                file: file, line: line, column: "metadata", message: "field `metadata` is \(other.compactJSON), not an object")
        }
        let expected = fields["expected"].flatMap { $0 == .null ? nil : $0 }
        var transcript: [TranscriptEntry]?
        var expectations: TrajectoryExpectation?
        do {
            transcript = try fields["transcript"].flatMap { $0 == .null ? nil : $0 }.map { value throws(ToolCallFormatError) in
                try TranscriptEntry.transcript(json: value, path: "transcript")
            }
            expectations = try fields["expectations"].flatMap { $0 == .null ? nil : $0 }.map { value throws(ToolCallFormatError) in
                try TrajectoryExpectation(json: value, path: "expectations")
            }
        } catch {
            throw InputError(file: file, line: line, column: error.path, message: error.message)
        }
        self.init(
            id: id, input: try required("input"), expected: expected, response: try required("response"), metadata: metadata,
            transcript: transcript, expectations: expectations)
    }
}
