public import CalibrationData
import ArchiveReading
public import DataFormats
public import Foundation

/// An Inspect AI evaluation log read into frozen rows and the scorers' scores.
///
/// Both of Inspect's forms are read (the format is told by the bytes): the
/// `.eval` archive, a ZIP holding `header.json` (the eval spec, status and
/// results; `_journal/start.json` while a run is still going) and one
/// `samples/<id>_epoch_<n>.json` per sample, read through ``ZipArchive``; and
/// the `.json` form, one object with `eval`, `status` and `samples`, as
/// `inspect log dump` prints it.
///
/// Each sample becomes a row: `id` the sample's id (`<id>_epoch_<n>` when the
/// log has several epochs); `input` the sample's input, a string or its chat
/// messages (`role`, `content`, and `tool_calls` where there are any);
/// `expected` the target (absent when empty); `response` the model's output
/// (`output.completion`, or when that is empty the text of the last assistant
/// message); `metadata` the sample's metadata and, under `inspect`, the epoch
/// and every scorer's `value`, `answer` and `explanation`; `transcript` the
/// sample's messages with their tool calls and the tools' answers, when it
/// used tools (``transcript(_:place:hasExpectations:)``); `expectations` the
/// trajectory under the metadata's `expectations`, taken out of the metadata.
/// Text that Inspect moved to the sample's attachments
/// (`attachment://<hash>`) is put back.
///
/// Refused with an ``InputError`` naming the file (and member), the sample
/// and the field: a sample without an id, a sample Inspect records as failed
/// (`error`; a frozen run needs every response), a sample without output, a
/// metadata field named `inspect`, a log with no samples.
public struct InspectLog: Sendable {
    /// One scorer's score of one sample, as the log records it.
    public struct Score: Sendable, Hashable {
        /// The scorer's name (`includes`, `model_graded_qa`).
        public var scorer: String
        /// The value as recorded: a number, a boolean, a letter (`C`, `I`, `P`, `N`), text, or an object of those.
        public var value: JSONValue
        /// The answer the scorer extracted, if any.
        public var answer: String?
        /// The scorer's explanation, if any.
        public var explanation: String?
    }

    /// One sample: its frozen row and its scores.
    public struct Sample: Sendable, Hashable {
        /// The row the sample becomes.
        public var row: FrozenRow
        /// Its scores, by scorer name in alphabetical order.
        public var scores: [Score]
    }

    /// The log, as named to the reader.
    public var file: String
    /// The run's description: task, model, data set, Inspect's version, status.
    public var info: [String: String]
    /// The samples in the log's order.
    public var samples: [Sample]

    /// Reads the log at `url`.
    ///
    /// - Throws: ``InputError`` naming the file, member, sample and field at fault.
    public static func load(from url: URL) throws -> InspectLog {
        try InspectLog(InputFile.read(url), file: InputFile.displayName(url))
    }

    /// Reads a log from its bytes: a ZIP archive (`.eval`) or JSON.
    ///
    /// - Throws: ``InputError`` naming `file`, the member, sample and field at fault;
    ///   ``RunImporter/ImportError`` for a log without samples.
    public init(_ data: Data, file: String) throws {
        self.file = file
        let header: JSONValue
        var documents: [(value: JSONValue, file: String)] = []
        if data.starts(with: [0x50, 0x4B]) {
            let archive = try ZipArchive(data, file: file)
            func document(_ name: String) throws -> JSONValue? {
                guard let bytes = try archive.contents(named: name) else { return nil }
                return try JSONValue.parse(bytes, file: "\(file) member \(name)", exactLargeNumbers: true)
            }
            guard let read = try document("header.json") ?? document("_journal/start.json") else {
                throw InputError(
                    file: file, message: "holds neither header.json nor _journal/start.json; expected an Inspect AI .eval log")
            }
            header = read
            for name in archive.names where name.hasPrefix("samples/") && name.hasSuffix(".json") {
                documents.append((try document(name) ?? .null, "\(file) member \(name)"))
            }
        } else {
            header = try JSONValue.parse(data, file: file, exactLargeNumbers: true)
            guard case .object = header, header["eval"] != nil else {
                throw InputError(file: file, column: "eval", message: "expected an Inspect AI log, an object with \"eval\" and \"samples\"")
            }
            for (i, sample) in (header["samples"]?.array ?? []).enumerated() {
                documents.append((sample, "\(file) samples[\(i)]"))
            }
        }
        guard !documents.isEmpty else {
            throw RunImporter.ImportError(
                InputError(file: file, message: "holds no samples (was it written without its samples?); there is nothing to import"),
                .noSamples)
        }
        self.info = Self.runInfo(header)
        let epochs = documents.contains { ($0.value["epoch"]?.double ?? 1) != 1 } || (header["eval"]?["config"]?["epochs"]?.double ?? 1) > 1
        self.samples = try documents.map { try Self.sample($0.value, place: $0.file, epochs: epochs) }
    }

    /// The log as a frozen run called `name`.
    ///
    /// - Throws: ``InputError`` when two samples have one id.
    public func frozenRun(name: String) throws -> FrozenRun {
        var run = try FrozenRun(info: RunInfo(name: name, source: "Inspect AI log \(file)", info: info), rows: [], file: file)
        for sample in samples { try run.append(sample.row, file: file, line: nil) }
        return run
    }

    // MARK: - Samples

    private static func sample(_ value: JSONValue, place: String, epochs: Bool) throws -> Sample {
        func fail(_ column: String, _ message: String) -> InputError { InputError(file: place, column: column, message: message) }
        guard case .object(let fields) = value else { throw fail("sample", "expected a sample object") }
        let attachments = fields["attachments"]
        func restored(_ v: JSONValue) -> JSONValue { resolvingAttachments(v, in: attachments) }
        guard let idValue = fields["id"], idValue != .null else { throw fail("id", "the sample has no id") }
        guard let idText = idValue.identifierText else { throw fail("id", idValue.identifierProblem) }
        guard let epoch = (fields["epoch"] ?? .number(1)).double, epoch >= 1, epoch == epoch.rounded(), epoch < 1e15 else {
            throw fail("epoch", "expected the epoch, a whole number from 1")
        }
        let id = epochs ? "\(idText)_epoch_\(Int(epoch))" : idText
        if let error = fields["error"], error != .null {
            let message = error["message"]?.string ?? error.string ?? error.compactJSON
            throw fail(
                "error",
                "sample \(id) failed in Inspect (\(message)); a frozen run needs every response — retry it (inspect eval-retry) or remove the sample"
            )
        }
        guard let input = fields["input"].map(restored), input != .null else { throw fail("input", "sample \(id) has no input") }
        guard let response = output(of: fields, restored: restored) else {
            throw fail("output", "sample \(id) has no output: neither output.completion nor an assistant message")
        }
        var expected = fields["target"].map(restored)
        if expected == .string("") || expected == .array([]) || expected == .null { expected = nil }
        var metadata: [String: JSONValue] = [:]
        if case .object(let m)? = fields["metadata"] { metadata = m }
        let expectations = try Self.expectations(metadata.removeValue(forKey: "expectations"), place: place)
        guard metadata["inspect"] == nil else {
            throw fail("metadata.inspect", "the sample's metadata has a field \"inspect\", where the import records the epoch and scores")
        }
        var scores: [Score] = []
        if case .object(let recorded)? = fields["scores"] {
            for (scorer, score) in recorded.sorted(by: { $0.key < $1.key }) {
                scores.append(
                    Score(
                        scorer: scorer, value: score["value"] ?? .null, answer: score["answer"]?.string,
                        explanation: score["explanation"]?.string))
            }
        }
        let recorded = scores.map { score in
            (
                score.scorer,
                JSONValue.object([
                    "value": score.value, "answer": score.answer.map(JSONValue.string) ?? .null,
                    "explanation": score.explanation.map(JSONValue.string) ?? .null,
                ])
            )
        }
        metadata["inspect"] = .object([
            "sample_id": idValue, "epoch": .number(epoch), "scores": .object(Dictionary(uniqueKeysWithValues: recorded)),
        ])
        let transcript = try Self.transcript(
            fields["messages"].map(restored), place: place, hasExpectations: expectations != nil)
        let row = FrozenRow(
            id: id, input: chatOrText(input), expected: expected, response: response, metadata: metadata,
            transcript: transcript, expectations: expectations)
        return Sample(row: row, scores: scores)
    }

    /// `output.completion`, or when that is empty the text of the last assistant message; `nil` when there is neither.
    private static func output(of fields: [String: JSONValue], restored: (JSONValue) -> JSONValue) -> JSONValue? {
        let completion = fields["output"]?["completion"].map(restored)?.string
        if let completion, !completion.isEmpty { return .string(completion) }
        let assistant = fields["messages"]?.array?.last { $0["role"]?.string == "assistant" }.map(restored)
        if let text = assistant.flatMap({ text(of: $0["content"]) }), !text.isEmpty { return .string(text) }
        return completion.map(JSONValue.string)
    }

    /// The text of a message's content: a string, or the `text` of its text parts joined by newlines.
    static func text(of content: JSONValue?) -> String? {
        if let s = content?.string { return s }
        let parts = content?.array?.compactMap { $0["type"]?.string == "text" ? $0["text"]?.string : nil } ?? []
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// A chat input kept as `role`, `content` and `tool_calls` per message (Inspect's ids and sources left out); text as it is.
    private static func chatOrText(_ input: JSONValue) -> JSONValue {
        guard let messages = input.array else { return input }
        return .array(
            messages.map { message in
                var kept: [String: JSONValue] = [:]
                for key in ["role", "content", "tool_calls"] { if let v = message[key], v != .null { kept[key] = v } }
                return .object(kept)
            })
    }

    /// `value` with every string `attachment://<key>` that `attachments` holds replaced by the attachment's text.
    private static func resolvingAttachments(_ value: JSONValue, in attachments: JSONValue?) -> JSONValue {
        guard case .object(let table)? = attachments, !table.isEmpty else { return value }
        func resolve(_ v: JSONValue) -> JSONValue {
            switch v {
            case .string(let s) where s.hasPrefix("attachment://"):
                return table[String(s.dropFirst("attachment://".count))] ?? v
            case .array(let a): return .array(a.map(resolve))
            case .object(let o): return .object(o.mapValues(resolve))
            default: return v
            }
        }
        return resolve(value)
    }

    // MARK: - Header

    private static func runInfo(_ header: JSONValue) -> [String: String] {
        let eval = header["eval"]
        let fields: [(String, JSONValue?)] = [
            ("Task", eval?["task"]), ("Model", eval?["model"]), ("Dataset", eval?["dataset"]?["name"]),
            ("Created", eval?["created"]), ("InspectVersion", eval?["packages"]?["inspect_ai"]), ("Status", header["status"]),
            ("EvalID", eval?["eval_id"]),
        ]
        var info: [String: String] = [:]
        for (key, value) in fields { if let s = value?.string { info[key] = s } }
        return info
    }
}
