import AgreementCoefficients
import StatisticsCore
import Testing

/// Intervals clipped to each coefficient's own range, never past the estimate
/// (issue #10: AC2 and Fleiss' kappa below −1 were clipped at −1, so the
/// interval excluded the estimate or had lower > upper). Reference values from
/// irrCAC 0.4.4 (`irrCAC.table` and `irrCAC.raw`, digits = 15, so rounded at the
/// 15th decimal), whose t interval is clipped only at 1, via
/// `benchmarks/python/edge_case_fixtures.py coefficient_ranges` (scipy 1.17.1,
/// numpy 2.4.6, pandas 2.3.3, Python 3.11.7).
@Suite("Coefficient intervals are clipped to the coefficient's range, never past the estimate")
struct CoefficientRangeTests {
    static let scale = CategoryScale(1...3)

    static func close(_ interval: ConfidenceInterval?, _ lower: Double, _ upper: Double) -> Bool {
        guard let interval else { return false }
        return abs(interval.lower - lower) <= 1e-14 && abs(interval.upper - upper) <= 1e-14
    }

    @Test("AC2 (quadratic, three categories) of −1.2222 keeps its interval below −1; its range is [−2, 1]")
    func ac2BelowMinusOne() throws {
        let table = ContingencyTable(scale: Self.scale, rows: [[0, 0, 6], [0, 3, 0], [6, 0, 0]])
        let t = GwetAgreementCoefficient(table, weights: .quadratic, quantile: .studentT).coefficient
        let value = try #require(t.value)
        #expect(abs(value - -1.222222222222222) <= 1e-14)
        // irrCAC.table prints SE 0.031876406141636 and (−1.290590313773465, −1.15385413067098); its
        // Σ p a² − b² form is 1.1e-14 off the exact rational value, which is the reference here
        // (`gwet_table_exact` in the script), with value ± t.ppf(0.975, 14)·SE and ± norm.ppf(0.975)·SE.
        let se = try #require(t.standardError)
        #expect(abs(se - 0.03187640614162483) <= 1e-15)
        #expect(abs(se - 0.031876406141636) <= 2e-14)
        #expect(Self.close(t.interval, -1.2905903137734407, -1.153854130671004), "\(String(describing: t.interval))")
        let normal = GwetAgreementCoefficient(table, weights: .quadratic).coefficient
        #expect(
            Self.close(normal.interval, -1.2846988302163784, -1.1597456142280662),
            "\(String(describing: normal.interval))"
        )

        let pairs: [[Double?]] =
            Array(repeating: [1, 3], count: 6) + Array(repeating: [2, 2], count: 3)
            + Array(repeating: [3, 1], count: 6)
        let raw = GwetAgreementCoefficient(
            try UnitCategoryCounts(scale: Self.scale, unitsByRaters: pairs), weights: .quadratic, quantile: .studentT
        ).coefficient
        #expect(abs((raw.value ?? .nan) - -1.222222222222222) <= 1e-14)
        #expect(abs((raw.standardError ?? .nan) - 0.032995215050917) <= 1e-14)
        #expect(Self.close(raw.interval, -1.292989920228414, -1.151454524216031), "\(String(describing: raw.interval))")
    }

    @Test("Fleiss' kappa with missing ratings has no lower limit: −1.279 with irrCAC's interval")
    func fleissWithMissingRatings() throws {
        let units: [[Double?]] =
            Array(repeating: [1, 2], count: 3) + Array(repeating: [2, 1], count: 3)
            + Array(repeating: [1, nil], count: 6) + Array(repeating: [1, 3], count: 2)
        let kappa = FleissKappa(try UnitCategoryCounts(scale: Self.scale, unitsByRaters: units), quantile: .studentT)
        let estimate = kappa.coefficient
        #expect(abs((estimate.value ?? .nan) - -1.279069767441859) <= 1e-14)
        #expect(abs((estimate.standardError ?? .nan) - 0.100584263346284) <= 1e-14)
        #expect(
            Self.close(estimate.interval, -1.496368857308571, -1.061770677575146),
            "\(String(describing: estimate.interval))"
        )
    }

    @Test("Fleiss' kappa, m = 3 on every unit: irrCAC's lower bound −0.5685 is clipped to −1/(m − 1) = −0.5")
    func fleissCompleteClippedAtItsLimit() throws {
        let units: [[Double?]] = Array(repeating: [1, 2, 3], count: 6) + [[1, 1, 2], [3, 3, 2]]
        let kappa = FleissKappa(try UnitCategoryCounts(scale: Self.scale, unitsByRaters: units), quantile: .studentT)
        let estimate = kappa.coefficient
        #expect(abs((estimate.value ?? .nan) - -0.375) <= 1e-14)
        #expect(abs((estimate.standardError ?? .nan) - 0.081831708838497) <= 1e-14)
        let interval = try #require(estimate.interval)
        #expect(interval.lower == -0.5)
        #expect(abs(interval.upper - -0.18149875673121) <= 1e-14)
    }

    @Test("The clipped interval always contains its estimate and lower ≤ upper")
    func containsEstimate() {
        let critical = NormalDistribution.twoSidedCritical(level: 0.95)
        for value in [-1.7, -1.0, -0.3, 0.999, 1.0] {
            for se in [0.0, 0.01, 0.4, 3.0] {
                for range in [-1.0...1.0, -0.5...1.0, -Double.infinity...1.0] {
                    let interval = ConfidenceInterval(
                        around: value, standardError: se, quantile: .normal, n: 30, level: 0.95, range: range)
                    guard let interval else {
                        Issue.record("no interval for \(value) ± \(se)")
                        continue
                    }
                    #expect(interval.lower <= value && value <= interval.upper)
                    #expect(interval.lower >= min(value, range.lowerBound))
                    #expect(interval.upper <= max(value, range.upperBound))
                    if range.contains(value - critical * se) { #expect(interval.lower == value - critical * se) }
                }
            }
        }
    }
}
