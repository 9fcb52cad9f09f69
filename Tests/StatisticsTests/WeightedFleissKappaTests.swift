import AgreementCoefficients
import StatisticsCore
import Testing

/// Weighted Fleiss' kappa (Gwet 2014, *Handbook of Inter-Rater Reliability*, 4th
/// ed., ch. 2–3: p_e = Σ_kl w_kl π_k π_l with missing ratings) against irrCAC
/// 0.4.4 `CAC(ratings, weights=…, categories=[1, 2, 3, 4], digits=15).fleiss()`,
/// from `benchmarks/python/edge_case_fixtures.py weighted_fleiss` (scipy 1.17.1,
/// numpy 2.4.6, pandas 2.3.3). irrCAC rounds at the 15th decimal.
@Suite("Weighted Fleiss' kappa against irrCAC, with missing ratings")
struct WeightedFleissKappaTests {
    static let units: [[Double?]] = [
        [1, 2, 2, nil], [2, 2, 3, 3], [3, 3, 3, 4], [1, 1, 2, 2], [4, 4, 4, 3],
        [2, 3, 3, nil], [1, 1, 1, 1], [3, 4, 4, 4], [2, 2, 2, 3], [1, 2, nil, nil],
    ]

    /// (weights, value, se, p_a, p_e, t interval lower, upper).
    static let expected: [(AgreementWeights, Double, Double, Double, Double, Double, Double)] = [
        (
            .unweighted, 0.232361241768579, 0.121837035544765, 0.433333333333333, 0.261805555555556,
            -0.043253280883111, 0.50797576442027
        ),
        (
            .linear, 0.50280282719961, 0.11159143493087, 0.811111111111111, 0.620092592592593,
            0.250365463363812, 0.755240191035408
        ),
        (
            .quadratic, 0.730941704035874, 0.083152936345785, 0.937037037037037, 0.765987654320988,
            0.542836693473553, 0.919046714598196
        ),
    ]

    @Test("Value, SE, p_a, p_e and the t interval match irrCAC for identity, linear and quadratic weights")
    func matchesIrrCAC() throws {
        let counts = try UnitCategoryCounts(scale: CategoryScale(1...4), unitsByRaters: Self.units)
        for (weights, value, se, pa, pe, lower, upper) in Self.expected {
            let kappa = FleissKappa(counts, weights: weights, quantile: .studentT)
            let estimate = kappa.coefficient
            #expect(abs(try #require(estimate.value) - value) <= 1e-14, "\(weights)")
            #expect(abs(try #require(estimate.standardError) - se) <= 1e-14, "\(weights)")
            #expect(abs(try #require(kappa.observedAgreement) - pa) <= 1e-14, "\(weights)")
            #expect(abs(try #require(kappa.chanceAgreement) - pe) <= 1e-14, "\(weights)")
            let interval = try #require(estimate.interval)
            #expect(abs(interval.lower - lower) <= 1e-13 && abs(interval.upper - upper) <= 1e-13, "\(weights)")
            #expect(estimate.n == 10)
        }
    }
}
