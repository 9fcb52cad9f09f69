import DataFormats
import EvaluationCore
public import Foundation

/// Where each field of a frozen row comes from in a generic JSON Lines or CSV
/// export: dotted paths into each record (`--id`, `--input`, `--response`,
/// `--expected`).
public struct FieldMapping: Sendable, Hashable {
    /// The path of the row id; `nil` derives the id from the row's content.
    public var id: String?
    /// The path of the input; several paths are gathered into one object.
    public var input: [String]
    /// The path of the response.
    public var response: String
    /// The path of the expected value, if any.
    public var expected: String?

    /// The default mapping: fields named `id`, `input`, `response`, `expected`.
    public init(id: String? = "id", input: [String] = ["input"], response: String = "response", expected: String? = "expected") {
        self.id = id
        self.input = input
        self.response = response
        self.expected = expected
    }
}

/// The exports a run can be imported from.
public enum RunFormat: Sendable, Hashable {
    /// This toolkit's `EvaluationResult` JSON (one run), or a JSON Lines
    /// history of results (the last line is imported).
    case evaluationResult
    /// Xcode's evaluation-result JSON as Apple's Book Tracker `DatasetExtractor`
    /// reads it: `{"results": [{"Input": "<JSON string>", "Response": {"value": …}}]}`,
    /// where the `Input` string decodes to `{"input": {"prompt": …}}`.
    case xcodeResult
    /// JUDGE-BENCH's unified JSON (`annotations`, `instances`).
    case judgeBench
    /// Generic JSON Lines (or a JSON array) of records, with a field mapping.
    case jsonRecords(FieldMapping)
    /// A CSV file with a header row, one record per row, with a field mapping
    /// over its (flat) column names. A blank cell is missing; a cell holding a
    /// JSON object or array becomes that JSON, any other cell stays text.
    case csv(FieldMapping)
}

/// Turns an exported evaluation run into a ``FrozenRun``.
///
/// Ids are taken from the export when it has them, and otherwise derived from
/// the row's content (a 64-bit FNV-1a hash of its input and response), so that
/// re-importing the same export gives the same ids. A missing field or a
/// duplicate id is an ``InputError`` naming the line.
public enum RunImporter {
    /// Recognises the format of an export: CSV by its extension, JSON from its top-level keys.
    ///
    /// - Throws: ``InputError`` when the file is neither JSON nor JSON Lines.
    public static func detectFormat(of url: URL) throws -> RunFormat {
        if url.pathExtension.lowercased() == "csv" { return .csv(FieldMapping()) }
        let name = InputFile.displayName(url)
        let data = try InputFile.read(url)
        func kind(_ value: JSONValue) -> RunFormat? {
            if value["samples"] != nil && value["aggregates"] != nil { return .evaluationResult }
            if value["results"] != nil { return .xcodeResult }
            if value["instances"] != nil && value["annotations"] != nil { return .judgeBench }
            return nil
        }
        // One JSON document (an object, perhaps spread over many lines, or an array).
        if let whole = try? JSONValue.parse(data) {
            return kind(whole) ?? .jsonRecords(FieldMapping())
        }
        // JSON Lines: a history of results, or generic records.
        guard let first = try JSONRecords.split(data, file: name).first else {
            throw InputError(file: name, message: "is empty; expected an exported run")
        }
        let value = try decodeValue(first.data, file: name, line: first.line)
        return kind(value) == .evaluationResult ? .evaluationResult : .jsonRecords(FieldMapping())
    }

    /// Imports the export at `url`.
    ///
    /// - Parameters:
    ///   - format: the export's format; see ``detectFormat(of:)``.
    ///   - name: the run's name (defaults to the file's base name).
    /// - Throws: ``InputError`` naming the file, line and field at fault.
    public static func importRun(from url: URL, format: RunFormat, name: String? = nil) throws -> FrozenRun {
        let file = InputFile.displayName(url)
        let runName = name ?? url.deletingPathExtension().lastPathComponent
        let data = try InputFile.read(url)
        switch format {
        case .evaluationResult:
            return try fromEvaluationResult(data, file: file, name: runName)
        case .xcodeResult:
            return try fromXcode(data, file: file, name: runName)
        case .judgeBench:
            return try fromJudgeBench(data, file: file, name: runName)
        case .jsonRecords(let mapping):
            let records = try JSONRecords.split(data, file: file).map { record in
                (value: try decodeValue(record.data, file: file, line: record.line), line: record.line)
            }
            return try fromRecords(records, file: file, name: runName, mapping: mapping)
        case .csv(let mapping):
            let table = try CSVReader().read(data, file: file)
            let records = (0..<table.rowCount).map { r in
                let fields = zip(table.columns, table.row(r)).map { column, cell in
                    (column, cell.isEmpty ? JSONValue.null : parseEmbeddedJSON(cell))
                }
                return (value: JSONValue.object(Dictionary(fields) { first, _ in first }), line: table.lines[r])
            }
            return try fromRecords(records, file: file, name: runName, mapping: mapping)
        }
    }

    // MARK: - Formats

    private static func fromEvaluationResult(_ data: Data, file: String, name: String) throws -> FrozenRun {
        // A saved result is one pretty-printed document; a history is JSON Lines, whose last line is imported.
        let decoder = JSONDecoder.forEvaluationResults
        let result: EvaluationResult
        let line: Int?
        if let whole = try? decoder.decode(EvaluationResult.self, from: data) {
            result = whole
            line = nil
        } else {
            guard let last = try JSONRecords.split(data, file: file).last else {
                throw InputError(file: file, message: "is empty; expected an evaluation result")
            }
            do {
                result = try decoder.decode(EvaluationResult.self, from: last.data)
            } catch let error as DecodingError {
                throw InputError(file: file, line: last.line, message: error.readableDescription)
            }
            line = last.line
        }
        var info = result.info
        info["Evaluation"] = result.name
        var run = try FrozenRun(info: RunInfo(name: name, source: "EvaluationResult \(file)", info: info), rows: [], file: file)
        for sample in result.samples {
            guard let response = sample.response else {
                throw InputError(
                    file: file, line: line, column: "samples[\(sample.index)].response",
                    message:
                        "sample \(sample.index) has no response (its inference failed: \(sample.inferenceError ?? "unknown")); a frozen run needs every response — re-run it or remove the sample"
                )
            }
            let input: JSONValue = .object(["prompt": sample.prompt.map(JSONValue.string) ?? .null])
            // The result stores JSON text for encodable values and a description otherwise.
            let responseValue = (try? JSONDecoder().decode(JSONValue.self, from: Data(response.utf8))) ?? .string(response)
            let expected = sample.expected.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            let row = FrozenRow(
                id: contentID(input, responseValue), input: input,
                expected: expected, response: responseValue,
                metadata: ["index": .number(Double(sample.index))])
            try run.append(row, file: file, line: line)
        }
        return try nonEmpty(run, file: file)
    }

    private static func fromXcode(_ data: Data, file: String, name: String) throws -> FrozenRun {
        let root = try decodeValue(data, file: file, line: 1)
        guard let results = root["results"]?.array else {
            throw InputError(file: file, column: "results", message: "expected an array \"results\" of evaluated samples")
        }
        var run = try FrozenRun(info: RunInfo(name: name, source: "Xcode evaluation result \(file)"), rows: [], file: file)
        for (i, result) in results.enumerated() {
            guard let inputText = result["Input"]?.string else {
                throw InputError(file: file, column: "results[\(i)].Input", message: "expected \"Input\", a string holding JSON")
            }
            let decodedInput = try decodeValue(Data(inputText.utf8), file: file, column: "results[\(i)].Input")
            let input = decodedInput["input"] ?? decodedInput
            guard let value = result["Response"]?["value"] else {
                throw InputError(file: file, column: "results[\(i)].Response.value", message: "expected \"Response\": {\"value\": …}")
            }
            let response = value.string.map(parseEmbeddedJSON) ?? value
            var metadata: [String: JSONValue] = ["index": .number(Double(i))]
            if case .object(let o) = result {
                for (k, v) in o where k != "Input" && k != "Response" { metadata[k] = v }
            }
            let row = FrozenRow(id: contentID(input, response), input: input, response: response, metadata: metadata)
            try run.append(row, file: file, line: nil)
        }
        return try nonEmpty(run, file: file)
    }

    private static func fromJudgeBench(_ data: Data, file: String, name: String) throws -> FrozenRun {
        let root = try decodeValue(data, file: file, line: 1)
        guard let instances = root["instances"]?.array else {
            throw InputError(file: file, column: "instances", message: "expected the JUDGE-BENCH array \"instances\"")
        }
        let dataset = root["dataset"]?.string ?? name
        var info: [String: String] = ["Dataset": dataset]
        if let url = root["dataset_url"]?.string { info["DatasetURL"] = url }
        var run = try FrozenRun(info: RunInfo(name: name, source: "JUDGE-BENCH \(file)", info: info), rows: [], file: file)
        for (i, instance) in instances.enumerated() {
            guard let idValue = instance["id"], idValue != .null else {
                throw InputError(file: file, column: "instances[\(i)].id", message: "instance \(i + 1) has no \"id\"")
            }
            guard let text = instance["instance"] else {
                throw InputError(file: file, column: "instances[\(i)].instance", message: "instance \(i + 1) has no \"instance\" text")
            }
            let row = FrozenRow(
                id: "\(dataset)-\(idValue.plainText)", input: .object([:]), response: .object(["instance": text]),
                metadata: ["dataset": .string(dataset)])
            try run.append(row, file: file, line: nil)
        }
        return try nonEmpty(run, file: file)
    }

    private static func fromRecords(_ records: [(value: JSONValue, line: Int)], file: String, name: String, mapping: FieldMapping) throws
        -> FrozenRun
    {
        var run = try FrozenRun(info: RunInfo(name: name, source: file), rows: [], file: file)
        for record in records {
            let value = record.value
            func field(_ path: String) throws -> JSONValue {
                guard let v = value.value(atPath: path), v != .null else {
                    throw InputError(
                        file: file, line: record.line, column: path,
                        message: "field `\(path)` is missing; map it with the matching option (--id, --input, --response)")
                }
                return v
            }
            let input: JSONValue
            if mapping.input.count == 1 {
                input = try field(mapping.input[0])
            } else {
                input = .object(Dictionary(uniqueKeysWithValues: try mapping.input.map { ($0, try field($0)) }))
            }
            let response = try field(mapping.response)
            let expected = mapping.expected.flatMap { value.value(atPath: $0) }.flatMap { $0 == .null ? nil : $0 }
            let id: String
            if let idPath = mapping.id {
                id = try field(idPath).plainText
            } else {
                id = contentID(input, response)
            }
            var metadata: [String: JSONValue] = [:]
            let mapped = Set([mapping.id, mapping.response, mapping.expected].compactMap { $0 } + mapping.input)
            if case .object(let o) = value {
                for (k, v) in o where !mapped.contains(k) { metadata[k] = v }
            }
            if case .object(let m)? = value["metadata"] {
                metadata.removeValue(forKey: "metadata")
                metadata.merge(m) { a, _ in a }
            }
            try run.append(
                FrozenRow(id: id, input: input, expected: expected, response: response, metadata: metadata), file: file, line: record.line)
        }
        return try nonEmpty(run, file: file)
    }

    // MARK: - Helpers

    private static func decodeValue(_ data: Data, file: String, line: Int? = nil, column: String? = nil) throws -> JSONValue {
        do {
            return try JSONValue.parse(data, file: file, firstLine: line ?? 1)
        } catch var error as InputError {
            // JSON held in a string field: name the field; its own line numbers mean nothing in the file.
            if let column {
                error.line = line
                error.column = column
            }
            throw error
        }
    }

    private static func nonEmpty(_ run: FrozenRun, file: String) throws -> FrozenRun {
        guard !run.rows.isEmpty else { throw InputError(file: file, message: "holds no rows; there is nothing to import") }
        return run
    }

    /// A string that holds JSON (an object or array) becomes that JSON; any other string stays a string.
    static func parseEmbeddedJSON(_ text: String) -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
            let v = try? JSONDecoder().decode(JSONValue.self, from: Data(trimmed.utf8))
        else { return .string(text) }
        return v
    }

    /// `r-` and 16 hex digits of the 64-bit FNV-1a hash of the input and response.
    static func contentID(_ input: JSONValue, _ response: JSONValue) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (input.compactJSON + "\u{1F}" + response.compactJSON).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "r-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
