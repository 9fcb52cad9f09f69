import StatisticsCore
import Testing

/// McNemar's test against statsmodels 0.15.0
/// `statsmodels.stats.contingency_tables.mcnemar` (issue #10: b = c ≥ 25 gave
/// χ² 0 and p 1 where statsmodels and R `mcnemar.test` give 1/(b + c)). Values
/// from `benchmarks/python/edge_case_fixtures.py mcnemar` (scipy 1.17.1,
/// numpy 2.4.6, Python 3.11.7): `exact=True` below 25 discordant pairs,
/// `exact=False, correction=True` from 25 on.
@Suite("McNemar's test against statsmodels, both branches, b = c included")
struct McNemarStatsmodelsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var b: Int
        var c: Int
        var statistic: Double?
        var pValue: Double
        var testDescription: String { "b = \(b), c = \(c)" }
    }

    static let cases: [Case] = [
        Case(b: 10, c: 2, statistic: nil, pValue: 0.03857421875),
        Case(b: 10, c: 14, statistic: nil, pValue: 0.5412561893463135),
        Case(b: 12, c: 12, statistic: nil, pValue: 1.0),
        Case(b: 3, c: 3, statistic: nil, pValue: 1.0),
        Case(b: 1, c: 0, statistic: nil, pValue: 1.0),
        Case(b: 20, c: 20, statistic: 0.025, pValue: 0.8743670611628918),
        Case(b: 13, c: 13, statistic: 0.038461538461538464, pValue: 0.8445192674729399),
        Case(b: 25, c: 25, statistic: 0.02, pValue: 0.887537083981715),
        Case(b: 100, c: 100, statistic: 0.005, pValue: 0.9436280222029834),
        Case(b: 26, c: 25, statistic: 0.0, pValue: 1.0),
        Case(b: 30, c: 15, statistic: 4.355555555555555, pValue: 0.036888425707049914),
    ]

    @Test("Statistic, p-value and branch as statsmodels", arguments: cases)
    func matchesStatsmodels(_ c: Case) {
        let test = McNemarTest(firstOnly: c.b, secondOnly: c.c)
        #expect(test.method == (c.b + c.c < 25 ? .exactBinomial : .chiSquareContinuityCorrected))
        if let statistic = c.statistic {
            #expect(abs((test.statistic ?? .nan) - statistic) <= 1e-15)
        } else {
            #expect(test.statistic == nil)
        }
        #expect(abs(test.pValue - c.pValue) <= 1e-12)
        // The test is symmetric in the two judges.
        #expect(McNemarTest(firstOnly: c.c, secondOnly: c.b).pValue == test.pValue)
    }
}
