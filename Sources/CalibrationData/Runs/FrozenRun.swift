public import DataFormats
public import EvaluationCore

/// What a feature produced for each sample, frozen so that re-judging it
/// changes only the judge.
///
/// Stored as JSON Lines (see `docs/FORMATS.md`): a header line
/// `{"run": {…}}` with ``RunInfo``, then one ``FrozenRow`` per line.
///
/// Two runs are equal when their information and rows are; the lines the rows
/// were read from are kept only to name them in errors.
public struct FrozenRun: Sendable, Hashable {
    /// The run's name, origin and free-form information.
    public var info: RunInfo
    /// The rows, in file order; ids are unique.
    public private(set) var rows: [FrozenRow]
    private var positions: [String: Int]
    /// The line of the input each row was read from, where it has one.
    private var lines: [Int?]

    /// A run from rows whose ids are unique.
    ///
    /// - Throws: ``InputError`` naming the duplicated id.
    public init(info: RunInfo, rows: [FrozenRow], file: String = "<run>") throws {
        self.info = info
        self.rows = []
        self.positions = [:]
        self.lines = []
        for row in rows { try append(row, file: file, line: nil) }
    }

    package mutating func append(_ row: FrozenRow, file: String, line: Int?) throws {
        if let first = positions[row.id] {
            throw Self.duplicate(row.id, file: file, line: line, firstUsed: place(ofRowAt: first))
        }
        positions[row.id] = rows.count
        rows.append(row)
        lines.append(line)
    }

    /// The error of a row whose id an earlier row, `firstUsed` (``place(ofRowAt:)``), has.
    static func duplicate(_ id: String, file: String, line: Int?, firstUsed: String) -> InputError {
        InputError(file: file, line: line, column: "id", message: "duplicate id \"\(id)\" (first used \(firstUsed)); ids must be unique")
    }

    /// The position of the row with this id, if any.
    package func position(ofID id: String) -> Int? { positions[id] }

    /// Where the row at `position` came from, for a message: `on line 4` of
    /// its input when it was read from one, else `by row 3` (1-based), never
    /// a row number where a line is meant.
    package func place(ofRowAt position: Int) -> String {
        lines[position].map { "on line \($0)" } ?? "by row \(position + 1)"
    }

    public static func == (a: FrozenRun, b: FrozenRun) -> Bool {
        a.info == b.info && a.rows == b.rows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(info)
        hasher.combine(rows)
    }

    /// The row with this id, if any.
    public func row(id: String) -> FrozenRow? {
        positions[id].map { rows[$0] }
    }

    /// The row with `id`.
    ///
    /// - Throws: ``InputError`` naming `file` and the first ids when there is no such row.
    public func requiredRow(id: String, file: String) throws -> FrozenRow {
        guard let row = row(id: id) else {
            throw InputError(
                file: file, message: "there is no row \(id); the first ids are \(rows.prefix(3).map(\.id).joined(separator: ", "))")
        }
        return row
    }

    /// Whether a row has this id.
    public func contains(id: String) -> Bool { positions[id] != nil }
}

/// A frozen run's header: its name, where it came from, and information
/// carried into every report (prompt text, model, data set, app version).
public struct RunInfo: Sendable, Hashable, Codable {
    /// The run's name.
    public var name: String
    /// Where the run was imported from.
    public var source: String?
    /// Free-form information.
    public var info: [String: String]

    /// Creates run information.
    public init(name: String, source: String? = nil, info: [String: String] = [:]) {
        self.name = name
        self.source = source
        self.info = info
    }
}

/// One sample of a frozen run.
public struct FrozenRow: Sendable, Hashable, Codable {
    /// A stable id, unique in the run.
    public var id: String
    /// What the feature was given.
    public var input: JSONValue
    /// A reference answer, if the data set has one.
    public var expected: JSONValue?
    /// What the feature produced.
    public var response: JSONValue
    /// Anything else: system id, document id, genre and so on.
    public var metadata: [String: JSONValue]
    /// The conversation that produced the response, tool calls included, when recorded.
    public var transcript: [TranscriptEntry]?
    /// The tool calls expected of the feature for this row, if any.
    public var expectations: TrajectoryExpectation?

    /// Creates a row.
    public init(
        id: String, input: JSONValue, expected: JSONValue? = nil, response: JSONValue, metadata: [String: JSONValue] = [:],
        transcript: [TranscriptEntry]? = nil, expectations: TrajectoryExpectation? = nil
    ) {
        self.id = id
        self.input = input
        self.expected = expected
        self.response = response
        self.metadata = metadata
        self.transcript = transcript
        self.expectations = expectations
    }

    enum CodingKeys: String, CodingKey {
        case id, input, expected, response, metadata, transcript, expectations
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        input = try c.decode(JSONValue.self, forKey: .input)
        expected = try c.decodeIfPresent(JSONValue.self, forKey: .expected).flatMap { $0 == .null ? nil : $0 }
        response = try c.decode(JSONValue.self, forKey: .response)
        metadata = try c.decodeIfPresent([String: JSONValue].self, forKey: .metadata) ?? [:]
        transcript = try c.decodeIfPresent([TranscriptEntry].self, forKey: .transcript)
        expectations = try c.decodeIfPresent(TrajectoryExpectation.self, forKey: .expectations)
    }

    /// The row as the JSON object rubric templates address:
    /// `{"id", "input", "expected", "response", "metadata"}`.
    public var json: JSONValue {
        .object([
            "id": .string(id), "input": input, "expected": expected ?? .null,
            "response": response, "metadata": .object(metadata),
        ])
    }
}
