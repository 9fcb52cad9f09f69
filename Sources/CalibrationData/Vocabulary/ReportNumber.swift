import DataFormats
package import StatisticsCore

/// The number formats every alignment and comparison report shares, in text,
/// Markdown and HTML: three decimals, "—" where there is no value.
package enum ReportNumber {
    /// A value to three decimals, or "—" when undefined.
    package static func number(_ x: Double?) -> String {
        x?.fixed(decimals: 3) ?? "—"
    }

    /// A score: an integer as such ("3"), anything else to three decimals ("2.667").
    package static func score(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : number(x)
    }

    /// A ratio to one decimal: "4.0" (times as many).
    package static func ratio(_ x: Double) -> String {
        x.fixed(decimals: 1)
    }

    /// A share as a percentage: "20%", "17.3%" (one decimal unless whole).
    package static func percent(_ x: Double) -> String {
        let p = x * 100
        return abs(p - p.rounded()) < 1e-9 ? "\(Int(p.rounded()))%" : "\(p.fixed(decimals: 1))%"
    }

    /// An estimate's value, or "—".
    package static func value(_ e: Estimate) -> String {
        number(e.value)
    }

    /// "0.712 [0.551, 0.873]", the value alone without an interval, or "— (reason)"
    /// when `withReason` and undefined.
    package static func withInterval(_ e: Estimate, withReason: Bool = false) -> String {
        guard let v = e.value else {
            return withReason ? "— (\(e.undefinedReason?.message ?? "no value"))" : "—"
        }
        guard let ci = e.interval else { return number(v) }
        return "\(number(v)) [\(number(ci.lower)), \(number(ci.upper))]"
    }
}
