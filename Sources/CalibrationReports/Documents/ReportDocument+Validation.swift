import AgreementCoefficients
import Calibration
public import DataFormats
import StatisticsCore

extension ReportDocument {
    /// A report that decodes but cannot be drawn truthfully: where (the JSON
    /// path, such as `dimensions[1].confusionMatrix.counts[2]`) and what is wrong.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The JSON path of the value at fault.
        public var path: String
        /// What is wrong and what was expected.
        public var message: String

        public var description: String { "\(path): \(message)" }
    }

    /// The first reason the report cannot be rendered as it stands, or `nil`.
    ///
    /// One check for the alignment, preference and comparison kinds (and each judge's alignment in a
    /// several judges' table), run before any page is drawn, because the
    /// renderers trust what they are given (a confusion matrix that does not
    /// fit its scale would index past its end): the schema version must be one
    /// this build writes; every count must be zero or more; a declared scale
    /// must have a category, one label per value and distinct values; a
    /// confusion matrix must be k×k for its k labels (and its scale's k), its
    /// counts zero or more, and its total a number the page can add up.
    public var problem: Problem? {
        switch self {
        case .alignment(let report): Self.problem(in: report)
        case .comparison(let comparison): Self.problem(in: comparison)
        case .preference(let preference): Self.problem(in: preference)
        case .judgeTable(let table):
            table.reports.sorted { $0.key < $1.key }.lazy.compactMap { name, report in
                Self.problem(in: report).map { Problem(path: "reports.\(name).\($0.path)", message: $0.message) }
            }.first
        case .estimate, .digest, .probe: nil
        }
    }

    /// Throws the first ``problem`` as an ``InputError`` naming `file`, the
    /// JSON path and, when `lines` is given, the line of the value at fault.
    ///
    /// - Throws: ``InputError``.
    public func validate(file: String, lines: JSONLines? = nil) throws {
        guard let problem else { return }
        let line = lines.flatMap { lines in
            var path = problem.path
            while true {
                if let line = lines.line(of: path) { return line }
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return lines.line(of: "") }
                path = String(path[..<cut])
            }
        }
        throw InputError(
            file: file, line: line, column: problem.path,
            message: "cannot render this report: \(problem.message) (docs/FORMATS.md)")
    }

    private static func schemaProblem(_ version: Int, current: Int) -> Problem? {
        guard version != current else { return nil }
        return Problem(
            path: "schemaVersion",
            message: "schema version \(version) is not one this judgecal reads (it reads \(current)); use the judgecal that wrote it")
    }

    private static func countProblem(_ counts: [(String, Int)], at path: String) -> Problem? {
        for (name, value) in counts where value < 0 {
            return Problem(path: path + "." + name, message: "\(value) is a negative count; a count is 0 or more")
        }
        return nil
    }

    private static func problem(in report: AlignmentReport) -> Problem? {
        if let p = schemaProblem(report.schemaVersion, current: AlignmentReport.currentSchemaVersion) { return p }
        for (i, d) in report.dimensions.enumerated() {
            let path = "dimensions[\(i)]"
            let c = d.counts
            let counts = [
                ("rowsInRun", c.rowsInRun), ("labelled", c.labelled), ("judged", c.judged), ("judgeFailures", c.judgeFailures),
                ("labelledNotJudged", c.labelledNotJudged), ("judgedNotLabelled", c.judgedNotLabelled),
                ("excludedAsExamples", c.excludedAsExamples), ("paired", c.paired),
            ]
            if let p = countProblem(counts, at: path + ".counts") { return p }
            if let p = countProblem(
                [
                    ("rowsWithSeveralRaters", d.expertAggregation.rowsWithSeveralRaters),
                    ("rowsWithoutMajority", d.expertAggregation.rowsWithoutMajority ?? 0),
                ], at: path + ".expertAggregation")
            {
                return p
            }
            if let ceiling = d.humanCeiling {
                for (i, pair) in ceiling.pairs.enumerated() {
                    if let p = countProblem([("n", pair.n)], at: path + ".humanCeiling.pairs[\(i)]") { return p }
                }
                for (i, rater) in ceiling.raters.enumerated() {
                    if let p = countProblem([("rows", rater.rows)], at: path + ".humanCeiling.raters[\(i)]") { return p }
                }
            }
            if let scale = d.scale, let p = scaleProblem(scale, at: path + ".scale") { return p }
            if let m = d.confusionMatrix, let p = matrixProblem(m, scale: d.scale, at: path + ".confusionMatrix") { return p }
        }
        return nil
    }

    /// A preference table must be 3×3 over a, tie, b with counts of zero or more that add up, as its renderers index it.
    private static func problem(in preference: PreferenceAlignment) -> Problem? {
        let table = preference.agreement.table
        let counts = [
            ("rows", preference.rows), ("failed", preference.failed), ("inconsistentAsTies", preference.inconsistentAsTies),
            ("labels", preference.labels), ("agreement.table.excludedPairs", table.excludedPairs),
        ]
        if let p = countProblem(counts, at: "") { return Problem(path: String(p.path.dropFirst()), message: p.message) }
        guard table.scale.count == 3, table.counts.count == 9 else {
            return Problem(
                path: "agreement.table.counts",
                message: "\(table.counts.count) counts on a scale of \(table.scale.count); a preference table is 3×3 over a, tie, b")
        }
        let matrix = DimensionAlignment.ConfusionMatrix(labels: ["a", "tie", "b"], counts: table.rows)
        return matrixProblem(matrix, scale: nil, at: "agreement.table").map {
            Problem(path: "agreement.table.counts", message: $0.message)
        }
    }

    private static func problem(in comparison: RubricComparison) -> Problem? {
        if let p = schemaProblem(comparison.schemaVersion, current: RubricComparison.currentSchemaVersion) { return p }
        for (i, d) in comparison.dimensions.enumerated() {
            let counts = [
                ("paired", d.paired), ("labelledNotPaired", d.labelledNotPaired), ("valuesRounded", d.valuesRounded),
                ("controlOnlyExact", d.controlOnlyExact), ("experimentalOnlyExact", d.experimentalOnlyExact),
            ]
            if let p = countProblem(counts, at: "dimensions[\(i)]") { return p }
            if let m = d.mcnemar,
                let p = countProblem([("firstOnly", m.firstOnly), ("secondOnly", m.secondOnly)], at: "dimensions[\(i)].mcnemar")
            {
                return p
            }
        }
        return nil
    }

    private static func scaleProblem(_ scale: CategoryScale, at path: String) -> Problem? {
        guard !scale.values.isEmpty else {
            return Problem(path: path + ".values", message: "the scale has no categories; a scale needs at least one")
        }
        guard scale.labels.count == scale.values.count else {
            return Problem(
                path: path + ".labels",
                message: "\(scale.labels.count) labels for \(scale.values.count) values; a scale has one label per value")
        }
        var seen: [Double: Int] = [:]
        for (j, value) in scale.values.enumerated() {
            if let first = seen[value] {
                return Problem(
                    path: path + ".values[\(j)]",
                    message: "the value \(value.plainText) is also values[\(first)]; a scale's values are distinct")
            }
            seen[value] = j
        }
        return nil
    }

    private static func matrixProblem(
        _ m: DimensionAlignment.ConfusionMatrix, scale: CategoryScale?, at path: String
    ) -> Problem? {
        let k = m.labels.count
        guard k > 0 else { return Problem(path: path + ".labels", message: "the matrix has no labels; it needs one per category") }
        if let scale, scale.count != k {
            return Problem(
                path: path + ".labels", message: "\(k) labels for a scale of \(scale.count) categories; they must match")
        }
        guard m.counts.count == k else {
            return Problem(
                path: path + ".counts", message: "\(m.counts.count) rows for \(k) labels; the matrix is \(k)×\(k), one row per label")
        }
        var total = 0
        for (r, row) in m.counts.enumerated() {
            guard row.count == k else {
                return Problem(
                    path: path + ".counts[\(r)]", message: "\(row.count) columns for \(k) labels; each row has one count per label")
            }
            for (c, count) in row.enumerated() {
                guard count >= 0 else {
                    return Problem(path: path + ".counts[\(r)][\(c)]", message: "\(count) is a negative count; a count is 0 or more")
                }
                let (sum, overflow) = total.addingReportingOverflow(count)
                guard !overflow else {
                    return Problem(
                        path: path + ".counts[\(r)][\(c)]", message: "the counts add up past \(Int.max); no report has so many rows")
                }
                total = sum
            }
        }
        return nil
    }
}
