import DataFormats
import EvaluationCore
public import Foundation

/// The content of a rubric as written, before validation: what a JSON rubric
/// decodes into and what the Markdown reader produces, so that both formats go
/// through the same checks.
struct RubricDocument: Codable, Sendable {
    struct Reference: Codable, Sendable {
        var label: String
        var template: String
    }

    struct Level: Codable, Sendable {
        var label: LevelLabel
        var description: String?
    }

    struct Scale: Codable, Sendable {
        /// `numeric`, `passFail` or `custom`; inferred from the labels when absent.
        var kind: String?
        var levels: [Level]
    }

    struct Dimension: Codable, Sendable {
        var name: String
        var description: String
        var scale: Scale
    }

    struct Example: Codable, Sendable {
        var title: String?
        var row: String?
        var target: String
        var scores: [String: LevelLabel]
        var reason: String
    }

    var name: String
    var version: String?
    var description: String?
    var editedFrom: String?
    var rationaleOpening: String?
    var instructions: String
    var target: String
    var reference: [Reference]?
    var dimensions: [Dimension]
    var examples: [Example]?

    enum CodingKeys: String, CodingKey {
        case name, version, description, instructions, target, reference, dimensions, examples
        case editedFrom = "edited-from"
        case rationaleOpening = "rationale-opening"
    }
}

/// Where each part of a document was written, when it came from Markdown.
struct DocumentLines: Sendable {
    var end = 1
    var name = 1
    var target = 1
    var reference: [Int] = []
    var dimensions: [Int] = []
    /// Per dimension, the line of each level in the order written.
    var levels: [[Int]] = []
    var examples: [Int] = []
    /// Per example, the line of each score by dimension name.
    var scores: [[String: Int]] = []
    /// Whether errors also name the field's path (in a JSON rubric).
    var namesFields = false

    /// The lines of a JSON rubric's parts, from its parse.
    init(json map: JSONLines, document: RubricDocument) {
        self.end = map.end
        namesFields = true
        name = map.line(of: "name") ?? 1
        target = map.line(of: "target") ?? 1
        reference = (document.reference ?? []).indices.map { map.line(of: "reference[\($0)].template") ?? 1 }
        dimensions = document.dimensions.indices.map { map.line(of: "dimensions[\($0)]") ?? 1 }
        levels = document.dimensions.enumerated().map { i, d in
            d.scale.levels.indices.map { map.line(of: "dimensions[\(i)].scale.levels[\($0)]") ?? 1 }
        }
        let examples = document.examples ?? []
        self.examples = examples.indices.map { map.line(of: "examples[\($0)]") ?? 1 }
        scores = examples.enumerated().map { i, e in
            var byName: [String: Int] = [:]
            for name in e.scores.keys { byName[name] = map.line(of: "examples[\(i)].scores.\(name)") }
            return byName
        }
    }

    init() {}
}

extension Rubric {
    /// Reads a JSON rubric with the same content as the Markdown form.
    ///
    /// In JSON it looks like this:
    ///
    /// ```json
    /// {"name": "book-tags", "version": "2", "edited-from": "book-tags v1 sha256:…", "instructions": "…",
    ///  "target": "{{response.tags | join: \", \"}}",
    ///  "reference": [{"label": "Expected tags", "template": "{{expected.tags | join: \", \"}}"}],
    ///  "dimensions": [{"name": "Relevance", "description": "…",
    ///                  "scale": {"levels": [{"label": 1, "description": "…"}, …]}}],
    ///  "examples": [{"title": "…", "row": "book-003", "target": "…", "scores": {"Relevance": 4}, "reason": "…"}]}
    /// ```
    ///
    /// A scale's `kind` (`numeric`, `passFail`, `custom`) may be given or left
    /// to be inferred from its labels, as in Markdown. A key the format does
    /// not have is an error naming its path, as an unknown Markdown section
    /// is; an empty `target` is refused as an empty `# Target` is.
    ///
    /// - Throws: ``InputError`` naming the file, the line and the field's path.
    public static func decode(json data: Data, file: String) throws -> Rubric {
        try decode(json: data, file: file, checkingScaleOrder: true)
    }

    static func decode(json data: Data, file: String, checkingScaleOrder: Bool) throws -> Rubric {
        // The depth-checked, locating parser first; the decoder then sees only documents within its limit.
        let (value, lines) = try JSONValue.parseLocated(data, file: file)
        if let unknown = RubricChecks.unknownKey(in: value) {
            throw InputError(
                file: file, line: lines.line(of: unknown.path), column: unknown.path,
                message:
                    "unknown key `\(unknown.path.split(separator: ".").last ?? "")`; the keys here are \(unknown.allowed.joined(separator: ", "))"
            )
        }
        let document: RubricDocument
        do {
            let body = data.starts(with: UTF8Validation.byteOrderMark) ? data.dropFirst(3) : data
            document = try JSONDecoder().decode(RubricDocument.self, from: Data(body))
        } catch let error as DecodingError {
            throw lines.inputError(error, file: file)
        }
        return try Rubric(
            document: document, file: file, lines: DocumentLines(json: lines, document: document),
            checkingScaleOrder: checkingScaleOrder)
    }

    /// The rubric as JSON, in the form ``decode(json:file:)`` reads (keys sorted).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    var document: RubricDocument {
        RubricDocument(
            name: name, version: version, description: summary, editedFrom: editedFrom, rationaleOpening: rationaleOpening,
            instructions: instructions,
            target: target.source,
            reference: reference.map { RubricDocument.Reference(label: $0.label, template: $0.template.source) },
            dimensions: dimensions.map { d in
                let kind: String
                switch d.scale {
                case .numeric: kind = "numeric"
                case .passFail: kind = "passFail"
                case .custom: kind = "custom"
                }
                let levels = d.scale.levels.map { level in
                    RubricDocument.Level(label: LevelLabel(level.label), description: level.description)
                }
                return RubricDocument.Dimension(
                    name: d.name, description: d.description, scale: RubricDocument.Scale(kind: kind, levels: levels))
            },
            examples: examples.map {
                RubricDocument.Example(title: $0.title, row: $0.rowID, target: $0.target, scores: $0.scores, reason: $0.reason)
            }
        )
    }

    /// Validates a document: templates parse, every scale has two or more
    /// distinct levels of one kind, every example scores known dimensions on
    /// their scales.
    init(document: RubricDocument, file: String, lines: DocumentLines?, checkingScaleOrder: Bool = true) throws {
        func error(_ line: Int?, _ path: String, _ message: String) -> InputError {
            let namesField = lines?.namesFields ?? true
            return InputError(file: file, line: line, column: namesField ? path : nil, message: message)
        }
        guard !document.name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw error(lines?.name, "name", "the rubric has no name (front matter `name: …`)")
        }
        name = document.name
        version = document.version
        summary = document.description
        editedFrom = document.editedFrom
        rationaleOpening = document.rationaleOpening
        instructions = document.instructions
        self.file = file
        guard !document.target.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw error(lines?.target, "target", "the target is empty; write a template such as {{response}}")
        }
        target = try Template(document.target, file: file, line: lines?.target ?? 1)
        reference = try (document.reference ?? []).enumerated().map { i, r in
            ReferenceTemplate(label: r.label, template: try Template(r.template, file: file, line: lines?.reference[i] ?? 1))
        }

        guard !document.dimensions.isEmpty else {
            throw error(lines?.end, "dimensions", "the rubric has no `# Dimension:` section")
        }
        var locations = RubricLocations()
        var dimensions: [ScoreDimension] = []
        for (i, d) in document.dimensions.enumerated() {
            let levelLines = lines?.levels[i]
            let scale = try Self.scale(
                d.scale, dimension: d.name, checkingOrder: checkingScaleOrder,
                error: { j, message in error(j.flatMap { levelLines?[$0] } ?? lines?.dimensions[i], "dimensions[\(i)].scale", message) })
            dimensions.append(ScoreDimension(d.name, description: d.description, scale: scale))
            locations.dimensions.append(lines?.dimensions[i])
            var byLabel: [String: Int] = [:]
            for (j, level) in d.scale.levels.enumerated() {
                if let line = levelLines?[j] { byLabel[level.label.label.lowercased()] = line }
            }
            locations.levels.append(byLabel)
        }
        self.dimensions = dimensions

        examples = try (document.examples ?? []).enumerated().map { i, e in
            for (dimensionName, score) in e.scores {
                let line = lines?.scores[i][dimensionName] ?? lines?.examples[i]
                let path = "examples[\(i)].scores.\(dimensionName)"
                guard let d = dimensions.first(where: { $0.name == dimensionName }) else {
                    throw error(line, path, "the example scores \(dimensionName), which is not a dimension of this rubric")
                }
                guard d.scale.level(labelled: score.label) != nil else {
                    throw error(line, path, "\(score.label) is not on the scale \(d.scale.summary) of \(d.name)")
                }
            }
            return JudgeExample(e.title, target: e.target, scores: e.scores, reason: e.reason, rowID: e.row)
        }
        locations.examples = (document.examples ?? []).indices.map { lines?.examples[$0] }
        self.locations = locations
    }

    /// The scale a list of levels describes.
    private static func scale(
        _ scale: RubricDocument.Scale, dimension: String, checkingOrder: Bool, error: (Int?, String) -> InputError
    ) throws -> ScoringScale {
        let labels = scale.levels.map { $0.label.label.trimmingCharacters(in: .whitespaces) }
        guard labels.count >= 2 else { throw error(nil, "dimension \(dimension) has \(labels.count) level(s); a scale needs at least two") }
        var seen = Set<String>()
        for (j, label) in labels.enumerated() where !seen.insert(label.lowercased()).inserted {
            throw error(j, "level \(label) of \(dimension) is listed twice")
        }
        let numbers = labels.map { Int($0) }
        let isPassFail = Set(labels.map { $0.lowercased() }) == ["pass", "fail"]
        let kind = scale.kind ?? (numbers.allSatisfy { $0 != nil } ? "numeric" : isPassFail ? "passFail" : "custom")
        let descriptions = scale.levels.map { $0.description ?? "" }
        switch kind {
        case "numeric":
            var levels: [Int: String] = [:]
            for (j, number) in numbers.enumerated() {
                guard let number else {
                    throw error(j, "level \(labels[j]) of \(dimension) is not a whole number, and the other levels are")
                }
                levels[number] = descriptions[j]
            }
            return .numeric(levels)
        case "passFail":
            guard isPassFail, labels.count == 2 else { throw error(nil, "a pass/fail scale has exactly the levels pass and fail") }
            let pass = labels.firstIndex { $0.lowercased() == "pass" } ?? 0
            return .passFail(passDescription: descriptions[pass], failDescription: descriptions[1 - pass])
        case "custom":
            let numberCount = numbers.filter { $0 != nil }.count
            if numberCount * 2 >= numbers.count, let j = numbers.firstIndex(where: { $0 == nil }) {
                throw error(j, "level \(labels[j]) of \(dimension) is not a whole number, and the other levels are")
            }
            if let j = numbers.firstIndex(where: { $0 != nil }) {
                throw error(j, "level \(labels[j]) of \(dimension) is a number among word labels; use all numbers or all words")
            }
            if checkingOrder, let problem = RubricChecks.bestFirstProblem(labels: labels, dimension: dimension) {
                throw error(0, problem)
            }
            return .custom(zip(labels, descriptions).map { ScoringScale.CustomLevel($0, $1) })
        default:
            throw error(nil, "scale kind \(kind) is not one of numeric, passFail, custom")
        }
    }
}
