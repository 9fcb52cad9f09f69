import DataFormats
import EvaluationCore
import Foundation

extension Rubric {
    /// Reads a Markdown rubric.
    ///
    /// The format, section by section (headings are level-1 `#` lines outside
    /// code fences):
    ///
    /// ```markdown
    /// ---
    /// name: book-tags
    /// version: 1
    /// description: optional one-line summary
    /// edited-from: optional, the rubric this one was edited from
    /// rationale-opening: optional, the words every rationale opens with
    /// ---
    ///
    /// # Instructions
    /// Free text for the judge (Markdown, `##` headings allowed).
    ///
    /// # Target
    /// {{response.tags | join: ", "}}
    ///
    /// # Reference
    /// - Expected tags: {{expected.tags | join: ", " | default: "none given"}}
    ///
    /// # Dimension: Relevance
    /// What to look at (one or more paragraphs).
    ///
    /// - 4: Every tag describes the book itself
    /// - 3: Most tags describe the book
    /// - 2: …
    /// - 1: …
    ///
    /// # Example: Clean fit
    /// Row: book-003
    ///
    /// ## Target
    /// romance, historical fiction, regency
    ///
    /// ## Scores
    /// - Relevance: 4
    ///
    /// ## Reason
    /// Every tag describes the book.
    /// ```
    ///
    /// Front matter needs `name`; `version`, `description` and `edited-from`
    /// (the lineage: the rubric this one was edited from, as `name vVERSION sha256:HEX`
    /// when `judgecal suggest` writes it; any text is kept as written) and
    /// `rationale-opening` (``Rubric/rationaleOpening``) are optional.
    /// `# Instructions`, `# Target` and at least one `# Dimension:` are
    /// required; `# Reference` and `# Example:` are optional. Levels are
    /// `- label: description` lines, any order; a level's description may go
    /// on over indented lines. All-number labels make a numeric scale, `pass`
    /// and `fail` a pass/fail scale, and words a custom scale ordered as
    /// written, lowest first; words written best first (`Excellent` … `Poor`)
    /// are refused, as they would invert every score. Templates are described
    /// in ``Template``. A byte-order mark and CRLF line ends are accepted.
    ///
    /// - Throws: ``InputError`` naming the file and line of the first problem.
    public static func parse(markdown text: String, file: String) throws -> Rubric {
        try parse(markdown: text, file: file, checkingScaleOrder: true)
    }

    static func parse(markdown text: String, file: String, checkingScaleOrder: Bool) throws -> Rubric {
        // Lines are split on the scalar U+000A: in a Swift string "\r\n" is one
        // Character, which splitting on the Character "\n" would never find.
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var reader = MarkdownRubricReader(
            file: file,
            lines: scalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.last == "\r" ? String($0.dropLast()) : String($0)
            })
        let (document, lines) = try reader.read()
        return try Rubric(document: document, file: file, lines: lines, checkingScaleOrder: checkingScaleOrder)
    }
}

/// Reads the Markdown rubric format into a document with line numbers.
private struct MarkdownRubricReader {
    let file: String
    let lines: [String]

    struct Section {
        var heading: String
        var line: Int
        /// Body lines with their 1-based numbers.
        var body: [(number: Int, text: String)]
    }

    func error(_ line: Int, _ message: String) -> InputError {
        InputError(file: file, line: line, message: message)
    }

    mutating func read() throws -> (RubricDocument, DocumentLines) {
        var index = 0
        var front: [String: String] = [:]
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" {
            index = 1
            var closed = false
            while index < lines.count {
                let line = lines[index]
                index += 1
                if line.trimmingCharacters(in: .whitespaces) == "---" {
                    closed = true
                    break
                }
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                guard let colon = line.firstIndex(of: ":") else { throw error(index, "front matter lines read `key: value`") }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard ["name", "version", "description", "edited-from", "rationale-opening"].contains(key) else {
                    throw error(
                        index,
                        "unknown front matter key `\(key)`; the keys are name, version, description, edited-from and rationale-opening")
                }
                front[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard closed else { throw error(1, "the front matter opened with `---` is never closed with `---`") }
        }
        guard let name = front["name"], !name.isEmpty else { throw error(1, "the rubric needs front matter with `name: …`") }

        let sections = try split(from: index)
        var lineInfo = DocumentLines()
        lineInfo.end = lines.count
        var instructions: String?
        var target: String?
        var reference: [RubricDocument.Reference]?
        var dimensions: [RubricDocument.Dimension] = []
        var examples: [RubricDocument.Example] = []
        for section in sections {
            let heading = section.heading
            if heading == "Instructions" || heading == "Target" || heading == "Reference" {
                let seen = heading == "Instructions" ? instructions != nil : heading == "Target" ? target != nil : reference != nil
                if seen { throw error(section.line, "a second `# \(heading)` section") }
            }
            switch heading {
            case "Instructions":
                instructions = text(section.body)
            case "Target":
                guard let first = section.body.first(where: { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                    throw error(section.line, "`# Target` is empty; write a template such as {{response}}")
                }
                target = text(section.body)
                lineInfo.target = first.number
            case "Reference":
                reference = try section.body.compactMap { line in
                    let t = line.text.trimmingCharacters(in: .whitespaces)
                    if t.isEmpty { return nil }
                    guard t.hasPrefix("- "), let colon = t.range(of: ": ") else {
                        throw error(line.number, "reference lines read `- Label: {{path}}`")
                    }
                    lineInfo.reference.append(line.number)
                    return RubricDocument.Reference(
                        label: String(t[t.index(t.startIndex, offsetBy: 2)..<colon.lowerBound]).trimmingCharacters(in: .whitespaces),
                        template: String(t[colon.upperBound...]))
                }
            case let h where h.hasPrefix("Dimension:"):
                let dimensionName = h.dropFirst("Dimension:".count).trimmingCharacters(in: .whitespaces)
                guard !dimensionName.isEmpty else { throw error(section.line, "`# Dimension:` needs a name") }
                let (dimension, levelLines) = try readDimension(dimensionName, section)
                dimensions.append(dimension)
                lineInfo.dimensions.append(section.line)
                lineInfo.levels.append(levelLines)
            case let h where h == "Example" || h.hasPrefix("Example:"):
                let title = h.dropFirst("Example".count).drop { $0 == ":" }.trimmingCharacters(in: .whitespaces)
                let (example, scoreLines) = try readExample(title.isEmpty ? nil : title, section)
                examples.append(example)
                lineInfo.examples.append(section.line)
                lineInfo.scores.append(scoreLines)
            default:
                throw error(
                    section.line,
                    "unknown section `# \(heading)`; the sections are Instructions, Target, Reference, Dimension: Name and Example: Title")
            }
        }
        guard let instructions else { throw error(lines.count, "the rubric has no `# Instructions` section") }
        guard let target else { throw error(lines.count, "the rubric has no `# Target` section") }
        let document = RubricDocument(
            name: name, version: front["version"], description: front["description"], editedFrom: front["edited-from"],
            rationaleOpening: front["rationale-opening"], instructions: instructions,
            target: target, reference: reference, dimensions: dimensions, examples: examples)
        return (document, lineInfo)
    }

    /// The level-1 sections from line `start` (0-based) on.
    private func split(from start: Int) throws -> [Section] {
        var sections: [Section] = []
        var inFence = false
        for i in start..<lines.count {
            let line = lines[i]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("# ") {
                sections.append(Section(heading: line.dropFirst(2).trimmingCharacters(in: .whitespaces), line: i + 1, body: []))
            } else if sections.isEmpty {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw error(i + 1, "text before the first section; start a section with a `# ` heading")
                }
            } else {
                sections[sections.count - 1].body.append((i + 1, line))
            }
        }
        return sections
    }

    /// Body lines as text, without leading and trailing blank lines.
    private func text(_ body: [(number: Int, text: String)]) -> String {
        var texts = body.map(\.text)
        while let f = texts.first, f.trimmingCharacters(in: .whitespaces).isEmpty { texts.removeFirst() }
        while let l = texts.last, l.trimmingCharacters(in: .whitespaces).isEmpty { texts.removeLast() }
        return texts.joined(separator: "\n")
    }

    private func readDimension(_ name: String, _ section: Section) throws -> (RubricDocument.Dimension, [Int]) {
        var description: [(number: Int, text: String)] = []
        var levels: [RubricDocument.Level] = []
        var levelLines: [Int] = []
        for line in section.body {
            let t = line.text.trimmingCharacters(in: .whitespaces)
            if line.text.hasPrefix("- ") || line.text == "-" {
                let item = t.dropFirst().trimmingCharacters(in: .whitespaces)
                let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let label = parts[0].trimmingCharacters(in: .whitespaces)
                guard !label.isEmpty else { throw error(line.number, "a level line needs a label, as in `- 4: …`") }
                let about = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                levels.append(RubricDocument.Level(label: LevelLabel(label), description: about))
                levelLines.append(line.number)
            } else if levels.isEmpty {
                description.append(line)
            } else if t.isEmpty {
                continue
            } else if line.text.first?.isWhitespace == true {
                let previous = levels[levels.count - 1].description ?? ""
                levels[levels.count - 1].description = previous.isEmpty ? t : previous + " " + t
            } else {
                throw error(line.number, "after the levels of \(name) only more `- label: description` lines may follow")
            }
        }
        guard !levels.isEmpty else { throw error(section.line, "dimension \(name) lists no levels (`- 4: …` lines)") }
        let dimension = RubricDocument.Dimension(
            name: name, description: text(description), scale: RubricDocument.Scale(kind: nil, levels: levels))
        return (dimension, levelLines)
    }

    private func readExample(_ title: String?, _ section: Section) throws -> (RubricDocument.Example, [String: Int]) {
        var row: String?
        var parts: [String: [(number: Int, text: String)]] = [:]
        var current: String?
        for line in section.body {
            let t = line.text.trimmingCharacters(in: .whitespaces)
            if line.text.hasPrefix("## ") {
                let name = line.text.dropFirst(3).trimmingCharacters(in: .whitespaces)
                guard ["Target", "Scores", "Reason"].contains(name) else {
                    throw error(line.number, "unknown example part `## \(name)`; the parts are Target, Scores and Reason")
                }
                guard parts[name] == nil else { throw error(line.number, "a second `## \(name)` in this example") }
                parts[name] = []
                current = name
            } else if let current {
                parts[current, default: []].append(line)
            } else if t.lowercased().hasPrefix("row:") {
                row = t.dropFirst(4).trimmingCharacters(in: .whitespaces)
            } else if !t.isEmpty {
                throw error(line.number, "an example holds an optional `Row: id` line, then `## Target`, `## Scores` and `## Reason`")
            }
        }
        for part in ["Target", "Scores", "Reason"] where parts[part] == nil {
            throw error(section.line, "the example has no `## \(part)` part")
        }
        var scores: [String: LevelLabel] = [:]
        var scoreLines: [String: Int] = [:]
        for line in parts["Scores"] ?? [] {
            let t = line.text.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { continue }
            guard t.hasPrefix("- "), let colon = t.lastIndex(of: ":") else {
                throw error(line.number, "score lines read `- Dimension: score`")
            }
            let dimension = t[t.index(t.startIndex, offsetBy: 2)..<colon].trimmingCharacters(in: .whitespaces)
            let score = t[t.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !dimension.isEmpty, !score.isEmpty else { throw error(line.number, "score lines read `- Dimension: score`") }
            guard scores[dimension] == nil else { throw error(line.number, "the example scores \(dimension) twice") }
            scores[dimension] = LevelLabel(score)
            scoreLines[dimension] = line.number
        }
        let example = RubricDocument.Example(
            title: title, row: row, target: text(parts["Target"] ?? []), scores: scores, reason: text(parts["Reason"] ?? []))
        return (example, scoreLines)
    }
}
