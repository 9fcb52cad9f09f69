import Foundation
import RunInference
import Testing
import _TestSupport

/// The cases `benchmarks/python/pass_selected_fixtures.py` wrote (`Resources/pass-selected-fixtures.json`):
/// scipy's `truncnorm` pivot solved by `brentq` for the value and the interval's ends.
enum PassSelectedFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var seed: Int
        var meanResidual: Double
        var standardError: Double
        var low: Double
        var high: Double
        var level: Double
        var value: Double
        var lower: Double
        var upper: Double
        var testDescription: String { "seed \(seed): m \(meanResidual) in [\(low), \(high)]" }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = SharedData.fixture(File.self, at: "Tests/StatisticsTests/Resources/pass-selected-fixtures.json").cases
}

@Suite("A passed audit's mean residual read given the pass equals scipy's truncated-normal pivot")
struct PassSelectedResidualReferenceTests {
    @Test("The median-unbiased value and the interval's ends", arguments: PassSelectedFixtures.cases)
    func matches(_ c: PassSelectedFixtures.Case) throws {
        let reading = try #require(
            PassSelectedResidual(meanResidual: c.meanResidual, standardError: c.standardError, passRegion: c.low...c.high, level: c.level))
        // brentq stops at 1e-14 of b; the pivot's own rounding far in a tail costs more, relative to the scale of b.
        let close = { (a: Double, b: Double) in abs(a - b) <= 1e-8 * max(c.standardError, abs(b)) }
        #expect(close(reading.value, c.value), "value \(reading.value) against \(c.value)")
        #expect(close(reading.lower, c.lower), "lower \(reading.lower) against \(c.lower)")
        #expect(close(reading.upper, c.upper), "upper \(reading.upper) against \(c.upper)")
        #expect(reading.lower < reading.value && reading.value < reading.upper)
    }

    @Test("The cases reach both edges of the region and its middle")
    func coverage() {
        let positions = PassSelectedFixtures.cases.map { ($0.meanResidual - $0.low) / ($0.high - $0.low) }
        #expect(positions.contains { $0 < 0.01 } && positions.contains { $0 > 0.99 } && positions.contains { $0 > 0.3 && $0 < 0.7 })
    }

    @Test("Far from the edges the reading is the unselected one: m ± z·se, m itself the value")
    func unselected() throws {
        let reading = try #require(PassSelectedResidual(meanResidual: 0.01, standardError: 0.001, passRegion: -0.5...0.5))
        #expect(abs(reading.value - 0.01) < 1e-12)
        #expect(abs(reading.upper - (0.01 + 1.959963984540054 * 0.001)) < 1e-9)
        #expect(abs(reading.lower - (0.01 - 1.959963984540054 * 0.001)) < 1e-9)
    }

    @Test("Near an edge the reading moves past it: m 0.079 of a region ending at 0.08 says b is above m")
    func nearEdge() throws {
        let reading = try #require(PassSelectedResidual(meanResidual: 0.079, standardError: 0.01, passRegion: -0.08...0.08))
        #expect(reading.value > 0.079 && reading.upper > 0.1 && reading.lower < 0.079)
    }

    @Test("No reading: a mean residual outside the region, a point region, an empty one, se not positive, a level out of (0, 1)")
    func refused() {
        #expect(PassSelectedResidual(meanResidual: 0.2, standardError: 0.01, passRegion: -0.1...0.1) == nil)
        #expect(PassSelectedResidual(meanResidual: 0, standardError: 0.01, passRegion: 0...0) == nil)
        #expect(PassSelectedResidual(meanResidual: 0, standardError: 0, passRegion: -0.1...0.1) == nil)
        #expect(PassSelectedResidual(meanResidual: 0, standardError: 0.01, passRegion: -0.1...0.1, level: 1) == nil)
        #expect(PassSelectedResidual.passRegion(margin: 0.1, halfWidth: 0.12) == nil)
        let region = PassSelectedResidual.passRegion(margin: 0.5, halfWidth: 0.25)
        #expect(region == -0.25...0.25)
    }
}
