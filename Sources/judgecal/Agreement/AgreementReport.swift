import AgreementStatistics
import CommandLineParsing
import Foundation

/// What `judgecal agreement` found, ready to print as a table or JSON.
struct AgreementReport: Sendable {
    struct Row: Sendable {
        var group: String?
        var measurement: Measurement
    }

    var file: String
    var statistic: String
    var request: AgreementRequest
    var items: Int
    var rows: [Row]

    /// The report as aligned text for a person.
    func text(style: TextStyle) -> String {
        let grouped = rows.contains { $0.group != nil }
        let hasSE = rows.contains { $0.measurement.estimate.standardError != nil }
        let hasCI = rows.contains { $0.measurement.estimate.interval != nil }
        var columns = (grouped ? ["group"] : []) + ["raters", "measure", "value"]
        if hasSE { columns.append("se") }
        if hasCI { columns.append("ci") }
        let hasNote = rows.contains { $0.measurement.estimate.undefinedReason != nil }
        columns += ["n", "excluded"] + (hasNote ? ["note"] : [])
        let numeric = Set(columns.indices.filter { ["value", "se", "n", "excluded"].contains(columns[$0]) })
        let body = rows.map { row -> [String] in
            let e = row.measurement.estimate
            var cells = (grouped ? [row.group ?? ""] : []) + [row.measurement.raters.joined(separator: " · "), row.measurement.measure, Self.format(e.value)]
            if hasSE { cells.append(Self.format(e.standardError)) }
            if hasCI { cells.append(e.interval.map { "[\(Self.format($0.lower)), \(Self.format($0.upper))] \(Int(($0.level * 100).rounded()))% \($0.method)" } ?? "—") }
            cells += [String(e.n), row.measurement.excluded.map(String.init) ?? ""]
            if hasNote { cells.append(e.undefinedReason?.message ?? "") }
            return cells
        }
        var header = "\(file): \(statistic) — \(items) item\(items == 1 ? "" : "s")"
        if let scale = request.scale { header += ", categories \(scale)" }
        let table = TextTable(columns: columns, rows: body, rightAligned: numeric)
        return style.bold(header) + "\n\n" + table.rendered(style: style)
    }

    /// The report as JSON for machines; every key is always present, `null` when it does not apply.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(JSONReport(self)), as: UTF8.self)
    }

    static func format(_ x: Double?) -> String {
        guard let x else { return "—" }
        return String(format: "%.4f", x)
    }
}

/// The JSON schema of `judgecal agreement --json` (documented in the command's help).
private struct JSONReport: Encodable {
    struct Parameters: Encodable {
        var weights: String
        var level: String?
        var categories: [String]?
        var ci: String?
        var resamples: Int?
        var seed: UInt64?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(weights, forKey: .weights)
            try c.encode(level, forKey: .level)
            try c.encode(categories, forKey: .categories)
            try c.encode(ci, forKey: .ci)
            try c.encode(resamples, forKey: .resamples)
            try c.encode(seed, forKey: .seed)
        }

        enum CodingKeys: String, CodingKey { case weights, level, categories, ci, resamples, seed }
    }

    struct Result: Encodable {
        var group: String?
        var raters: [String]
        var measure: String
        var value: Double?
        var se: Double?
        var ci: ConfidenceInterval?
        var n: Int
        var excluded: Int?
        var undefined: UndefinedReason?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(group, forKey: .group)
            try c.encode(raters, forKey: .raters)
            try c.encode(measure, forKey: .measure)
            try c.encode(value, forKey: .value)
            try c.encode(se, forKey: .se)
            try c.encode(ci, forKey: .ci)
            try c.encode(n, forKey: .n)
            try c.encode(excluded, forKey: .excluded)
            try c.encode(undefined, forKey: .undefined)
        }

        enum CodingKeys: String, CodingKey { case group, raters, measure, value, se, ci, n, excluded, undefined }
    }

    var file: String
    var statistic: String
    var items: Int
    var parameters: Parameters
    var results: [Result]

    init(_ report: AgreementReport) {
        let r = report.request
        let bootstrap = r.interval == .bootstrap
        file = report.file
        statistic = report.statistic
        items = report.items
        parameters = Parameters(
            weights: r.weights.rawValue, level: r.level?.rawValue, categories: r.scale?.labels,
            ci: r.interval?.rawValue, resamples: bootstrap ? r.resamples : nil, seed: bootstrap ? r.seed : nil)
        results = report.rows.map { row in
            let e = row.measurement.estimate
            return Result(
                group: row.group, raters: row.measurement.raters, measure: row.measurement.measure,
                value: e.value, se: e.standardError, ci: e.interval, n: e.n, excluded: row.measurement.excluded, undefined: e.undefinedReason)
        }
    }
}
