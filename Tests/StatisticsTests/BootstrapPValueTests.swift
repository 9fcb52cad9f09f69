import StatisticsCore
import Testing

@Suite("The bootstrap's two-sided percentile p-value")
struct BootstrapPValueTests {
    private func result(_ replicates: [Double]) -> BootstrapResult {
        BootstrapResult(
            method: "items", estimate: 1, replicates: replicates, resamples: replicates.count, level: 0.95, seed: 1, jackknife: nil)
    }

    @Test("2·(min(#≤0, #≥0) + 1)/(B + 1): one replicate of four at or below 0 gives 0.8")
    func counts() {
        #expect(result([-1, 1, 2, 3]).twoSidedPValue() == 0.8)
        #expect(result([-1, 0, 2, 3]).twoSidedPValue() == 1, "a replicate at 0 counts on both sides")
    }

    @Test("every replicate on one side: 2/(B + 1), never 0")
    func oneSided() {
        #expect(result(Array(repeating: 0.5, count: 1999)).twoSidedPValue() == 0.001)
        #expect(result(Array(repeating: -0.5, count: 99)).twoSidedPValue(null: 0) == 0.02)
    }

    @Test("no defined replicate: no p-value")
    func none() {
        #expect(result([]).twoSidedPValue() == nil)
    }

    @Test("p ≤ 0.05 exactly when 0 lies outside the 95% percentile interval, on a shifted sample")
    func invertsTheInterval() throws {
        for shift in stride(from: -0.3, through: 0.3, by: 0.05) {
            let replicates = (0..<1999).map { shift + Double($0 - 999) / 4000 }
            let r = result(replicates)
            let interval = try #require(r.percentileInterval)
            let p = try #require(r.twoSidedPValue())
            #expect((p <= 0.05) == (interval.lower > 0 || interval.upper < 0), "shift \(shift): p \(p), \(interval.lower)…\(interval.upper)")
        }
    }
}
