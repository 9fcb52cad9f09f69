import Foundation
import RunInference
import Testing

@Suite("Sequential looks: futility, the chance that the plan's last look decides")
struct SequentialFutilityTests {
    /// The chance of *aligned* at the last look written out independently: the final estimate is normal with mean κ̂
    /// and SD SE·√(t(1 − t)), and the last look's interval is it ± c·SE·√t.
    static func direct(_ k: Double, _ theta: Double, _ se: Double, _ n: Int, _ total: Int, _ c: Double) -> (Double, Double) {
        let t = Double(n) / Double(total)
        let spread = se * (t * (1 - t)).squareRoot()
        let margin = c * se * t.squareRoot()
        let up = 0.5 * erfc((theta + margin - k) / spread / 2.0.squareRoot())
        let down = 0.5 * erfc(-(theta - margin - k) / spread / 2.0.squareRoot())
        return (up, down)
    }

    /// benchmarks/python/sequential_futility_check.py (scipy 1.17.1, with a 2,000,000-draw Monte Carlo that pools
    /// the rows so far with the rows to come) printed: 0.000005 / 0.063585; 0.991403 / 0; 0.002285 / 0.000005;
    /// 0 / 0.969875.
    @Test(
        "the chances match scipy's and a direct normal formula",
        arguments: [
            (0.55, 0.6, 0.08, 100, 0.000005, 0.063585), (0.75, 0.6, 0.06, 120, 0.991403, 0.0),
            (0.62, 0.6, 0.05, 200, 0.002285, 0.000005), (0.45, 0.6, 0.09, 60, 0.0, 0.969875),
        ])
    func chances(_ k: Double, _ theta: Double, _ se: Double, _ n: Int, _ scipyUp: Double, _ scipyDown: Double) throws {
        let f = try #require(
            SequentialFutility(estimate: k, threshold: theta, standardError: se, rows: n, finalRows: 400, finalCritical: 2.571))
        #expect(abs(f.chanceAligned - scipyUp) < 1e-6 && abs(f.chanceNotAligned - scipyDown) < 1e-6, "\(f)")
        let (up, down) = Self.direct(k, theta, se, n, 400, 2.571)
        #expect(abs(f.chanceAligned - up) < 1e-12 && abs(f.chanceNotAligned - down) < 1e-12)
    }

    @Test("an estimate on the threshold halfway through stops; a clear one, or one before half the plan, does not")
    func stops() throws {
        let flat = try #require(
            SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.08, rows: 200, finalRows: 400, finalCritical: 2.571))
        #expect(
            flat.stops && flat.chanceAligned < 0.001 && flat.summary.contains("the remaining budget (to 400 rows) is unlikely to decide"))
        let clear = try #require(
            SequentialFutility(estimate: 0.75, threshold: 0.6, standardError: 0.06, rows: 120, finalRows: 400, finalCritical: 2.571))
        #expect(!clear.stops && clear.summary.hasPrefix("by 400 rows, if the estimate holds: 99.1% chance of aligned"))
        let early = try #require(
            SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.15, rows: 90, finalRows: 400, finalCritical: 2.571))
        #expect(!early.stops && early.chanceAligned < SequentialFutility.defaultGamma, "below half of 400 rows")
        #expect(early.wouldStop(gamma: 0.1, minimumShare: 0.2))
    }

    @Test("at the last look the chances are its own outcome and it never stops; no SE, no estimate or no rows: no assessment")
    func edges() throws {
        let last = try #require(
            SequentialFutility(estimate: 0.62, threshold: 0.6, standardError: 0.05, rows: 400, finalRows: 400, finalCritical: 2.571))
        #expect(last.chanceAligned == 0 && last.chanceNotAligned == 0 && !last.stops)
        let decided = try #require(
            SequentialFutility(estimate: 0.8, threshold: 0.6, standardError: 0.05, rows: 400, finalRows: 400, finalCritical: 2.571))
        #expect(decided.chanceAligned == 1 && decided.chanceNotAligned == 0 && !decided.stops)
        for se in [0.0, -0.1, Double.nan, Double.infinity] {
            #expect(
                SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: se, rows: 100, finalRows: 400, finalCritical: 2.5) == nil)
        }
        #expect(
            SequentialFutility(estimate: .nan, threshold: 0.6, standardError: 0.1, rows: 100, finalRows: 400, finalCritical: 2.5) == nil)
        #expect(SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.1, rows: 0, finalRows: 400, finalCritical: 2.5) == nil)
    }

    @Test("a plan of 40 looks seen after 3 of 10 rows is projected to 400 rows and the 40 looks' last critical value")
    func projected() throws {
        let f = try #require(
            SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.2, sizes: [10, 20, 30], maximumLooks: 40, alpha: 0.025))
        let c = try #require(
            SequentialBoundary.criticalValues(sizes: Array(stride(from: 10, through: 400, by: 10)), maximumLooks: 40, alpha: 0.025))
        #expect(f.finalRows == 400 && f.rows == 30 && abs(f.finalCritical - c[39]) < 1e-9)
        // Uneven batches: the remaining looks at the mean batch so far (55 / 2 per look), N = round(55 · 4 / 2).
        let uneven = try #require(
            SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.2, sizes: [15, 55], maximumLooks: 4, alpha: 0.025))
        #expect(uneven.finalRows == 110)
        #expect(
            SequentialFutility(estimate: 0.6, threshold: 0.6, standardError: 0.2, sizes: [10, 20, 30], maximumLooks: 2, alpha: 0.025) == nil
        )
    }
}
