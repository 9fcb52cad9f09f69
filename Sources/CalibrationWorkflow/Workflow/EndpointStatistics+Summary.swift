public import DataFormats
public import LanguageModels
public import StatisticsCore

extension EndpointStatistics {
    /// The latency quantiles a run's summary gives: the median, the 90th and the 99th percentile.
    public static let summaryQuantiles = [0.5, 0.9, 0.99]

    /// The `p`-quantile of this endpoint's exchange seconds (``Spread/quantile(_:_:)``, type 7);
    /// undefined when it was sent nothing.
    public func latency(quantile p: Double) -> Estimate {
        Spread.quantile(latencies, p)
    }

    /// One line of a run's summary:
    /// `endpoint http://10.0.0.2:8000/v1: 120 requests, 2 failed, 1 outage; latency p50 0.21 s, p90 0.40 s, p99 0.80 s`.
    public var summary: String {
        let latency =
            requests == 0
            ? "no latency (nothing sent)"
            : "latency "
                + Self.summaryQuantiles.map { p in
                    "p\((p * 100).plainText) " + (self.latency(quantile: p).value.map { $0.fixed(decimals: 2) } ?? "–") + " s"
                }.joined(separator: ", ")
        return "endpoint \(baseURL): \(requests) requests, \(failures) failed, \(outages) "
            + (outages == 1 ? "outage" : "outages") + "; " + latency
    }

    /// The endpoint's counts as JSON, for the `endpoints` of `judge`'s JSON summary:
    /// `{"baseURL", "requests", "failures", "outages", "latency": {"p50", "p90", "p99"}}`, the latencies in seconds
    /// (``summaryQuantiles``), each `null` when the endpoint was sent nothing.
    public var json: JSONValue {
        let latency = Self.summaryQuantiles.map { p in
            ("p\((p * 100).plainText)", self.latency(quantile: p).value.map(JSONValue.number) ?? .null)
        }
        return .object([
            "baseURL": .string(baseURL), "requests": .number(Double(requests)), "failures": .number(Double(failures)),
            "outages": .number(Double(outages)), "latency": .object(Dictionary(uniqueKeysWithValues: latency)),
        ])
    }
}
