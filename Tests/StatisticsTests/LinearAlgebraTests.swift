import AgreementCoefficients
import LinearAlgebra
import StatisticsCore
import Testing

@Suite("Least-squares recalibration through LAPACK dgels")
struct LinearRecalibrationTests {
    @Test("dgels recovers known coefficients from noiseless synthetic data")
    func recoversCoefficients() throws {
        var rng = SplitMix64(seed: 42)
        let rows = (0..<200).map { _ in [Double.random(in: 1...5, using: &rng), Double.random(in: 1...5, using: &rng)] }
        let expert = rows.map { 0.5 + 0.8 * $0[0] - 0.3 * $0[1] }
        let model = try LinearRecalibration(expert: expert, judgeDimensions: rows)
        let fit = try #require(model.fit, "\(model.undefinedReason?.message ?? "")")
        #expect(abs(fit.intercept - 0.5) <= 1e-12)
        #expect(abs(fit.slopes[0] - 0.8) <= 1e-12)
        #expect(abs(fit.slopes[1] + 0.3) <= 1e-12)
        #expect(fit.residualStandardError <= 1e-12)
        #expect(abs(fit.rSquared - 1) <= 1e-12)
        #expect(abs(fit.predict([3, 2]) - 2.3) <= 1e-12)
    }

    @Test("A straight line with noise: coefficients, residual SE and R² match numpy.linalg.lstsq")
    func simpleLine() throws {
        let judge: [Double] = [1, 2, 3, 4, 5, 2, 3, 4]
        let expert: [Double] = [1.5, 1.8, 3.1, 3.2, 4.9, 2.4, 2.6, 4.1]
        let fit = try #require(try LinearRecalibration(expert: expert, judge: judge).fit)
        // Sxx = 12, Sxy = 9.9, Syy = 9.06, means 3 and 2.95: b = 0.825, a = 0.475.
        // numpy.linalg.lstsq: a 0.47500000000000026, b 0.8250000000000001, RSS/6 → 0.38568121551353773.
        #expect(abs(fit.slopes[0] - 0.825) <= 1e-14)
        #expect(abs(fit.intercept - 0.475) <= 1e-14)
        #expect(abs(fit.residualStandardError - 0.38568121551353773) <= 1e-14)
        #expect(abs(fit.rSquared - 0.9014900662251656) <= 1e-14)
        let r = try #require(try Correlation.pearson(judge, expert).value)
        #expect(abs(fit.rSquared - r * r) <= 1e-14, "R² of a one-regressor fit is r²")
    }

    @Test("A constant judge is rank-deficient, undefined with a reason that says so")
    func constantJudge() throws {
        let model = try LinearRecalibration(expert: [1, 2, 3, 4], judge: [3, 3, 3, 3])
        #expect(model.fit == nil)
        #expect(model.undefinedReason?.code == "no-variation")
        #expect(model.undefinedReason?.message.contains("rank-deficient") == true)
    }

    @Test("Collinear judge dimensions are detected from dgels' R factor")
    func collinear() throws {
        let rows: [[Double]] = [[1, 2], [2, 4], [3, 6], [4, 8], [5, 10]]
        let model = try LinearRecalibration(expert: [1, 3, 2, 5, 4], judgeDimensions: rows)
        #expect(model.fit == nil)
        #expect(model.undefinedReason?.code == "rank-deficient")
    }

    @Test("Constant experts and too few items are undefined, bad input throws")
    func degenerate() throws {
        #expect(try LinearRecalibration(expert: [2, 2, 2], judge: [1, 2, 3]).undefinedReason?.code == "no-variation")
        #expect(try LinearRecalibration(expert: [1, 2], judge: [1, 2]).undefinedReason?.code == "too-few")
        #expect(throws: RatingError.self) { try LinearRecalibration(expert: [1, 2, 3], judge: [1, 2]) }
        #expect(throws: RatingError.self) { try LinearRecalibration(expert: [1, .infinity, 3], judge: [1, 2, 3]) }
    }
}

@Suite("Halo summary through LAPACK dsyev")
struct HaloSummaryTests {
    @Test("Two dimensions with r = 0.8: λ = 1.8 and 0.2, summing to d = 2, λ₁/d = 0.9")
    func twoDimensions() throws {
        // Centred x: −1.5, −0.5, 0.5, 1.5; y: −1.5, 0.5, −0.5, 1.5; Sxy = 4, Sxx = Syy = 5.
        let scores: [[Double]] = [[1, 1], [2, 3], [3, 2], [4, 4]]
        let halo = try HaloSummary(scores: scores, dimensions: ["RE", "CH"])
        #expect(abs(halo.correlations[0][1] - 0.8) <= 1e-15)
        #expect(abs(halo.eigenvalues[0] - 1.8) <= 1e-14)
        #expect(abs(halo.eigenvalues[1] - 0.2) <= 1e-14)
        #expect(abs(halo.eigenvalues.reduce(0, +) - 2) <= 1e-14, "the trace of a correlation matrix is d")
        #expect(abs(try #require(halo.firstEigenvalueShare.value) - 0.9) <= 1e-14)
        let half = 0.5.squareRoot()
        #expect(abs(halo.leadingEigenvector[0] - half) <= 1e-14 && abs(halo.leadingEigenvector[1] - half) <= 1e-14)
    }

    @Test("Equicorrelation ρ = 0.5 over d = 4: λ = 2.5, 0.5, 0.5, 0.5 and λ₁/d = 0.625")
    func equicorrelated() throws {
        // A common factor plus four mutually orthogonal, equally sized noises,
        // each orthogonal to the factor and to the constant, over 8 items
        // (columns of a Hadamard matrix): every pair correlates at exactly 0.5.
        let hadamard: [[Double]] = [
            [1, 1, 1, 1, 1, 1, 1, 1], [1, -1, 1, -1, 1, -1, 1, -1], [1, 1, -1, -1, 1, 1, -1, -1],
            [1, -1, -1, 1, 1, -1, -1, 1], [1, 1, 1, 1, -1, -1, -1, -1], [1, -1, 1, -1, -1, 1, -1, 1],
        ]
        let factor = hadamard[1]
        let scores = (0..<8).map { i in (2...5).map { d in factor[i] + hadamard[d][i] } }
        let halo = try HaloSummary(scores: scores, dimensions: ["RE", "CH", "EM", "SU"])
        for i in 0..<4 { for j in 0..<4 where i != j { #expect(abs(halo.correlations[i][j] - 0.5) <= 1e-15) } }
        let expected = [2.5, 0.5, 0.5, 0.5]
        for (l, e) in zip(halo.eigenvalues, expected) { #expect(abs(l - e) <= 1e-12, "\(halo.eigenvalues)") }
        #expect(abs(try #require(halo.firstEigenvalueShare.value) - 0.625) <= 1e-12)
        for loading in halo.leadingEigenvector { #expect(abs(loading - 0.5) <= 1e-12) }
    }

    @Test("A judge whose dimensions move together shows a larger first-eigenvalue share than the experts")
    func comparison() throws {
        var rng = SplitMix64(seed: 7)
        let items = 60
        let expert = (0..<items).map { _ in (0..<4).map { _ in Double(Int.random(in: 1...5, using: &rng)) } }
        // The judge: one overall impression, copied onto every dimension with little variation.
        let judge = expert.map { row in
            let overall = (row.reduce(0, +) / 4).rounded()
            return row.map { _ in overall + Double(Int.random(in: 0...8, using: &rng) == 0 ? 1 : 0) }
        }
        let names = ["RE", "CH", "EM", "SU"]
        let comparison = HaloComparison(
            judge: try HaloSummary(scores: judge, dimensions: names),
            expert: try HaloSummary(scores: expert, dimensions: names))
        let judgeShare = try #require(comparison.judge.firstEigenvalueShare.value)
        let expertShare = try #require(comparison.expert.firstEigenvalueShare.value)
        #expect(judgeShare > 0.85)
        #expect(expertShare < 0.5)
        #expect(abs(try #require(comparison.shareDifference.value) - (judgeShare - expertShare)) <= 1e-15)
    }

    @Test("A constant dimension is undefined with a reason that names it")
    func constantDimension() throws {
        let halo = try HaloSummary(scores: [[1, 3], [2, 3], [3, 3]], dimensions: ["RE", "CH"])
        #expect(halo.firstEigenvalueShare.value == nil)
        #expect(halo.firstEigenvalueShare.undefinedReason?.message.contains("CH") == true)
        #expect(halo.eigenvalues.isEmpty)
        let comparison = HaloComparison(judge: halo, expert: halo)
        #expect(comparison.shareDifference.value == nil)
    }
}

@Suite("Distributions behind the p-values and intervals")
struct DistributionTests {
    @Test("Normal quantiles match scipy's norm.ppf to full precision")
    func normal() {
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959963984540054) <= 1e-15)
        #expect(abs(NormalDistribution.quantile(1e-10) + 6.361340902404056) <= 1e-13)
        #expect(abs(NormalDistribution.quantile(0.3) + 0.5244005127080409) <= 1e-15)
    }

    @Test("F quantiles and tails match scipy's f.ppf and f.sf, non-integer df included")
    func f() {
        #expect(abs(FDistribution.quantile(0.975, 19, 38) - 2.106123925226338) <= 1e-12)
        #expect(abs(FDistribution.quantile(0.975, 38, 19) - 2.3426869850702468) <= 1e-12)
        #expect(abs(FDistribution.quantile(0.999999, 3, 2.5) - 76647.61382540409) <= 1e-7)
        #expect(abs(FDistribution.survival(1.8267716535433058, 19, 39.74604092078144) - 0.05426568131784287) <= 1e-13)
    }

    @Test("The two-sided t tail matches scipy's 2·t.sf(2, 5)")
    func t() {
        #expect(abs(StudentTDistribution.twoSidedPValue(2, degreesOfFreedom: 5) - 0.10193947882985835) <= 1e-14)
    }
}
