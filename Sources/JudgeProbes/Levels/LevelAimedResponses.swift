public import CalibrationData
public import DataFormats
import Foundation
public import Judging
public import LanguageModels

/// Responses written at each level of a dimension: for each sampled row, a generator model writes a
/// response to the row's task aimed at every level of the dimension, from the rubric's own text for that
/// level; a validation judge, when given, keeps only those it places at the level aimed at; the judge
/// then scores each kept response, and ``LevelAimedReport`` sets its scores against the levels aimed at
/// (docs/PROBES.md, "Responses at each level").
///
/// Where the degradations ask whether the judge notices one named flaw, this asks whether its scale is
/// the rubric's: a judge that gives a level-2 response a 4 reads the level text differently from the
/// people who wrote it. It follows RAND's Judge Reliability Harness, which aims generated responses at
/// each rubric level. Every call goes through the models given (cached ones in `judgecal probe`), so a
/// stopped run resumes without asking twice.
public struct LevelAimedResponses: Sendable {
    /// The dimensions to aim at, each one's every level.
    public var dimensions: [ScoreDimension]
    /// The field the written response replaces (`response`, `response.tags`).
    public var field: ProbeField
    /// The level of the agreement's interval.
    public var intervalLevel: Double
    /// Bootstrap resamples of the rows for the interval, and their seed.
    public var resamples: Int
    public var seed: UInt64

    /// Aims at every level of `dimensions`, named as the rubric names them.
    ///
    /// - Throws: ``ProbeError`` naming a dimension the rubric lacks, or none given.
    public init(
        dimensions names: [String], rubric: Rubric, field: String, intervalLevel: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0
    ) throws(ProbeError) {
        guard !names.isEmpty else {
            throw ProbeError(code: "no-dimension", message: "name a dimension of the rubric \(rubric.name) to write responses at each level of")
        }
        let dimensions = try names.map { name throws(ProbeError) in
            guard let dimension = rubric.dimensions.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw ProbeError(
                    code: "unknown-dimension",
                    message: "the rubric \(rubric.name) has no dimension '\(name)'"
                        + Suggestion.phrase(for: name, among: rubric.dimensions.map(\.name)))
            }
            return dimension
        }
        self.init(dimensions: dimensions, field: field, intervalLevel: intervalLevel, resamples: resamples, seed: seed)
    }

    /// Aims at every level of `dimensions` as they are.
    public init(dimensions: [ScoreDimension], field: String, intervalLevel: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0) {
        self.dimensions = dimensions
        self.field = ProbeField(field)
        self.intervalLevel = intervalLevel
        self.resamples = resamples
        self.seed = seed
    }

    /// The generator's messages for `row`: the task and the response as they stand, the dimension with
    /// every level's text, and the level to write at; the reply is the response alone, in the form the
    /// field holds (text, or a JSON list of strings).
    ///
    /// - Throws: ``ProbeError`` for a row without the field, or whose field is not text.
    public func generationMessages(row: JSONValue, dimension: ScoreDimension, level: ScaleLevel) throws(ProbeError) -> [ChatMessage] {
        let content = try field.content(of: row, probe: "levels")
        let (shown, form) =
            switch content {
            case .text(let text): (text, "plain text, nothing around it")
            case .list(let items): (Self.json(.array(items.map(JSONValue.string))), "a JSON list of strings, nothing around it")
            }
        let levels = dimension.scale.levels.map { "- \($0.label): \($0.description)" }.joined(separator: "\n")
        let task = row["input"].map(Self.json) ?? "(the row has no input)"
        return [
            ChatMessage(
                .system,
                "You write test responses for checking an evaluator. Given a task and a response to it, you write a new "
                    + "response to the same task whose quality on one criterion is exactly at the level asked for: no better and no "
                    + "worse. Keep the original's form and length. Reply with the new response only, as \(form)."),
            ChatMessage(
                .user,
                "Criterion: \(dimension.name): \(dimension.description)\nIts levels:\n\(levels)\n\n"
                    + "Task:\n\(task)\n\nThe response as it stands:\n\(shown)\n\n"
                    + "Write a response at level \(level.label): \(level.description)"),
        ]
    }

    /// The response a generator's `reply` holds, in the form of `original`; `nil` when it holds none
    /// (empty, or a list form with no item).
    package static func response(in reply: String, like original: ProbeField.Content) -> ProbeField.Content? {
        var text = reply.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            text = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .filter { !$0.hasPrefix("```") }.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !text.isEmpty else { return nil }
        guard case .list = original else { return .text(text) }
        if let parsed = try? JSONValue.parse(Data(text.utf8)), let items = parsed.array?.compactMap(\.string), !items.isEmpty {
            return .list(items)
        }
        let items = text.split(whereSeparator: { $0 == "\n" || $0 == "," })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t-*•\"")) }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : .list(items)
    }

    /// `value` as compact JSON, keys sorted (a JSON value always encodes).
    private static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
