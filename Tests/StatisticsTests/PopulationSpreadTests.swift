import StatisticsCore
import Testing

/// The population (divisor n) variance and standard deviation beside the sample
/// (n − 1) ones, against numpy 2.4.6 `np.var`/`np.std` with `ddof=0` and
/// `ddof=1`, from `benchmarks/python/edge_case_fixtures.py population_spread`.
/// On the offset data numpy's two-pass sum is 3.8e-12 relative off the exact
/// value (rationals over the stored doubles, also printed by the script); the
/// compensated two-pass here is within 1e-14 of it, so that case checks the
/// exact value tightly and numpy's loosely.
@Suite("Population and sample variance and standard deviation against numpy")
struct PopulationSpreadTests {
    /// (values, var ddof=0, std ddof=0, var ddof=1, std ddof=1), all exact as numpy prints them.
    static let cases: [([Double], Double, Double, Double, Double)] = [
        ([2, 4, 4, 4, 5, 5, 7, 9], 4.0, 2.0, 4.571428571428571, 2.138089935299395),
        ([1.5, 2.25, 3.0, 10.125], 11.9091796875, 3.4509679348698676, 15.87890625, 3.98483453232377),
    ]

    static func check(_ values: [Double], _ expected: [Double], relative tolerance: Double) throws {
        let estimates = [
            Spread.variance(values, divisor: .population), Spread.standardDeviation(values, divisor: .population),
            Spread.variance(values), Spread.standardDeviation(values),
        ]
        for (estimate, expected) in zip(estimates, expected) {
            let value = try #require(estimate.value)
            #expect(abs(value - expected) <= tolerance * expected, "\(values): \(value) vs \(expected)")
            #expect(estimate.n == values.count)
        }
    }

    @Test("Spread.variance and standardDeviation with .population and .sample divisors")
    func matchesNumpy() throws {
        for (values, var0, std0, var1, std1) in Self.cases {
            try Self.check(values, [var0, std0, var1, std1], relative: 1e-15)
        }
        let offset = [1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3]
        try Self.check(
            offset, [0.006666661898296727, 0.08164962889258424, 0.00999999284744509, 0.09999996423721906],
            relative: 1e-14)
        try Self.check(
            offset, [0.0066666618983219905, 0.08164962889273894, 0.009999992847482986, 0.09999996423740853],
            relative: 1e-11)
    }
}
