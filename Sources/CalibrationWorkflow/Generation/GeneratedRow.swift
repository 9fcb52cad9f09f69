public import CalibrationData
public import DataFormats
public import SampleGeneration

/// A run's row as a generator sees it.
///
/// What the feature was given and, when the seeds carry them, the reference answer and what the
/// feature produced. No id and no metadata: those are the
/// run's, written with the provenance when the row is kept (``RunGeneration``).
public struct GeneratedRow: GeneratableSample, Hashable {
    /// What the feature was given.
    public var input: JSONValue
    /// A reference answer, when the seeds have them.
    public var expected: JSONValue?
    /// What the feature produced, when the seeds have it.
    public var response: JSONValue?

    /// A row.
    public init(input: JSONValue, expected: JSONValue? = nil, response: JSONValue? = nil) {
        self.input = input
        self.expected = expected
        self.response = response
    }

    /// A seed from a run's row: its input, expected answer (when not null) and response.
    public init(_ row: FrozenRow) {
        self.init(input: row.input, expected: row.expected, response: row.response)
    }

    /// The input's text: every string and number in it, in order, so that two rows asking about
    /// the same thing compare alike whatever their field names (``NearDuplicateIndex``).
    public var duplicateText: String { Self.leafText(input).joined(separator: " ") }

    private static func leafText(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .number(let number): [number.plainText]
        case .bool, .null: []
        case .array(let elements): elements.flatMap(leafText)
        case .object(let members): members.keys.sorted().flatMap { leafText(members[$0] ?? .null) }
        }
    }
}

extension GeneratedRow {
    /// The row as the JSON a schema and a validation command see: `{"input", "expected"?, "response"?}`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["input": input]
        if let expected { members["expected"] = expected }
        if let response { members["response"] = response }
        return .object(members)
    }
}
