public import DataFormats

/// What a natural-language argument matcher asks: does this argument of this
/// tool meet these criteria?
public struct ArgumentQuestion: Sendable, Hashable {
    /// The tool called.
    public var toolName: String
    /// The argument judged.
    public var argumentName: String
    /// Its value.
    public var value: JSONValue
    /// What it should mean, in words (`Should relate to science fiction`).
    public var criteria: String

    /// Creates a question.
    public init(toolName: String, argumentName: String, value: JSONValue, criteria: String) {
        self.toolName = toolName
        self.argumentName = argumentName
        self.value = value
        self.criteria = criteria
    }

    /// The question as a frozen run's row is seen by rubric templates:
    /// `input` holds `tool`, `argument` and `criteria`, `response` the value
    /// (a string as itself, anything else as its JSON text), `expected` null.
    ///
    /// The argument judge renders its prompt from this object, and so does
    /// `judgecal judge` from the rows `judgecal tool-arguments` writes, so an
    /// expert's labels of those rows calibrate exactly the questions the
    /// matcher asks (and their replies share the response cache).
    public var row: JSONValue {
        .object([
            "id": .string(""),
            "input": .object([
                "tool": .string(toolName), "argument": .string(argumentName), "criteria": .string(criteria),
            ]),
            "expected": .null,
            "response": .string(value.string ?? value.compactJSON),
            "metadata": .object([:]),
        ])
    }
}

/// Answers natural-language argument questions: a model judge
/// (`Judging`'s `ModelArgumentJudge`), or a test's stand-in.
public protocol ArgumentJudge: Sendable {
    /// The judge's answer: whether the argument meets the criteria, and its rationale as the reason.
    ///
    /// - Throws: when no usable answer could be had; the tool-call evaluator
    ///   then records an evaluator failure for the sample, never a pass or a fail.
    func answer(_ question: ArgumentQuestion) async throws -> ArgumentMatch
}
