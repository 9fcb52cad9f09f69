import Calibration
import CalibrationWorkflow
import DataFormats
import LanguageModels
import StatisticsCore
import Testing

@Suite("The run summary's line per endpoint: counts and latency quantiles")
struct EndpointSummaryTests {
    /// Five exchanges, two failed, one outage.
    static let counts = {
        var counts = EndpointStatistics(baseURL: "http://10.0.0.2:8000/v1")
        counts.requests = 5
        counts.failures = 2
        counts.outages = 1
        counts.latencies = [0.4, 0.1, 0.3, 0.2, 1.0]
        return counts
    }()

    @Test("Requests, failures, outages and the type-7 p50, p90 and p99 of the exchange seconds")
    func line() {
        let counts = Self.counts
        // numpy.quantile([0.1, 0.2, 0.3, 0.4, 1.0], [0.5, 0.9, 0.99]) = 0.3, 0.76, 0.976
        #expect(counts.latency(quantile: 0.9).value.map { abs($0 - 0.76) < 1e-12 } == true)
        #expect(
            counts.summary
                == "endpoint http://10.0.0.2:8000/v1: 5 requests, 2 failed, 1 outage; latency p50 0.30 s, p90 0.76 s, p99 0.98 s")
        let idle = EndpointStatistics(baseURL: "http://b/v1")
        #expect(idle.summary == "endpoint http://b/v1: 0 requests, 0 failed, 0 outages; no latency (nothing sent)")
        #expect(idle.latency(quantile: 0.5).value == nil, "no exchanges: undefined, not 0")
    }

    @Test("The same counts as JSON for judge --json: requests, failures, outages, p50/p90/p99 seconds; null latencies when idle")
    func json() {
        let counts = Self.counts
        let json = counts.json
        #expect(json["baseURL"]?.string == "http://10.0.0.2:8000/v1")
        #expect(json["requests"]?.double == 5 && json["failures"]?.double == 2 && json["outages"]?.double == 1)
        #expect(json["latency"]?["p50"]?.double.map { abs($0 - 0.3) < 1e-12 } == true)
        #expect(json["latency"]?["p90"]?.double.map { abs($0 - 0.76) < 1e-12 } == true)
        #expect(json["latency"]?["p99"]?.double.map { abs($0 - 0.976) < 1e-12 } == true)
        let idle = EndpointStatistics(baseURL: "http://b/v1").json
        #expect(idle["requests"]?.double == 0)
        #expect(idle["latency"]?["p50"] == .null, "nothing sent: no latency, not 0")
    }
}
