public import DataFormats
public import EvaluationCore
public import Foundation
public import LanguageModels

/// A judge rubric read from a file: instructions, templates for the target and
/// the reference over a frozen run's row, score dimensions with their scales,
/// and worked examples.
///
/// Rubrics are written as Markdown (`rubrics/*.md`, see
/// ``Rubric/parse(markdown:file:)`` for the format) or as JSON with the same
/// content (``Rubric/decode(json:file:)``); ``Rubric/load(from:)`` picks by
/// the file's extension. Errors name the file and line (in a JSON rubric, the
/// field's path).
public struct Rubric: Sendable, Hashable {
    /// The rubric's name, from the front matter.
    public var name: String
    /// Its version, if given.
    public var version: String?
    /// A one-line summary, if given.
    public var summary: String?
    /// The rubric this one was edited from (front matter or JSON key `edited-from`, e.g. `book-tags v1`), if
    /// given: its lineage, which the alignment history records beside each look and certificate. The lineage's
    /// key, the rows it has looked at and certified on, is the rubric's ``name``.
    public var editedFrom: String?
    /// The words every rationale must open with (front matter or JSON key `rationale-opening`), if given: sent
    /// in the reply's schema as a pattern (``JudgePromptRenderer/replySchema(for:rationaleOpening:)``), so that a
    /// server that constrains replies to the schema cannot let a small judge copy the prompt's rationale
    /// placeholder back. The instructions should say so too.
    public var rationaleOpening: String?
    /// The instructions to the judge.
    public var instructions: String
    /// Renders the value under judgment from a row.
    public var target: Template
    /// Labelled context rendered from a row, in the order written.
    public var reference: [ReferenceTemplate]
    /// The score dimensions, in the order written.
    public var dimensions: [ScoreDimension]
    /// Worked examples, in the order written.
    public var examples: [JudgeExample]
    /// The file it was read from.
    public var file: String
    /// Where each part was written, for lint messages.
    var locations: RubricLocations

    /// Reads the rubric at `url`: JSON when the name ends in `.json`, Markdown otherwise.
    ///
    /// Either may start with a UTF-8 byte-order mark and end its lines with
    /// CRLF (as Windows editors save); text that is not UTF-8 is an error with
    /// its line and column, not replaced silently.
    ///
    /// - Throws: ``InputError`` naming the file and line of the first problem.
    public static func load(from url: URL) throws -> Rubric {
        try load(from: url, checkingScaleOrder: true)
    }

    /// ``load(from:)``, optionally letting a word scale written best first
    /// through, so that the linter can report it as its own finding.
    static func load(from url: URL, checkingScaleOrder: Bool) throws -> Rubric {
        let data = try InputFile.read(url)
        let name = InputFile.displayName(url)
        if url.pathExtension.lowercased() == "json" {
            return try decode(json: data, file: name, checkingScaleOrder: checkingScaleOrder)
        }
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let bad = UTF8Validation.firstInvalidByte(in: bytes) else { return }
            let before = bytes[..<bad]
            let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
            let column = bytes[lineStart..<bad].count { $0 & 0xC0 != 0x80 } + 1
            throw InputError(
                file: name, line: before.count { $0 == 0x0A } + 1, column: String(column),
                message: "the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) is not UTF-8; save the rubric as UTF-8")
        }
        return try parse(markdown: String(decoding: data, as: UTF8.self), file: name, checkingScaleOrder: checkingScaleOrder)
    }

    /// The prompt content for one row: the target and references rendered.
    ///
    /// - Throws: ``InputError`` when a template reads a field the row lacks.
    public func content(for row: JSONValue) throws -> JudgeContent {
        JudgeContent(
            instructions: instructions,
            target: try target.render(row),
            reference: try reference.map { LabelledText(label: $0.label, text: try $0.template.render(row)) },
            examples: examples
        )
    }

    /// The dimension named `name`.
    public func dimension(_ name: String) -> ScoreDimension? {
        dimensions.first { $0.name == name }
    }
}

/// One labelled reference of a rubric: `- Expected tags: {{expected.tags | join: ", "}}`.
public struct ReferenceTemplate: Sendable, Hashable {
    /// The label shown to the judge.
    public var label: String
    /// The template over the row.
    public var template: Template

    /// Creates a labelled reference.
    public init(label: String, template: Template) {
        self.label = label
        self.template = template
    }
}

/// The lines where a rubric's parts were written (`nil` in a JSON rubric).
struct RubricLocations: Sendable, Hashable {
    var dimensions: [Int?] = []
    /// Per dimension, the line of each level by label.
    var levels: [[String: Int]] = []
    var examples: [Int?] = []
}

extension JudgePromptRenderer {
    /// The exact messages a judge receives for `row` under `rubric`: what
    /// `judgecal rubric render` prints.
    ///
    /// - Throws: ``InputError`` when a template reads a field the row lacks.
    public static func messages(for rubric: Rubric, row: JSONValue) throws -> [ChatMessage] {
        messages(content: try rubric.content(for: row), dimensions: rubric.dimensions)
    }
}

extension ModelJudgePrompt where Value == JSONValue {
    /// The prompt of a rubric, for an evaluation whose subject's value is the
    /// frozen run's row (with its `input`, `expected` and `response`).
    public init(rubric: Rubric) {
        self.init(
            instructions: rubric.instructions,
            evaluationTarget: { row in try rubric.target.render(row) },
            labelledReference: { _, row in
                try rubric.reference.map { LabelledText(label: $0.label, text: try $0.template.render(row)) }
            },
            examples: rubric.examples
        )
    }
}

extension ModelJudgeEvaluator where Subject.Value == JSONValue {
    /// A judge of every dimension of `rubric`, the subject's value being the
    /// frozen run's row.
    public init(judge: any LanguageModel, rubric: Rubric, options: JudgeSettings = JudgeSettings()) {
        self.init(judge: judge, dimensions: rubric.dimensions, prompt: ModelJudgePrompt(rubric: rubric), options: options)
    }
}
