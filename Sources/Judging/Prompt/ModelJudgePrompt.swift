public import EvaluationCore

/// What the judge is told besides the dimensions: the app's context, how to
/// show the value under judgment, labelled reference material, and a few
/// worked examples.
///
/// It mirrors the prompt of Apple's Evaluations framework:
///
/// ```swift
/// ModelJudgePrompt(
///     instructions: "You are evaluating tags generated for a personal book-tracking app…",
///     evaluationTarget: { value in "\(value.tags.count) Generated tags: " + value.tags.joined(separator: ", ") },
///     reference: { input, _ in ["Expected Tags": input.expected?.tags.joined(separator: ", ") ?? "No expected tags defined"] }
/// )
/// ```
///
/// `evaluationTarget` receives the value the system produced; `reference`
/// receives the sample and that value and returns labelled context, which the
/// prompt lists in order of label (a dictionary has no order of its own, and
/// the prompt must be deterministic).
public struct ModelJudgePrompt<Input: SampleProtocol, Value: Sendable>: Sendable {
    /// Renders the value under judgment as text.
    public typealias TargetRenderer = @Sendable (Value) async throws -> String
    /// Gives labelled context for one sample.
    public typealias ReferenceProvider = @Sendable (Input, Value) async throws -> [String: String]
    /// Gives labelled context for one sample, in the order to show it.
    public typealias OrderedReferenceProvider = @Sendable (Input, Value) async throws -> [LabelledText]

    /// Tells the judge what it is evaluating and for whom.
    public var instructions: String
    /// Renders the value under judgment.
    public var evaluationTarget: TargetRenderer
    /// Labelled context, such as the expected value, in the order shown.
    public var reference: OrderedReferenceProvider
    /// Worked examples, few by design.
    public var examples: [JudgeExample]

    /// Creates a prompt.
    ///
    /// - Parameters:
    ///   - instructions: the app's context and what matters.
    ///   - evaluationTarget: renders the value under judgment; by default its
    ///     description.
    ///   - reference: labelled context for a sample; none by default.
    ///   - examples: worked examples; none by default.
    public init(
        instructions: String,
        evaluationTarget: @escaping TargetRenderer = { String(describing: $0) },
        reference: ReferenceProvider? = nil,
        examples: [JudgeExample] = []
    ) {
        self.init(
            instructions: instructions, evaluationTarget: evaluationTarget,
            labelledReference: { input, value in
                let labelled = try await reference?(input, value) ?? [:]
                return labelled.sorted { $0.key < $1.key }.map { LabelledText(label: $0.key, text: $0.value) }
            },
            examples: examples)
    }

    /// Creates a prompt whose reference keeps the order it is given in.
    public init(
        instructions: String,
        evaluationTarget: @escaping TargetRenderer,
        labelledReference: @escaping OrderedReferenceProvider,
        examples: [JudgeExample] = []
    ) {
        self.instructions = instructions
        self.evaluationTarget = evaluationTarget
        self.reference = labelledReference
        self.examples = examples
    }

    /// The prompt's content for one sample: the closures called.
    public func content(input: Input, value: Value) async throws -> JudgeContent {
        JudgeContent(
            instructions: instructions,
            target: try await evaluationTarget(value),
            reference: try await reference(input, value),
            examples: examples
        )
    }
}

/// The text of one judge prompt before it is laid out as messages.
public struct JudgeContent: Sendable, Hashable {
    /// The instructions.
    public var instructions: String
    /// The value under judgment, rendered.
    public var target: String
    /// Labelled context, in the order shown.
    public var reference: [LabelledText]
    /// Worked examples.
    public var examples: [JudgeExample]

    /// Creates prompt content.
    public init(instructions: String, target: String, reference: [LabelledText] = [], examples: [JudgeExample] = []) {
        self.instructions = instructions
        self.target = target
        self.reference = reference
        self.examples = examples
    }
}

/// A piece of text with a label, such as `Expected Tags: fantasy, quest`.
public struct LabelledText: Sendable, Hashable, Codable {
    /// The label.
    public var label: String
    /// The text.
    public var text: String

    /// Creates labelled text.
    public init(label: String, text: String) {
        self.label = label
        self.text = text
    }
}
