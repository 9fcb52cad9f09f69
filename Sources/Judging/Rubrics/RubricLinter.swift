public import DataFormats
import EvaluationCore
public import Foundation

/// A finding about a rubric: an error (the rubric cannot be used as it is) or
/// a warning (it can, but probably should not be), with where it is.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The rubric cannot be used as it is.
        case error
        /// The rubric can be used, but probably should not be as it is.
        case warning
    }

    /// How serious.
    public var severity: Severity
    /// A stable code: `parse`, `duplicate-dimension`, `scale-best-first`,
    /// `template-fails-on-run`, `odd-levels`, `scale-gap`,
    /// `level-without-description`, `example-missing-score`, `example-row-not-in-run`,
    /// `example-row-held-out`.
    public var code: String
    /// The file.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// What is wrong and what to do.
    public var message: String

    /// Creates a finding.
    public init(severity: Severity, code: String, file: String, line: Int?, message: String) {
        self.severity = severity
        self.code = code
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: warning: message`, the form compilers use.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(severity.rawValue): \(message)"
    }

    /// The finding as `judgecal rubric lint` writes it in JSON: every key
    /// present, `line` null when there is none.
    public var jsonValue: JSONValue {
        .object([
            "severity": .string(severity.rawValue), "code": .string(code), "file": .string(file),
            "line": line.map { .number(Double($0)) } ?? .null, "message": .string(message),
        ])
    }
}

/// Checks a rubric for what parses but misleads a judge or a report.
///
/// Warnings: a scale with an odd number of levels (a judge drifts to the
/// neutral middle; SummEval's and Newsroom's 1–5 scales are odd because the
/// experts' were, and keep this warning), a numeric scale that skips a number
/// (`1, 2, 4`: its weights and the judge's reading of it are uneven), a level
/// without a description, an example that leaves a dimension unscored, an
/// example citing a row id the run lacks (when the run's ids are given).
/// Errors: a rubric that does not parse; two dimensions with the same name —
/// the judge's JSON reply has one member per dimension name, so such a rubric
/// cannot be scored; a word scale written best first (`Excellent` … `Poor`),
/// which ``Rubric/load(from:)`` refuses because it would invert every score;
/// and, when the run's rows are given, a target or reference template that
/// cannot be rendered for some row (a field the row lacks), which would
/// otherwise fail only at judge time; and, when the label set's splits are
/// given, an example citing a row held out for validation or test: the judge
/// would be shown the answer to a row it is later measured on.
public enum RubricLinter {
    /// The findings for the rubric file at `url`; a parse error becomes the
    /// single error finding.
    ///
    /// - Parameters:
    ///   - runRowIDs: the ids of the run the rubric will judge, if known.
    ///   - runRows: the rows of that run as templates see them (`FrozenRow.json`),
    ///     to render every template against every row.
    ///   - heldOutRows: the labelled rows outside the development split, each with the name of its split.
    public static func lint(
        fileAt url: URL, runRowIDs: Set<String>? = nil, runRows: [JSONValue]? = nil, heldOutRows: [String: String] = [:]
    ) -> [Diagnostic] {
        do {
            return lint(
                try Rubric.load(from: url, checkingScaleOrder: false), runRowIDs: runRowIDs, runRows: runRows,
                heldOutRows: heldOutRows)
        } catch let error as InputError {
            return [Diagnostic(severity: .error, code: "parse", file: error.file, line: error.line, message: error.message)]
        } catch {
            return [Diagnostic(severity: .error, code: "parse", file: url.path, line: nil, message: String(describing: error))]
        }
    }

    /// The findings for a parsed rubric, errors first, each group in line order.
    ///
    /// - Parameters:
    ///   - runRowIDs: the ids of the run the rubric will judge, if known.
    ///   - runRows: the rows of that run as templates see them (`FrozenRow.json`,
    ///     with `id`, `input`, `expected`, `response`, `metadata`); each
    ///     template is rendered against each, and every placeholder that fails
    ///     is one error naming the rows (the first five, and how many more).
    ///   - heldOutRows: the labelled rows outside the development split, each with the name of its split
    ///     (`validation`, `test`); a worked example may cite none of them.
    public static func lint(
        _ rubric: Rubric, runRowIDs: Set<String>? = nil, runRows: [JSONValue]? = nil, heldOutRows: [String: String] = [:]
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func add(_ severity: Diagnostic.Severity, _ code: String, _ line: Int?, _ message: String) {
            out.append(Diagnostic(severity: severity, code: code, file: rubric.file, line: line, message: message))
        }
        var firstLine: [String: Int?] = [:]
        for (i, d) in rubric.dimensions.enumerated() {
            let line = rubric.locations.dimensions.indices.contains(i) ? rubric.locations.dimensions[i] : nil
            if let earlier = firstLine[d.name.lowercased()] {
                let also = earlier.map { " (first at line \($0))" } ?? ""
                add(.error, "duplicate-dimension", line, "dimension \(d.name) is defined twice\(also); rename one")
            } else {
                firstLine[d.name.lowercased()] = line
            }
            let levels = d.scale.levels
            if levels.count % 2 == 1 {
                add(
                    .warning, "odd-levels", line,
                    "dimension \(d.name) has \(levels.count) levels; a judge drifts to the neutral middle of an odd scale (keep it only when the experts' scale is odd)"
                )
            }
            let levelLines = rubric.locations.levels.indices.contains(i) ? rubric.locations.levels[i] : [:]
            if case .custom(let custom) = d.scale,
                let problem = RubricChecks.bestFirstProblem(labels: custom.map(\.label), dimension: d.name)
            {
                add(.error, "scale-best-first", custom.first.flatMap { levelLines[$0.label.lowercased()] } ?? line, problem)
            }
            if case .numeric(let numeric) = d.scale {
                let missing = RubricChecks.gaps(in: Array(numeric.keys))
                if !missing.isEmpty {
                    let values = numeric.keys.sorted().map(String.init).joined(separator: ", ")
                    add(
                        .warning, "scale-gap", line,
                        "the scale of \(d.name) (\(values)) skips \(missing.map(String.init).joined(separator: ", ")); weights and the judge read the levels as evenly spaced — number them without a gap"
                    )
                }
            }
            for level in levels where level.description.trimmingCharacters(in: .whitespaces).isEmpty {
                add(
                    .warning, "level-without-description", levelLines[level.label.lowercased()] ?? line,
                    "level \(level.label) of \(d.name) has no description; say what earns it")
            }
        }
        for (i, e) in rubric.examples.enumerated() {
            let line = rubric.locations.examples.indices.contains(i) ? rubric.locations.examples[i] : nil
            let name = e.title.map { "example \"\($0)\"" } ?? "example \(i + 1)"
            for d in rubric.dimensions where e.scores[d.name] == nil {
                add(.warning, "example-missing-score", line, "\(name) gives no \(d.name) score")
            }
            if let ids = runRowIDs, let row = e.rowID, !ids.contains(row) {
                add(.warning, "example-row-not-in-run", line, "\(name) cites row \(row), which the run does not have")
            }
            if let row = e.rowID, let split = heldOutRows[row] {
                add(
                    .error, "example-row-held-out", line,
                    "\(name) cites row \(row), a \(split) row; worked examples may cite only development rows")
            }
        }
        if let rows = runRows {
            let templates = [("the target", rubric.target)] + rubric.reference.map { ("the reference \($0.label)", $0.template) }
            for (name, template) in templates {
                var failing: [String: (error: InputError, rows: [String])] = [:]
                var order: [String] = []
                for (n, row) in rows.enumerated() {
                    let id = row["id"]?.plainText ?? "row \(n + 1)"
                    for failure in template.failures(in: row) {
                        if failing[failure.placeholder] == nil {
                            order.append(failure.placeholder)
                            failing[failure.placeholder] = (failure.error, [])
                        }
                        failing[failure.placeholder]?.rows.append(id)
                    }
                }
                for placeholder in order {
                    guard let (error, ids) = failing[placeholder] else { continue }
                    let shown = ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? " and \(ids.count - 5) more" : "")
                    add(
                        .error, "template-fails-on-run", error.line,
                        "{{\(placeholder)}} in \(name) cannot be rendered for \(ids.count) of \(rows.count) rows of the run (\(shown)); the first: \(error.message)"
                    )
                }
            }
        }
        return out.enumerated().sorted { a, b in
            if a.element.severity != b.element.severity { return a.element.severity == .error }
            return (a.element.line ?? 0, a.offset) < (b.element.line ?? 0, b.offset)
        }.map(\.element)
    }
}
