import Foundation
import RunInference
import Testing
import _TestSupport

/// The cases `benchmarks/python/control_limits_fixtures.py` wrote (`Resources/control-limits-fixtures.json`):
/// statsmodels' DerSimonian–Laird τ², and the random-effects baseline and prediction limits from it.
enum ControlLimitsFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var seed: Int
        var values: [Double]
        var standardErrors: [Double]
        var latest: Double
        var latestStandardError: Double
        var alpha: Double
        var tau2: Double
        var baseline: Double
        var baselineStandardError: Double
        var critical: Double
        var lower: Double
        var upper: Double
        var outside: Bool
        var testDescription: String { "seed \(seed): \(values.count) earlier looks" }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/control-limits-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Control limits equal statsmodels' DerSimonian–Laird pooling with the prediction interval")
struct ControlLimitsReferenceTests {
    @Test("τ, the baseline and its error, the critical value, the limits and the decision", arguments: ControlLimitsFixtures.cases)
    func matches(_ c: ControlLimitsFixtures.Case) throws {
        let earlier = zip(c.values, c.standardErrors).map { ControlLimits.Look(value: $0, standardError: $1) }
        let limits = try #require(
            ControlLimits(earlier: earlier, latest: .init(value: c.latest, standardError: c.latestStandardError), alpha: c.alpha))
        let close = { (a: Double, b: Double) in abs(a - b) <= 1e-10 * max(1, abs(b)) }
        #expect(close(limits.betweenLookSD * limits.betweenLookSD, c.tau2), "\(limits.betweenLookSD) against τ² \(c.tau2)")
        #expect(close(limits.baseline, c.baseline) && close(limits.baselineStandardError, c.baselineStandardError))
        #expect(close(limits.critical, c.critical) && close(limits.lower, c.lower) && close(limits.upper, c.upper))
        #expect(limits.isOutside == c.outside && limits.earlierLooks == c.values.count)
    }

    @Test("Every decision is among the cases; too few earlier looks, or a look without an error, set no limits")
    func edges() {
        #expect(Set(ControlLimitsFixtures.cases.map(\.outside)) == [true, false])
        let look = ControlLimits.Look(value: 0.7, standardError: 0.03)
        #expect(ControlLimits(earlier: [look, look], latest: look) == nil)
        #expect(ControlLimits(earlier: [look, look, look], latest: look) != nil)
        #expect(ControlLimits(earlier: [look, look, .init(value: 0.7, standardError: 0)], latest: look) == nil)
        #expect(ControlLimits(earlier: [look, look, look], latest: .init(value: .nan, standardError: 0.03)) == nil)
    }
}
