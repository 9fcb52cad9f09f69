import AgreementCoefficients
public import Calibration
import DataFormats
import Foundation
public import RatingsAgreement
import StatisticsCore

extension AgreementReport {
    /// The report as JSON for machines (schema in docs/FORMATS.md).
    ///
    /// Every key is always present, `null` when it does not apply. The seed is
    /// a string, since it may exceed 2⁵³.
    public func json() throws -> String {
        String(decoding: try JSONEncoder.report.encode(jsonValue), as: UTF8.self)
    }

    private var jsonValue: JSONValue {
        let r = request
        let bootstrap = r.interval?.isBootstrap == true
        let parameters: JSONValue = .object([
            "weights": Self.json(r.statistic.parameters.contains(.weights) ? r.effectiveWeights.schemeName : nil),
            "level": Self.json(r.metric?.metricName),
            "categories": r.scale.map { .array($0.labels.map(JSONValue.string)) } ?? .null,
            "ci": Self.json(r.interval?.rawValue),
            "resamples": bootstrap ? .number(Double(r.resamples)) : .null,
            "seed": Self.json(bootstrap ? String(r.seed) : nil),
            "tolerance": r.statistic.parameters.contains(.tolerance) ? .number(r.effectiveTolerance) : .null,
            "icc-form": Self.json(
                r.statistic.parameters.contains(.iccForm) ? (r.iccForm ?? .twoWay(.agreement, .single)).shortName : nil),
            "population": .bool(r.population),
        ])
        return .object([
            "file": .string(file), "statistic": .string(r.statistic.name), "items": .number(Double(items)),
            "parameters": parameters, "results": .array(rows.map(Self.json)),
        ])
    }

    private static func json(_ row: Row) -> JSONValue {
        let m = row.measurement
        let e = m.estimate
        let interval = e.interval.map { ci -> JSONValue in
            .object(["lower": number(ci.lower), "upper": number(ci.upper), "level": number(ci.level), "method": .string(ci.method.rawValue)])
        }
        let undefined = e.undefinedReason.map { reason -> JSONValue in
            .object(["code": .string(reason.code), "message": .string(reason.message)])
        }
        let test = m.test.map { t -> JSONValue in
            .object(["se0": number(t.nullStandardError), "z": number(t.z), "p": number(t.pValue)])
        }
        let table = m.table.map { t -> JSONValue in
            .object([
                "labels": .array(t.scale.labels.map(JSONValue.string)),
                "counts": .array(t.rows.map { .array($0.map { .number(Double($0)) }) }),
            ])
        }
        return .object([
            "group": json(row.group),
            "raters": .array(m.raters.map(JSONValue.string)),
            "measure": .string(m.measure),
            "value": number(e.value),
            "se": number(e.standardError),
            "ci": interval ?? .null,
            "ci-undefined": e.intervalUndefinedReason.map { .object(["code": .string($0.code), "message": .string($0.message)]) }
                ?? .null,
            "n": .number(Double(e.n)),
            "excluded": m.excluded.map { .number(Double($0)) } ?? .null,
            "undefined": undefined ?? .null,
            "undefined-resamples": m.resampling.map { .number(Double($0.undefinedResamples)) } ?? .null,
            "test": test ?? .null,
            "table": table ?? .null,
            "notes": .array(m.notes.map(JSONValue.string)),
        ])
    }

    /// A number, or null when there is none or it is not finite: JSON holds
    /// no NaN or infinity, and the encoder would refuse the whole report.
    /// (Estimates carry no such value; this guards the figures set after them.)
    private static func number(_ x: Double?) -> JSONValue {
        guard let x, x.isFinite else { return .null }
        return .number(x)
    }

    private static func json(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
