public import CalibrationData
import DataFormats
import EvaluationCore
public import Foundation

/// Where each field of a frozen row comes from in a generic JSON Lines or CSV
/// export: dotted paths into each record, one each for the row's id, input, response and
/// expected output.
public struct FieldMapping: Sendable, Hashable {
    /// The path of the row id; `nil` derives the id from the row's content.
    public var id: String?
    /// The path of the input; several paths are gathered into one object,
    /// nested by their dots (`a.b` and `c` give `{"a": {"b": …}, "c": …}`), so
    /// that a template reaches each at the path it was read from (`input.a.b`).
    public var input: [String]
    /// The path of the response.
    public var response: String
    /// The paths of a pairwise row's two responses, when they are two fields (`a`, `b`): the row's
    /// response is then `{"a": …, "b": …}`, and ``response`` is not read. A record without the
    /// default response field that has top-level `a` and `b` fields is read this way without asking.
    public var pairedResponses: PairedResponses?
    /// The path of the expected value, if any.
    public var expected: String?

    /// The two fields a pairwise row's responses come from.
    public struct PairedResponses: Sendable, Hashable {
        /// The path of response a.
        public var a: String
        /// The path of response b.
        public var b: String

        /// Creates the pair.
        public init(a: String, b: String) {
            self.a = a
            self.b = b
        }
    }

    /// Why the mapping cannot be applied, or `nil`: the same input path given
    /// twice, or one input path inside another (`a` and `a.b`), which could not
    /// both be keys of the gathered input.
    public var problem: String? {
        var seen = Set<String>()
        for path in input where !seen.insert(path).inserted {
            return "the input path \(path) is given twice"
        }
        if input.count > 1 {
            for a in input {
                for b in input where b.hasPrefix(a + ".") {
                    return "the input path \(b) lies inside \(a); give one or the other"
                }
            }
        }
        return nil
    }

    /// The default mapping: fields named `id`, `input`, `response`, `expected`.
    public init(
        id: String? = "id", input: [String] = ["input"], response: String = "response", pairedResponses: PairedResponses? = nil,
        expected: String? = "expected"
    ) {
        self.id = id
        self.input = input
        self.response = response
        self.pairedResponses = pairedResponses
        self.expected = expected
    }

    /// The paths mapped to a row's fields.
    var mappedPaths: [String] {
        [id].compactMap { $0 } + (pairedResponses.map { [$0.a, $0.b] } ?? [response]) + [expected].compactMap { $0 } + input
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
    /// An Inspect AI log: the `.eval` archive or the `.json` form (``InspectLog``).
    case inspect
    /// OpenAI-style chat transcripts with tool calls, one conversation per
    /// record (``RunImporter/fromOpenAIChat(_:file:name:)``).
    case openAIChat
}

/// Turns an exported evaluation run into a ``FrozenRun``.
///
/// Ids are taken from the export when it has them (a string, or a number as
/// it is written), and otherwise derived from the row's content (a 64-bit FNV-1a hash of its input
/// and response), so that re-importing the same export gives the same ids. Two
/// rows with the same input and response would share that id, and are refused
/// with a pointer to an id field (``ImportError``). A missing field, a duplicate id, text that is not
/// UTF-8 and a number beyond a `Double` are ``InputError``s naming the line.
/// Every JSON document goes through the depth-checked
/// ``JSONValue/parse(_:file:firstLine:exactLargeNumbers:)`` first, which
/// keeps a number of 2^53 or more as its text, exactly as written, where a
/// `Double` would round it (`12345678901234567891` is the id or metadata
/// string `"12345678901234567891"`, not `12345678901234567168`).
public enum RunImporter {
    /// Recognises the format of an export: CSV by its extension, JSON from its top-level keys.
    ///
    /// - Throws: ``InputError`` when the file is neither JSON nor JSON Lines.
    public static func detectFormat(of url: URL) throws -> RunFormat {
        if url.pathExtension.lowercased() == "csv" { return .csv(FieldMapping()) }
        if url.pathExtension.lowercased() == "eval" { return .inspect }
        let name = InputFile.displayName(url)
        // JSON Lines of two records or more, told from the first, which parses on its own, without reading the rest.
        if let first = try firstOfSeveralLines(url, file: name) {
            return kind(first) == .evaluationResult ? .evaluationResult : .jsonRecords(FieldMapping())
        }
        let data = try InputFile.read(url)
        // A ZIP archive (its local-header signature): the one archived export, Inspect's .eval log.
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .inspect }
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

    /// The kind of export a JSON document is, told by its top-level keys; `nil` for generic records.
    private static func kind(_ value: JSONValue) -> RunFormat? {
        // Before Xcode's: an Inspect log has "results" too.
        if value["eval"] != nil && value["version"] != nil { return .inspect }
        if value["samples"] != nil && value["aggregates"] != nil { return .evaluationResult }
        if value["results"] != nil { return .xcodeResult }
        if value["instances"] != nil && value["annotations"] != nil { return .judgeBench }
        return nil
    }

    /// The first record of a JSON Lines file read up to its second non-blank line, when that
    /// record is JSON on its own line: the whole file is then not one JSON document (a value
    /// followed by more), and is told by its first record; `nil` otherwise (one line, a JSON
    /// array, a document spread over lines, a ZIP archive), for a reading of the whole file.
    private static func firstOfSeveralLines(_ url: URL, file: String) throws(InputError) -> JSONValue? {
        var first: JSONValue?
        var several = false
        do {
            _ = try JSONLinesReader.forEachLine(in: .file(url), file: file) { bytes, line throws(InputError) in
                guard first == nil else {
                    several = true
                    throw secondLine
                }
                first = try? JSONValue.parse(bytes, file: file, firstLine: line, exactLargeNumbers: true)
                if first == nil { throw secondLine }
            }
        } catch {
            guard error == secondLine else { throw error }
        }
        return several ? first : nil
    }

    /// Thrown to stop reading once a file's first record and the start of its second are read.
    private static let secondLine = InputError(file: "", message: "a second line")

    /// Imports the export at `url`.
    ///
    /// - Parameters:
    ///   - format: the export's format; see ``detectFormat(of:)``.
    ///   - name: the run's name (defaults to the file's base name).
    /// - Throws: ``InputError`` naming the file, line and field at fault; ``ImportError`` (also
    ///   located) where the way out is the field mapping: a field it names that a record lacks, two
    ///   rows that need ids of their own.
    public static func importRun(from url: URL, format: RunFormat, name: String? = nil) throws -> FrozenRun {
        try importRows(from: url, format: format, name: name, labels: []).run
    }

    /// The run and its ratings (``importRun(from:format:name:labelColumns:)``).
    static func importRows(from url: URL, format: RunFormat, name: String?, labels: [LabelColumn]) throws -> ImportedRun {
        let file = InputFile.displayName(url)
        let runName = name ?? url.deletingPathExtension().lastPathComponent
        switch format {
        case .evaluationResult:
            return ImportedRun(run: try fromEvaluationResult(try InputFile.read(url), file: file, name: runName))
        case .xcodeResult:
            return ImportedRun(run: try fromXcode(try InputFile.read(url), file: file, name: runName))
        case .judgeBench:
            return try fromJudgeBench(try InputFile.read(url), file: file, name: runName, metrics: labels.map(\.path))
        case .jsonRecords(let mapping):
            var records = try RecordsImport(file: file, name: runName, mapping: mapping, labels: labels)
            // Streamed: each line parsed into its record in place; a JSON array is split whole.
            let isLines = try JSONLinesReader.forEachLine(in: .file(url), file: file) { bytes, line throws(InputError) in
                records.add(try JSONValue.parse(bytes, file: file, firstLine: line, exactLargeNumbers: true), line: line)
            }
            if !isLines {
                for record in try JSONRecords.split(try InputFile.read(url), file: file) {
                    records.add(try decodeValue(record.data, file: file, line: record.line), line: record.line)
                }
            }
            return try records.finish()
        case .csv(let mapping):
            // Streamed: each row straight into its record, a cell's text made only when it is not empty.
            var records = try RecordsImport(file: file, name: runName, mapping: mapping, labels: labels)
            var columns: [String] = []
            try CSVReader().forEachRow(in: .file(url), file: file) { header throws(InputError) in
                columns = header
            } row: { record throws(InputError) in
                let fields = columns.indices.map { c in
                    (columns[c], record.bytes(c).isEmpty ? JSONValue.null : parseEmbeddedJSON(record.text(c)))
                }
                records.add(JSONValue.object(Dictionary(fields) { first, _ in first }), line: record.line)
            }
            return try records.finish()
        case .inspect:
            return ImportedRun(run: try InspectLog(try InputFile.read(url), file: file).frozenRun(name: runName))
        case .openAIChat:
            return ImportedRun(run: try fromOpenAIChat(try InputFile.read(url), file: file, name: runName))
        }
    }

    // MARK: - Formats

    private static func fromEvaluationResult(_ data: Data, file: String, name: String) throws -> FrozenRun {
        // A saved result is one pretty-printed document; a history is JSON Lines, whose last line is imported.
        // Each is parsed by the depth-checked parser first, so the decoder never sees deep nesting.
        let decoder = JSONDecoder.forEvaluationResults
        let document: (data: Data, line: Int?)
        if (try? JSONValue.parse(data, file: file)) != nil {
            document = (data, nil)
        } else {
            guard let last = try JSONRecords.split(data, file: file).last else {
                throw InputError(file: file, message: "is empty; expected an evaluation result")
            }
            _ = try JSONValue.parse(last.data, file: file, firstLine: last.line)
            document = (last.data, last.line)
        }
        let result: EvaluationResult
        let line = document.line
        do {
            result = try decoder.decode(EvaluationResult.self, from: document.data)
        } catch let error as DecodingError {
            throw InputError(file: file, line: line, message: error.readableDescription)
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
            let responseValue = jsonOrText(response)
            // Text that is not JSON (a description of a non-encodable value) is kept as a string, not dropped.
            let expected = sample.expected.map(jsonOrText)
            let row = FrozenRow(
                id: contentID(input, responseValue), input: input,
                expected: expected, response: responseValue,
                metadata: ["index": .number(Double(sample.index))])
            try appendContentIdentified(
                row, to: &run, file: file, line: line, column: "samples[\(sample.index)]",
                remedy: .text("remove the repeated sample, or give the samples distinct prompts"))
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
            try appendContentIdentified(
                row, to: &run, file: file, line: nil, column: "results[\(i)]", remedy: .text("remove the repeated result"))
        }
        return try nonEmpty(run, file: file)
    }

    private static func fromJudgeBench(_ data: Data, file: String, name: String, metrics: [String]) throws -> ImportedRun {
        let root = try decodeValue(data, file: file, line: 1)
        guard let instances = root["instances"]?.array else {
            throw InputError(file: file, column: "instances", message: "expected the JUDGE-BENCH array \"instances\"")
        }
        let dataset = root["dataset"]?.string ?? name
        var info: [String: String] = ["Dataset": dataset]
        if let url = root["dataset_url"]?.string { info["DatasetURL"] = url }
        var run = try FrozenRun(info: RunInfo(name: name, source: "JUDGE-BENCH \(file)", info: info), rows: [], file: file)
        var ratings = ImportedRatings(dimensions: try judgeBenchMetrics(root, chosen: metrics, file: file))
        for (i, instance) in instances.enumerated() {
            guard let idValue = instance["id"], idValue != .null else {
                throw InputError(file: file, column: "instances[\(i)].id", message: "instance \(i + 1) has no \"id\"")
            }
            guard let idText = idValue.identifierText else {
                throw InputError(file: file, column: "instances[\(i)].id", message: idValue.identifierProblem)
            }
            guard let text = instance["instance"] else {
                throw InputError(file: file, column: "instances[\(i)].instance", message: "instance \(i + 1) has no \"instance\" text")
            }
            let row =
                pairwiseRow(id: "\(dataset)-\(idText)", instance: instance, dataset: dataset)
                ?? FrozenRow(
                    id: "\(dataset)-\(idText)", input: .object([:]), response: .object(["instance": text]),
                    metadata: ["dataset": .string(dataset)])
            try run.append(row, file: file, line: nil)
            for metric in ratings.dimensions {
                let column = "instances[\(i)].annotations.\(metric).individual_human_scores"
                for (k, score) in (instance["annotations"]?[metric]?["individual_human_scores"]?.array ?? []).enumerated() {
                    guard let value = try ratingText(score, file: file, line: nil, column: "\(column)[\(k)]") else { continue }
                    ratings.ratings.append(.init(id: row.id, rater: "annotator-\(k + 1)", dimension: metric, value: value))
                }
            }
        }
        return ImportedRun(run: try nonEmpty(run, file: file), ratings: ratings.ratings.isEmpty ? nil : ratings)
    }

    /// The JUDGE-BENCH metrics whose human scores are read: `chosen`, each a
    /// metric of `annotations`, or every metric.
    private static func judgeBenchMetrics(_ root: JSONValue, chosen: [String], file: String) throws -> [String] {
        let all = (root["annotations"]?.array ?? []).compactMap { $0["metric"]?.string }
        for metric in chosen where !all.contains(metric) {
            throw LabelSheet.SettingsError(.metricMissing(file: file, metric: metric, metrics: all))
        }
        let metrics = chosen.isEmpty ? all : chosen
        if let problem = LabelSheetColumns.problem(dimensionNames: metrics) {
            throw InputError(file: file, column: "annotations", message: problem)
        }
        return metrics
    }

    // MARK: - Helpers

    private static func decodeValue(_ data: Data, file: String, line: Int? = nil, column: String? = nil) throws -> JSONValue {
        do {
            return try JSONValue.parse(data, file: file, firstLine: line ?? 1, exactLargeNumbers: true)
        } catch var error as InputError {
            // JSON held in a string field: name the field; its own line numbers mean nothing in the file.
            if let column {
                error.line = line
                error.column = column
            }
            throw error
        }
    }

    /// Appends a row whose id is its content hash.
    ///
    /// A second row with the same input and response is refused with `remedy`, not
    /// reported as a bare duplicate id (``ImportError`` for a field mapping's records,
    /// else ``InputError``). A different row whose content hashes to the same id (a collision of the
    /// 64-bit hash, about one in 10⁹ for a run of 200,000 rows) is refused too,
    /// saying so and suggesting an id field (``ImportError``): neither row is
    /// renamed or dropped.
    static func appendContentIdentified(
        _ row: FrozenRow, to run: inout FrozenRun, file: String, line: Int?, column: String?, remedy: RepeatRemedy
    ) throws {
        if let first = run.position(ofID: row.id) {
            let earlier = run.rows[first], place = run.place(ofRowAt: first)
            guard earlier.input == row.input, earlier.response == row.response else {
                throw ImportError(
                    InputError(
                        file: file, line: line, column: column,
                        message:
                            "this row and the row \(place) differ, but their contents hash to the same id \(row.id) (a collision of the 64-bit content hash); give every row an id of its own: map an id field (JSON Lines or CSV)"
                    ),
                    .contentCollision(earlier: place, id: row.id))
            }
            let repeated =
                "this row has the same input and response as the row \(place), so both would get the id \(row.id) (a hash of their content); "
            switch remedy {
            case .mapIDField:
                throw ImportError(
                    InputError(
                        file: file, line: line, column: column, message: repeated + "map an id field, or remove the repeated row"),
                    .repeatedContent(earlier: place, id: row.id))
            case .text(let remedy):
                throw InputError(file: file, line: line, column: column, message: repeated + remedy)
            }
        }
        try run.append(row, file: file, line: line)
    }

    /// `value` without the field at the dotted `path`, which is removed from the
    /// object holding it, so that a field mapped to the row is not repeated in
    /// its metadata (an input mapped from `q.text` leaves `q`'s other members); an object
    /// left empty by the removal goes too, and `nil` means nothing is left (the
    /// empty path is the whole record, as in ``JSONValue/value(atPath:)``). A
    /// path through an array leaves the array whole: removing an element would
    /// renumber the others.
    static func removing(_ path: String, from value: JSONValue) -> JSONValue? {
        func remove(_ steps: ArraySlice<Substring>, from value: JSONValue) -> JSONValue? {
            guard let first = steps.first else { return nil }
            guard case .object(var members) = value, let member = members[String(first)] else { return value }
            members[String(first)] = remove(steps.dropFirst(), from: member)
            return members.isEmpty ? nil : .object(members)
        }
        guard !path.isEmpty else { return nil }
        return remove(path.split(separator: ".", omittingEmptySubsequences: false)[...], from: value)
    }

    /// Values gathered into one object, nested by the dots of their paths.
    /// ``FieldMapping/problem`` has ruled out clashes (`a` and `a.b`).
    static func nested(_ fields: [(path: String, value: JSONValue)]) -> JSONValue {
        func insert(_ value: JSONValue, at steps: ArraySlice<Substring>, into object: inout [String: JSONValue]) {
            guard let first = steps.first else { return }
            let key = String(first)
            if steps.count == 1 {
                object[key] = value
                return
            }
            var child: [String: JSONValue] = [:]
            if case .object(let o)? = object[key] { child = o }
            insert(value, at: steps.dropFirst(), into: &child)
            object[key] = .object(child)
        }
        var root: [String: JSONValue] = [:]
        for (path, value) in fields {
            insert(value, at: path.split(separator: ".", omittingEmptySubsequences: false)[...], into: &root)
        }
        return .object(root)
    }

    /// The JSON a text holds, or the text itself as a string when it is not
    /// JSON (or nests past the parser's depth limit).
    static func jsonOrText(_ text: String) -> JSONValue {
        (try? JSONValue.parse(Data(text.utf8), exactLargeNumbers: true)) ?? .string(text)
    }

    static func nonEmpty(_ run: FrozenRun, file: String) throws -> FrozenRun {
        guard !run.rows.isEmpty else { throw InputError(file: file, message: "holds no rows; there is nothing to import") }
        return run
    }

    /// A string that holds JSON (an object or array) becomes that JSON; any other string stays a string.
    static func parseEmbeddedJSON(_ text: String) -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
            let v = try? JSONValue.parse(Data(trimmed.utf8), exactLargeNumbers: true)
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
