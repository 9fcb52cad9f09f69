import AgreementCoefficients
import Foundation
import StatisticsCore
import Testing

/// Inputs on which a figure used to look like a result: one pair, a constant
/// rater, too few or too many resamples, values whose squares overflow, scales
/// of thousands of levels.
@Suite("Degenerate and extreme inputs: undefined with a reason, never a point or NaN")
struct DegenerateInputTests {
    private static let scale = CategoryScale(1...4)

    private func kappa(_ a: [Double?], _ b: [Double?], interval: IntervalMethod? = .analytic, resamples: Int = 2000) throws
        -> AgreementMeasurement
    {
        let request = AgreementRequest(
            statistic: .cohenKappa, weights: .quadratic, scale: Self.scale, interval: interval, resamples: resamples, seed: 1)
        return try #require(
            try AgreementStatistic.cohenKappa.measurements(of: try RaterRatings(raters: ["a", "b"], ratings: [a, b]), request: request)
                .first)
    }

    @Test("One pair is too few rows: undefined with reason too-few, not kappa 0 [0, 0]")
    func singlePair() throws {
        let m = try kappa([1], [3])
        #expect(m.estimate.value == nil)
        #expect(m.estimate.undefinedReason?.code == "too-few")
        #expect(m.estimate.interval == nil)
    }

    @Test("A constant rater keeps kappa 0 by definition, but its collapsed analytic interval is removed with its reason")
    func constantRater() throws {
        let m = try kappa([1, 2, 3, 4, 1, 2, 3, 4, 2, 3], Array(repeating: 2, count: 10))
        #expect(m.estimate.value == 0)
        #expect(m.estimate.interval == nil)
        #expect(m.estimate.intervalUndefinedReason?.code == "collapsed-interval")
        // The bootstrap collapses too (every resample gives 0 or is undefined).
        let boot = try kappa([1, 2, 3, 4, 1, 2, 3, 4, 2, 3], Array(repeating: 2, count: 10), interval: .bootstrap, resamples: 200)
        #expect(boot.estimate.value == 0)
        #expect(boot.estimate.interval == nil)
        #expect(boot.estimate.intervalUndefinedReason?.code == "collapsed-interval")
    }

    @Test("A bootstrap of 1 or of 10⁸ resamples is refused before any work, with the limits")
    func resampleBounds() throws {
        #expect(throws: AgreementRequestError.tooFewResamples(1)) { try kappa([1, 2, 3], [1, 2, 4], interval: .bootstrap, resamples: 1) }
        #expect(throws: AgreementRequestError.tooManyResamples(100_000_000)) {
            try kappa([1, 2, 3], [1, 2, 4], interval: .bootstrap, resamples: 100_000_000)
        }
        #expect(AgreementRequestError.tooManyResamples(100_000_000).description.contains("100000"))
    }

    @Test("A scale of thousands of levels is refused with the limit, not tabulated for minutes")
    func categoryBound() throws {
        let many = (1...3000).map(String.init)
        #expect(throws: RatingError.self) { try CategoryScale(declared: many) }
        #expect((try? CategoryScale(declared: Array(many.prefix(CategoryScale.maximumCategories)))) != nil)
        let big = CategoryScale(1...3000)
        #expect(throws: RatingError.self) { try ContingencyTable(scale: big, first: [1, 2], second: [2, 1]) }
    }

    @Test("Values near 1e200: the spread is scaled, not 0; the variance that overflows is undefined with its reason")
    func overflowSpread() throws {
        let x = [1e200, 2e200, 3e200]
        #expect(try #require(Spread.mean(x).value) == 2e200)
        let sd = try #require(Spread.standardDeviation(x).value)
        #expect(abs(sd / 1e200 - 1) < 1e-15)
        let variance = Spread.variance(x)
        #expect(variance.value == nil)
        #expect(variance.undefinedReason?.code == "overflow")
        // The population SD of [±1e200] is 1e200, not "all the same".
        #expect(Spread.standardDeviation([1e200, -1e200], divisor: .population).value == 1e200)
        let bias = Spread.meanDifference([1e200, 3e200, -1.7e308], [0, 1e200, 1.7e308])
        #expect(bias.value == nil || bias.value?.isFinite == true)
        let small = Spread.meanDifference([3e200, 5e200], [1e200, 2e200])
        #expect(abs(try #require(small.value) / 2.5e200 - 1) < 1e-15)
        #expect(small.standardError != nil && small.standardError?.isFinite == true)
        // Scaling by a power of two changes no digit of ordinary data.
        let ordinary = [0.1, 0.7, 2.3, 9.9, 4.4]
        #expect(
            Spread.standardDeviation(ordinary).value == Spread.standardDeviation(ordinary.map { $0 * 0x1p600 }).value.map { $0 / 0x1p600 })
    }

    @Test("Pearson's r on 1e200-scale values equals r on the same values unscaled")
    func overflowPearson() throws {
        let x = [1.0, 2, 3, 4, 5.5]
        let y = [2.0, 1, 4, 3, 6]
        let r = try Correlation.measure(.pearson, x, y)
        let big = try Correlation.measure(.pearson, x.map { $0 * 1e200 }, y.map { $0 * 1e250 })
        #expect(abs(try #require(big.value) - (try #require(r.value))) < 1e-14)
        // A power-of-two factor changes no digit at all.
        #expect(try Correlation.measure(.pearson, x.map { $0 * 0x1p700 }, y).value == r.value)
    }

    @Test("No estimate holds NaN or infinity: such a value is undefined (not-finite), and JSON gets null")
    func notFinite() throws {
        let nan = Estimate(value: .nan, n: 3)
        #expect(nan.value == nil)
        #expect(nan.undefinedReason?.code == "not-finite")
        var mutated = Estimate(value: 1, n: 3, standardError: 0.1)
        mutated.value = .infinity
        mutated.standardError = .nan
        let json = String(decoding: try JSONEncoder().encode(mutated), as: UTF8.self)
        #expect(!json.contains(#""value""#) && json.contains("not-finite") && !json.contains("standardError"))
        let decoded = try JSONDecoder().decode(Estimate.self, from: Data(json.utf8))
        #expect(decoded.value == nil && decoded.undefinedReason?.code == "not-finite")
    }
}
