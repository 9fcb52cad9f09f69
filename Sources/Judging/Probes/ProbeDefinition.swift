import DataFormats
public import Foundation

/// User-defined probes, read from a Markdown file: front matter naming the probe, and a
/// `# Template` section whose text, rendered over each row (``Template``), replaces the probed
/// field (docs/FORMATS.md, "Probe file").
///
/// ```
/// ---
/// name: sign-off
/// summary: appends a thank-you tag
/// expectation: the score stays
/// ---
///
/// # Template
///
/// {{response.tags | join: ", "}}, thanks-for-reading
/// ```
///
/// When the field holds a list, the rendered text is split at commas and line breaks into its items.
///
/// With `degrades: Relevance, Usefulness` (or `degrades: all`) the probe is a degradation: a
/// rewrite that should lower the score on those dimensions, by `severity: severe`, `moderate`
/// (the default) or `minor` (``DegradationTarget``).
public enum ProbeDefinition {
    /// The front matter's keys.
    static let keys = ["name", "summary", "expectation", "degrades", "severity"]

    /// The probe defined in the file at `url`.
    ///
    /// - Throws: ``InputError`` naming the file, line and what was expected.
    public static func load(from url: URL) throws -> Probe {
        try parse(String(decoding: try InputFile.read(url), as: UTF8.self), file: InputFile.displayName(url))
    }

    /// The probe defined by `text`, read from `file`.
    ///
    /// - Throws: ``InputError`` naming the file, line and what was expected.
    public static func parse(_ text: String, file: String) throws -> Probe {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        func error(_ line: Int, _ column: String? = nil, message: String) -> InputError {
            InputError(file: file, line: line, column: column, message: message)
        }
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else {
            throw error(1, message: "a probe file starts with front matter: `---`, then `name: …`, then `---`")
        }
        var front: [String: String] = [:]
        var keyLines: [String: Int] = [:]
        var index = 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "---" {
            let line = lines[index]
            if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let colon = line.firstIndex(of: ":") else {
                    throw error(index + 1, message: "front matter lines read `key: value`")
                }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard keys.contains(key) else {
                    throw error(
                        index + 1, key,
                        message: "unknown front matter key `\(key)`" + Suggestion.phrase(for: key, among: keys)
                            + "; the keys are \(keys.joined(separator: ", "))")
                }
                front[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                keyLines[key] = index + 1
            }
            index += 1
        }
        guard index < lines.count else { throw error(1, message: "the front matter opened with `---` is never closed with `---`") }
        guard let name = front["name"], !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw error(1, "name", message: "the probe needs `name: …` in its front matter, of letters, digits and hyphens")
        }
        guard let heading = lines[(index + 1)...].firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
            lines[heading].trimmingCharacters(in: .whitespaces) == "# Template"
        else {
            throw error(index + 2, message: "after the front matter comes a `# Template` section, the text that replaces the field")
        }
        let body = lines[(heading + 1)...]
        guard let first = body.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
            let last = body.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        else {
            throw error(heading + 1, message: "the `# Template` section is empty; write the text that replaces the field")
        }
        let template = try Template(lines[first...last].joined(separator: "\n"), file: file, line: first + 1)
        let degrades = try target(front, lines: keyLines, file: file)
        return Probe(
            name: name, summary: front["summary"] ?? "the template in \(file)",
            expectation: front["expectation"] ?? (degrades == nil ? "not stated" : "the score falls on the dimensions it names"),
            change: .response(.template(template)), degrades: degrades)
    }

    /// The degradation target of the front matter's `degrades` and `severity`, `nil` without them.
    ///
    /// - Throws: ``InputError`` at the key's line: `degrades` naming no dimension, an unknown
    ///   severity, a severity without `degrades`.
    private static func target(_ front: [String: String], lines: [String: Int], file: String) throws -> DegradationTarget? {
        let severities = DegradationTarget.Severity.allCases.map(\.rawValue)
        guard let listed = front["degrades"] else {
            guard front["severity"] == nil else {
                throw InputError(
                    file: file, line: lines["severity"] ?? 1, column: "severity",
                    message: "`severity` is how far a degradation should lower the score; "
                        + "add `degrades: …` naming the dimensions it lowers (or `degrades: all`)")
            }
            return nil
        }
        let names = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw InputError(
                file: file, line: lines["degrades"] ?? 1, column: "degrades",
                message: "`degrades:` names no dimension; list the dimensions the probe should lower, "
                    + "separated by commas (`degrades: Relevance, Usefulness`), or write `degrades: all`")
        }
        var severity = DegradationTarget.Severity.moderate
        if let asked = front["severity"] {
            guard let known = DegradationTarget.Severity(rawValue: asked) else {
                throw InputError(
                    file: file, line: lines["severity"] ?? 1, column: "severity",
                    message: "unknown severity `\(asked)`" + Suggestion.phrase(for: asked, among: severities)
                        + "; a severity is one of \(severities.joined(separator: ", "))")
            }
            severity = known
        }
        return DegradationTarget(dimensions: names == ["all"] ? .all : .named(names), severity: severity)
    }
}
