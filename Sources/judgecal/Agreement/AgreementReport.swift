import AgreementStatistics
import CommandLineParsing
import DataFormats
import EvaluationCore
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
        let hasNote = rows.contains { $0.measurement.estimate.undefinedReason != nil || ($0.measurement.undefinedResamples ?? 0) > 0 }
        columns += ["n", "excluded"] + (hasNote ? ["note"] : [])
        let numeric = Set(columns.indices.filter { ["value", "se", "n", "excluded"].contains(columns[$0]) })
        let body = rows.map { row -> [String] in
            let e = row.measurement.estimate
            var cells =
                (grouped ? [row.group ?? ""] : []) + [
                    row.measurement.raters.joined(separator: " · "), row.measurement.measure, Self.format(e.value),
                ]
            if hasSE { cells.append(Self.format(e.standardError)) }
            if hasCI {
                cells.append(
                    e.interval.map {
                        "[\(Self.format($0.lower)), \(Self.format($0.upper))] \(Int(($0.level * 100).rounded()))% \($0.method)"
                    } ?? "—")
            }
            cells += [String(e.n), row.measurement.excluded.map(String.init) ?? ""]
            if hasNote { cells.append(e.undefinedReason?.message ?? Self.resamplesNote(row.measurement, of: request.resamples)) }
            return cells
        }
        var header = "\(file): \(statistic) — \(items) item\(items == 1 ? "" : "s")"
        if let scale = request.scale { header += ", categories \(scale)" }
        let table = TextTable(columns: columns, rows: body, rightAligned: numeric)
        return style.bold(header) + "\n\n" + table.rendered(header: style.bold)
    }

    /// The report as JSON for machines.
    ///
    /// Every key is always present, `null` when it does not apply. The seed is
    /// a string, since it may exceed 2⁵³.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(jsonValue), as: UTF8.self)
    }

    private var jsonValue: JSONValue {
        let r = request
        let bootstrap = r.interval == .bootstrap
        let parameters: JSONValue = .object([
            "weights": .string(r.weights.rawValue),
            "level": Self.json(r.level?.rawValue),
            "categories": r.scale.map { .array($0.labels.map(JSONValue.string)) } ?? .null,
            "ci": Self.json(r.interval?.rawValue),
            "resamples": bootstrap ? .number(Double(r.resamples)) : .null,
            "seed": Self.json(bootstrap ? r.seed.map(String.init) : nil),
            "tolerance": .number(r.tolerance),
            "icc-form": Self.json(r.statistic.parameters.contains(.iccForm) ? r.iccForm.rawValue : nil),
        ])
        let results = rows.map { row -> JSONValue in
            let e = row.measurement.estimate
            let interval = e.interval.map { ci -> JSONValue in
                .object(["lower": .number(ci.lower), "upper": .number(ci.upper), "level": .number(ci.level), "method": .string(ci.method)])
            }
            let undefined = e.undefinedReason.map { reason -> JSONValue in
                .object(["code": .string(reason.code), "message": .string(reason.message)])
            }
            return .object([
                "group": Self.json(row.group),
                "raters": .array(row.measurement.raters.map(JSONValue.string)),
                "measure": .string(row.measurement.measure),
                "value": e.value.map(JSONValue.number) ?? .null,
                "se": e.standardError.map(JSONValue.number) ?? .null,
                "ci": interval ?? .null,
                "n": .number(Double(e.n)),
                "excluded": row.measurement.excluded.map { .number(Double($0)) } ?? .null,
                "undefined": undefined ?? .null,
                "undefined-resamples": row.measurement.undefinedResamples.map { .number(Double($0)) } ?? .null,
            ])
        }
        return .object([
            "file": .string(file), "statistic": .string(statistic), "items": .number(Double(items)),
            "parameters": parameters, "results": .array(results),
        ])
    }

    private static func json(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// "12 of 2000 resamples undefined, left out" when a bootstrap had any, else empty.
    private static func resamplesNote(_ measurement: Measurement, of resamples: Int) -> String {
        guard let undefined = measurement.undefinedResamples, undefined > 0 else { return "" }
        return "\(undefined) of \(resamples) resamples undefined, left out of the SE and interval"
    }

    static func format(_ x: Double?) -> String {
        guard let x else { return "—" }
        return x.fixed(decimals: 4)
    }
}
