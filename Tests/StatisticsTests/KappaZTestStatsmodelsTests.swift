import AgreementCoefficients
import StatisticsCore
import Testing

/// Cohen's kappa z test against statsmodels 0.15.0
/// `statsmodels.stats.inter_rater.cohens_kappa(table, wt=…)`, which reports the
/// SE under H₀ (`std_kappa0`), `z_value` and `pvalue_two_sided` beside the
/// unconditional SE (`std_kappa`). Values from
/// `benchmarks/python/edge_case_fixtures.py kappa_z_test` (scipy 1.17.1,
/// numpy 2.4.6, Python 3.11.7). statsmodels' `wt="linear"`/`"quadratic"` weights
/// are index-based, equal to the value-based ones on this equally spaced scale.
@Suite("Kappa's z test: the H0 SE, z and two-sided p-value as statsmodels")
struct KappaZTestStatsmodelsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var weights: AgreementWeights
        var kappa: Double
        var standardError: Double
        var nullStandardError: Double
        var z: Double
        var pValue: Double
        var testDescription: String { weights.description }
    }

    static let table = ContingencyTable(scale: CategoryScale(1...3), rows: [[22, 5, 2], [4, 15, 6], [1, 7, 18]])

    static let cases: [Case] = [
        Case(
            weights: .unweighted, kappa: 0.5311767463666198, standardError: 0.07740314959180611,
            nullStandardError: 0.07898817948874776, z: 6.724762487307212, pValue: 1.758790938344068e-11),
        Case(
            weights: .linear, kappa: 0.6085284865431668, standardError: 0.07101411111846095,
            nullStandardError: 0.0886510526364199, z: 6.864312023895464, pValue: 6.681245298479054e-12),
        Case(
            weights: .quadratic, kappa: 0.684966411860088, standardError: 0.07175150983191503,
            nullStandardError: 0.11173426710466601, z: 6.1303164159876955, pValue: 8.770446773321004e-10),
    ]

    @Test("Kappa, both SEs, z and p match statsmodels", arguments: cases)
    func matchesStatsmodels(_ c: Case) throws {
        let kappa = CohenKappa(Self.table, weights: c.weights)
        #expect(abs(try #require(kappa.kappa.value) - c.kappa) <= 1e-14)
        #expect(abs(try #require(kappa.kappa.standardError) - c.standardError) <= 1e-14)
        #expect(abs(try #require(kappa.nullStandardError) - c.nullStandardError) <= 1e-14)
        #expect(abs(try #require(kappa.z) - c.z) <= 1e-12 * c.z)
        #expect(abs(try #require(kappa.pValue) - c.pValue) <= 1e-10 * c.pValue)
    }
}
