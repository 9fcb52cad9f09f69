import Foundation
import RunInference
import StatisticsCore
import Testing

@Suite("Selection adjustment: Bonferroni over the looks and the best one's likely optimism")
struct SelectionAdjustmentTests {
    @Test("E[max of m standard normals] has its closed forms for m = 2 and 3, and 1.5388 for 10 and 1.8675 for 20")
    func expectedMaximum() {
        #expect(SelectionAdjustment.expectedMaximumOfNormals(1) == 0)
        #expect(abs(SelectionAdjustment.expectedMaximumOfNormals(2) - 1 / Double.pi.squareRoot()) < 1e-9)
        #expect(abs(SelectionAdjustment.expectedMaximumOfNormals(3) - 1.5 / Double.pi.squareRoot()) < 1e-9)
        // Tabulated by Tippett (1925) and Harter (1961): 1.53875 and 1.86748.
        #expect(abs(SelectionAdjustment.expectedMaximumOfNormals(10) - 1.538753) < 1e-5)
        #expect(abs(SelectionAdjustment.expectedMaximumOfNormals(20) - 1.867475) < 1e-5)
    }

    @Test("One look gives the nominal normal interval and no optimism; five widen it to z(1 − 0.05/10) = 2.5758")
    func bonferroniInterval() throws {
        let estimate = Estimate(value: 0.6, n: 50, standardError: 0.1)
        let one = try #require(SelectionAdjustment.adjusted(estimate, looks: 1, level: 0.95))
        #expect(abs(one.interval.lower - (0.6 - 0.1 * 1.959964)) < 1e-6)
        #expect(one.optimism == 0)
        let five = try #require(SelectionAdjustment.adjusted(estimate, looks: 5, level: 0.95))
        #expect(abs(five.interval.upper - (0.6 + 0.1 * 2.575829)) < 1e-6)
        #expect(abs(five.optimism - 0.1 * 1.162964) < 1e-5)
        #expect(five.interval.method == .bonferroni(looks: 5))
    }

    @Test("Without a standard error the interval's half-width stands in; without a value there is nothing to adjust")
    func fromInterval() throws {
        let z = 1.959963984540054
        let estimate = Estimate(
            value: 0.2, n: 40, interval: ConfidenceInterval(lower: 0.2 - 0.05 * z, upper: 0.2 + 0.05 * z, level: 0.95, method: .percentileBootstrap))
        let adjusted = try #require(SelectionAdjustment.adjusted(estimate, looks: 2, level: 0.95))
        #expect(abs(adjusted.optimism - 0.05 / Double.pi.squareRoot()) < 1e-9)
        #expect(SelectionAdjustment.adjusted(Estimate(undefined: .noData(), n: 0), looks: 2, level: 0.95) == nil)
        #expect(SelectionAdjustment.adjusted(Estimate(value: 0.3, n: 10), looks: 2, level: 0.95) == nil)
    }
}
