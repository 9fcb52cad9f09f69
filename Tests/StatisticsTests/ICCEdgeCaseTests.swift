import AgreementCoefficients
import StatisticsCore
import Testing

/// ICC edge cases from issue #10. R is not available here, so the reference is
/// R irr's `icc` transcribed into numpy/scipy (`irr_icc` in
/// `benchmarks/python/edge_case_fixtures.py icc`, which first reproduces irr's
/// intervals in agreement-vectors.json to 1e-9), with pingouin 0.6.1 for the
/// point estimates; scipy 1.17.1, numpy 2.4.6, Python 3.11.7.
@Suite("ICC edge cases: zero denominators, zero degrees of freedom, values outside [−1, 1]")
struct ICCEdgeCaseTests {
    /// Row means and column means all 2: MSR = MSC = 0, MSE > 0.
    static let flat: [[Double]] = [[1, 3], [3, 1], [2, 2]]
    /// n = k = 2 with MSR = MSC = 0: ICC(A,1)'s denominator is 0 although MSE is not.
    static let twoByTwo: [[Double]] = [[1, 2], [2, 1]]
    /// MSE = n·MSR + MSC exactly (1/2 = 3·1/6 + 0): ICC(A,k)'s denominator is 0, and
    /// irr and pingouin print −1.2e16 with the interval [3.05, 0.947].
    static let cancelling: [[Double]] = [[1, 1], [1, 2], [2, 1]]

    static func icc(_ x: [[Double]], _ form: ICCForm) throws -> IntraclassCorrelation {
        try IntraclassCorrelation(unitsByRaters: x, form: form)
    }

    static func expectInterval(
        _ icc: IntraclassCorrelation, _ lower: Double, _ upper: Double, tolerance: Double = 1e-10
    ) {
        guard let interval = icc.estimate.interval else {
            Issue.record("\(icc.form): no interval; notes \(icc.notes)")
            return
        }
        #expect(abs(interval.lower - lower) <= tolerance, "\(icc.form) lower \(interval.lower) vs \(lower)")
        #expect(abs(interval.upper - upper) <= tolerance, "\(icc.form) upper \(interval.upper) vs \(upper)")
    }

    @Test("ICC(1) and ICC(C,1) of exactly −1 (k = 2, F = 0) have irr's interval [−1, −1]")
    func minusOneHasAnInterval() throws {
        for x in [Self.flat, Self.twoByTwo] {
            for form in [ICCForm.oneWay(.single), .twoWay(.consistency, .single)] {
                let icc = try Self.icc(x, form)
                #expect(abs(try #require(icc.estimate.value) - -1) <= 1e-15)
                Self.expectInterval(icc, -1, -1, tolerance: 1e-15)
                #expect(icc.notes.isEmpty)
            }
        }
    }

    @Test("ICC(A,1) with MSR = 0: v = MSR²/(…) = 0, so no F test and no interval (irr: NaN), with a note")
    func agreementZeroDegreesOfFreedom() throws {
        let icc = try Self.icc(Self.flat, .twoWay(.agreement, .single))
        #expect(abs(try #require(icc.estimate.value) - -2.9999999999999996) <= 1e-14)  // irr and pingouin
        #expect(icc.estimate.interval == nil)
        #expect(icc.fTest == nil)
        #expect(icc.notes.contains { $0.contains("degrees of freedom") })
        #expect(icc.notes.contains { $0.contains("below −1") })
    }

    @Test("ICC(A,k) above 1 (MSE > n·MSR + MSC) keeps irr's value and interval, with a note saying why")
    func agreementAverageAboveOne() throws {
        for (x, value) in [(Self.flat, 3.0), (Self.twoByTwo, 2.0)] {
            let icc = try Self.icc(x, .twoWay(.agreement, .average))
            #expect(abs(try #require(icc.estimate.value) - value) <= 1e-14)
            Self.expectInterval(icc, value, value, tolerance: 1e-12)  // irr: [3, 3] with v = 2; [2, 2] with v = 1
            #expect(icc.notes.contains { $0.contains("exceeds 1") && $0.contains("negative") })
        }
    }

    @Test("Zero denominators are undefined with a reason that names them, not \"every mean square is 0\"")
    func zeroDenominators() throws {
        let cases: [([[Double]], ICCForm, String)] = [
            (Self.cancelling, .twoWay(.agreement, .average), "MSR + (MSC − MSE)/n"),
            (Self.twoByTwo, .twoWay(.agreement, .single), "MSR + (k − 1)MSE + k(MSC − MSE)/n"),
            (Self.flat, .oneWay(.average), "divides by MSR,"),
            (Self.flat, .twoWay(.consistency, .average), "divides by MSR,"),
        ]
        for (x, form, denominator) in cases {
            let icc = try Self.icc(x, form)
            #expect(icc.estimate.value == nil, "\(form): \(String(describing: icc.estimate.value))")
            let reason = try #require(icc.estimate.undefinedReason)
            #expect(reason.code == "no-variation")
            #expect(reason.message.contains(denominator), "\(reason.message)")
            #expect(!reason.message.contains("every mean square"))
        }
        let constant = try Self.icc([[2, 2], [2, 2], [2, 2]], .twoWay(.agreement, .average))
        #expect(constant.estimate.undefinedReason?.message.contains("every mean square is 0") == true)
    }

    @Test("Beside the zero denominator, the other forms match irr's values and intervals")
    func cancellingOtherForms() throws {
        let expected: [(ICCForm, Double, Double, Double)] = [
            (.oneWay(.single), -0.33333333333333326, -0.9395555145710163, 0.9028312414957174),
            (.oneWay(.average), -0.9999999999999997, -31.088212858554364, 0.9489346420295773),
            (.twoWay(.agreement, .single), -0.9999999999999997, -2.9, 0.9000000000000001),
            (.twoWay(.consistency, .single), -0.49999999999999994, -0.9830508474576272, 0.857142857142857),
            (.twoWay(.consistency, .average), -1.9999999999999998, -115.99999999999987, 0.923076923076923),
        ]
        for (form, value, lower, upper) in expected {
            let icc = try Self.icc(Self.cancelling, form)
            #expect(abs(try #require(icc.estimate.value) - value) <= 1e-14)
            Self.expectInterval(icc, lower, upper, tolerance: 1e-10 * max(1, abs(lower)))
        }
    }

    @Test("Raters in exact agreement: ICC(A,1) = 1 with the limiting interval [1, 1] and a note")
    func exactAgreement() throws {
        let icc = try Self.icc([[1, 1], [2, 2], [4, 4]], .twoWay(.agreement, .single))
        #expect(icc.estimate.value == 1)
        Self.expectInterval(icc, 1, 1, tolerance: 0)
        #expect(icc.notes.contains { $0.contains("agree exactly") })
    }
}
