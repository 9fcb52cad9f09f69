import AgreementCoefficients
import StatisticsCore
import Testing

/// Where the true large-sample SE is exactly 0, it is computed as 0 (issue #10:
/// the square root of rounding error, 2.4e-8, gave a lower bound of 0.99999995).
/// The diagonal 1, 6, 3, 3 is chosen because Σ p_ii·1² rounds to 1 + 2.2e-16 in
/// the order the cells are summed, which the former Σ p a² − (Σ p a)² turned into
/// an SE of about 6e-9.
@Suite("A standard error that is truly 0 is computed as 0")
struct ExactZeroStandardErrorTests {
    static let scale = CategoryScale(1...4)
    static let perfect = ContingencyTable(
        scale: scale,
        rows: [[1, 0, 0, 0], [0, 6, 0, 0], [0, 0, 3, 0], [0, 0, 0, 3]]
    )
    static let weightings: [AgreementWeights] = [.unweighted, .linear, .quadratic]

    @Test("Cohen's kappa with perfect agreement: SE 0 and interval [1, 1], every weighting", arguments: weightings)
    func kappaPerfect(_ weights: AgreementWeights) throws {
        for quantile in ConfidenceInterval.Quantile.allCases {
            let kappa = CohenKappa(Self.perfect, weights: weights, quantile: quantile).kappa
            #expect(kappa.value == 1)
            #expect(kappa.standardError == 0)
            let interval = try #require(kappa.interval)
            #expect(interval.lower == 1 && interval.upper == 1)
        }
    }

    @Test("Gwet's AC1/AC2 for two raters with perfect agreement: SE 0 and interval [1, 1]", arguments: weightings)
    func gwetPerfect(_ weights: AgreementWeights) throws {
        let ac = GwetAgreementCoefficient(Self.perfect, weights: weights).coefficient
        #expect(ac.value == 1)
        #expect(ac.standardError == 0)
        let interval = try #require(ac.interval)
        #expect(interval.lower == 1 && interval.upper == 1)
    }

    @Test("Every pair in one off-diagonal cell: kappa 0 (p_o = p_e = 0) with SE exactly 0")
    func singleCell() {
        let table = ContingencyTable(scale: Self.scale, rows: [[0, 9, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        let kappa = CohenKappa(table).kappa
        #expect(kappa.value == 0)
        #expect(kappa.standardError == 0)
    }

    @Test("Several raters, every unit unanimous: Fleiss' kappa and Gwet's AC1 have SE 0", arguments: weightings)
    func multiRaterPerfect(_ weights: AgreementWeights) throws {
        let units: [[Double?]] = [[1, 1, 1], [2, 2, 2], [2, 2, 2], [3, 3, 3], [4, 4, 4], [4, 4, 4], [4, 4, 4]]
        let counts = try UnitCategoryCounts(scale: Self.scale, unitsByRaters: units)
        let fleiss = FleissKappa(counts, weights: weights).coefficient
        let gwet = GwetAgreementCoefficient(counts, weights: weights).coefficient
        for estimate in [fleiss, gwet] {
            #expect(estimate.value == 1)
            #expect(estimate.standardError == 0)
            #expect(estimate.interval?.lower == 1 && estimate.interval?.upper == 1)
        }
    }
}
