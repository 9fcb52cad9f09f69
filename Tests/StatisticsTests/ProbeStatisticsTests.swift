import Foundation
import RunInference
import StatisticsCore
import Testing

/// The statistics of the bias probes against scipy 1.17.1 (`scipy.stats.ttest_rel`'s
/// `confidence_interval(0.95)`, and `permutation_test(..., permutation_type="samples",
/// n_resamples=inf)` for the exact sign-flip test) and statsmodels 0.15.0 (`multipletests(method="holm")`).
@Suite("Bias-probe statistics: the paired shift, the sign-flip test, Tarone–Holm's adjustment and the changed share")
struct ProbeStatisticsTests {
    @Test("The paired shift's mean and t interval are scipy's ttest_rel; its p is the exact sign-flip test's")
    func pairedShiftMatchesScipy() throws {
        let changed: [Double?] = [3, 2, 4, 3, 3, 1, 2, 4, 3, 2]
        let unchanged: [Double?] = [2, 2, 3, 3, 2, 1, 2, 3, 3, 2]
        let shift = PairedShift(changed: changed, unchanged: unchanged)
        #expect(shift.estimate.n == 10)
        #expect(abs((shift.estimate.value ?? .nan) - 0.4) < 1e-15)
        let interval = try #require(shift.estimate.interval)
        #expect(abs(interval.lower - 0.03059128221082008) < 1e-12)
        #expect(abs(interval.upper - 0.76940871778918) < 1e-12)
        #expect(shift.pValue == 0.125, "4 rows moved up, none down: 2 of 2⁴ sign patterns as extreme")
        #expect(shift.attainablePValue == 0.125)
    }

    /// Differences on halves (a score against the mean of two) and on thirds (means of three samples),
    /// scipy's p-value, and the count of nonzero differences.
    static let signFlipCases: [([Double], Double, Int)] = [
        ([1, 0.5, -0.5, 1.5, 1, 0, 2, -1, 0.5, 1, 0.5, -0.5], 0.10546875, 11),
        ([2.0 / 3, -1.0 / 3, 1, 4.0 / 3, 1.0 / 3, 2.0 / 3, -2.0 / 3, 1, 1.0 / 3], 0.0859375, 9),
    ]

    @Test("The sign-flip test's p-value is scipy's exact permutation test, on halves and on thirds", arguments: signFlipCases)
    func signFlipMatchesScipy(differences: [Double], expected: Double, nonzero: Int) {
        let test = SignFlipTest(differences: differences)
        #expect(abs(test.pValue - expected) < 1e-12)
        #expect(test.nonzero == nonzero)
        #expect(test.attainablePValue == 2 * pow(0.5, Double(nonzero)))
    }

    @Test("Nothing moved: p and the attainable p are 1; one row moved: 1, not a test that could ever reject")
    func signFlipEdges() {
        let still = SignFlipTest(differences: [0, 0, 0])
        #expect(still.pValue == 1 && still.attainablePValue == 1 && still.nonzero == 0)
        let one = SignFlipTest(differences: [0, 2, 0])
        #expect(one.pValue == 1 && one.attainablePValue == 1)
    }

    @Test("Rows with a missing score on either side are left out, not read as 0")
    func missingScoresAreLeftOut() {
        let shift = PairedShift(changed: [3, nil, 4, 2], unchanged: [2, 1, nil, 2])
        #expect(shift.estimate.n == 2)
        #expect(shift.estimate.value == 0.5)
    }

    @Test("No rows: undefined; one row: a shift with no test; all alike: p 1 at zero, 2 · 2⁻ⁿ elsewhere, no interval")
    func edgeCases() {
        let none = PairedShift(changed: [], unchanged: [])
        #expect(none.estimate.value == nil && none.estimate.undefinedReason?.code == "no-data" && none.pValue == nil)
        let one = PairedShift(changed: [3], unchanged: [2])
        #expect(one.estimate.value == 1 && one.pValue == nil && one.estimate.intervalUndefinedReason?.code == "too-few")
        let still = PairedShift(changed: [2, 3, 4], unchanged: [2, 3, 4])
        #expect(still.pValue == 1 && still.estimate.interval == nil)
        let moved = PairedShift(changed: [3, 4, 4], unchanged: [2, 3, 3])
        #expect(moved.pValue == 0.25 && moved.estimate.value == 1 && moved.estimate.intervalUndefinedReason?.code == "no-variation")
    }

    @Test(
        "Holm's adjusted p-values are statsmodels'",
        arguments: [
            ([0.01, 0.02, 0.03, 0.2], [0.04, 0.06, 0.06, 0.2]),
            ([0.04, 0.001, 0.5, 0.03, 0.0125], [0.09, 0.005, 0.5, 0.09, 0.05]),
        ])
    func holmMatchesStatsmodels(p: [Double], expected: [Double]) {
        let adjusted = HolmAdjustment.adjusted(p)
        for (a, e) in zip(adjusted, expected) { #expect(abs((a ?? .nan) - e) < 1e-12) }
    }

    /// p-values, their attainable minima, and the adjusted values at α = 0.05 (by hand: K = 2, 1, 1, 1
    /// with the minima; Holm's 4, 3, 2, 1 without).
    static let taroneCases: [([Double], [Double], [Double])] = [
        ([0.01, 0.02, 0.3, 1], [0.001, 0.02, 0.25, 1], [0.02, 0.02, 0.3, 1]),
        ([0.01, 0.02, 0.3, 1], [0, 0, 0, 0], [0.04, 0.06, 0.6, 1]),
    ]

    @Test("Tarone–Holm leaves out the tests that cannot reach α at each step, where Holm counts all four", arguments: taroneCases)
    func taroneHolm(p: [Double], attainable: [Double], expected: [Double]) {
        let adjusted = HolmAdjustment.adjusted(p, attainable: attainable, alpha: 0.05)
        for (a, e) in zip(adjusted, expected) { #expect(abs((a ?? .nan) - e) < 1e-12) }
    }

    @Test("A test that could not be run is not counted in Holm's family and stays nil")
    func holmSkipsMissingTests() {
        #expect(HolmAdjustment.adjusted([0.01, nil, 0.02]) == [0.02, nil, 0.02])
    }

    @Test("The changed share counts rows moved by the change and by the placebo, and tests the difference")
    func changedShare() {
        let share = ChangedShare(
            unchanged: [2, 2, 3, 3, nil, 1], changed: [3, 2, 4, 3, 2, 2], placebo: [2, 3, 3, 3, 2, 1])
        #expect(share.rows == 5)
        #expect(share.changed == 3 && share.placeboChanged == 1)
        #expect(share.test.firstOnly == 3 && share.test.secondOnly == 1)
        #expect(abs(share.test.pValue - 0.625) < 1e-12, "exact binomial, 2 · P(X ≤ 1 | 4, ½)")
    }
}
