import AgreementCoefficients
import DataFormats
import StatisticsCore
import Testing
import _TestSupport

@Suite("Intraclass correlation against the reference vectors")
struct ICCReferenceTests {
    static let cases = ReferenceVectors.cases("icc")

    static let allForms: [ICCForm] = [
        .oneWay(.single), .oneWay(.average),
        .twoWay(.agreement, .single), .twoWay(.agreement, .average),
        .twoWay(.consistency, .single), .twoWay(.consistency, .average),
    ]

    /// The forms a case's `params` names: an `irr_call` (model=, type=, unit=)
    /// or a description ("one-way random, single rater …", "two-way mixed,
    /// consistency, mean of k …"), or every form for "any".
    static func forms(of c: ReferenceCase) -> [ICCForm]? {
        if let call = c.params["irr_call"]?.string {
            let unit: ICCForm.Unit = call.contains("unit='average'") ? .average : .single
            if call.contains("model='oneway'") { return [.oneWay(unit)] }
            return [.twoWay(call.contains("type='agreement'") ? .agreement : .consistency, unit)]
        }
        guard let text = c.params["model"]?.string else { return nil }
        if text == "any" { return allForms }
        let unit: ICCForm.Unit = text.contains("mean of k") || text.contains("average") ? .average : .single
        if text.hasPrefix("one-way") { return [.oneWay(unit)] }
        return [.twoWay(text.contains("consistency") ? .consistency : .agreement, unit)]
    }

    @Test("Every ICC case matches within its tolerance, undefined cases included", arguments: cases)
    func referenceCase(_ c: ReferenceCase) throws {
        let forms = try #require(Self.forms(of: c), "cannot tell the ICC form of \(c.id) from \(c.params)")
        let data = try #require(c.data["units_by_raters"]?.optionalMatrix)
        try #require(!forms.isEmpty, "\(c.id) names no ICC form, so it would check nothing")
        for form in forms {
            let icc = try IntraclassCorrelation(unitsByRaters: data, form: form)
            if c.expected.isNull {
                #expect(icc.estimate.value == nil, "\(c.id) \(form) should be undefined")
                #expect(icc.estimate.undefinedReason?.code == "no-variation")
                continue
            }
            let expected = try #require(c.expected.double)
            let value = try #require(icc.estimate.value, "\(form): \(icc.estimate.undefinedReason?.message ?? "")")
            #expect(abs(value - expected) <= c.tolerance, "\(c.id) \(form): \(value) vs \(expected)")
            for key in ["pingouin", "R_irr", "R_psych_ICC", "R_psych"] {
                guard let reference = c.computedBy?[key]?.double else { continue }
                #expect(abs(value - reference) <= 1e-9, "\(c.id) vs \(key): \(value) vs \(reference)")
            }
            // irr's intervals are the convention followed, for every form.
            if let ci = c.computedBy?["R_irr_ci95"]?.doubles {
                let interval = try #require(icc.estimate.interval)
                #expect(abs(interval.lower - ci[0]) <= 1e-9 && abs(interval.upper - ci[1]) <= 1e-9, "\(c.id): \(interval) vs irr \(ci)")
            }
            // psych agrees with irr except for ICC(A,k), whose case carries only irr's interval.
            if let ci = c.computedBy?["R_psych_ci95"]?.doubles {
                let interval = try #require(icc.estimate.interval)
                #expect(abs(interval.lower - ci[0]) <= 1e-9 && abs(interval.upper - ci[1]) <= 1e-9, "\(c.id): \(interval) vs psych \(ci)")
            }
            if let f = c.computedBy?["F"]?.double {
                #expect(abs(try #require(icc.fTest).statistic - f) <= 1e-9)
            }
        }
    }

    static let anxiety: [[Double]] = [
        [3, 3, 2], [3, 6, 1], [3, 4, 4], [4, 6, 4], [5, 2, 3], [5, 4, 2], [2, 2, 1], [3, 4, 6], [5, 3, 1], [2, 3, 1],
        [2, 2, 1], [6, 3, 2], [1, 3, 3], [5, 3, 3], [2, 2, 1], [2, 2, 1], [1, 1, 3], [2, 3, 3], [4, 3, 2], [3, 4, 2],
    ]

    @Test("ICC(A,1) on anxiety: irr's F(19, 39.7) = 1.83 with p = 0.0543, not psych's F(19, 38) p = 0.0562")
    func agreementFTest() throws {
        let icc = try IntraclassCorrelation(unitsByRaters: Self.anxiety, form: .twoWay(.agreement, .single))
        let test = try #require(icc.fTest)
        #expect(abs(test.statistic - 1.8267716535433058) <= 1e-12)
        #expect(test.df1 == 19)
        #expect(abs(test.df2 - 39.74604092078144) <= 1e-9)
        #expect(abs(test.pValue - 0.05426568131784287) <= 1e-10)
    }

    @Test("A constant +1 offset: consistency 1, agreement 0.769 (reference README)")
    func constantOffset() throws {
        let human: [Double] = [1, 2, 3, 4]
        let ratings = human.map { [$0, $0 + 1] }
        let consistency = try IntraclassCorrelation(unitsByRaters: ratings, form: .twoWay(.consistency, .single))
        let agreement = try IntraclassCorrelation(unitsByRaters: ratings, form: .twoWay(.agreement, .single))
        #expect(consistency.estimate.value == 1)
        #expect(consistency.fTest?.pValue == 0, "MSE = 0 gives F = ∞")
        #expect(consistency.estimate.interval?.upper == 1)
        // MSR = 10/3, MSC = 2, MSE = 0: (10/3)/(10/3 + 2·2/4) = 10/13.
        #expect(abs(try #require(agreement.estimate.value) - 10.0 / 13) <= 1e-14)
        #expect(abs(try #require(agreement.estimate.value) - 0.769) < 0.0005)
    }

    @Test("Missing ratings delete the item listwise and are counted")
    func listwise() throws {
        var rows: [[Double?]] = Self.anxiety.map { $0.map(Optional.some) }
        rows.append([nil, 3, 4])
        let icc = try IntraclassCorrelation(unitsByRaters: rows, form: .twoWay(.agreement, .single))
        #expect(icc.excludedUnits == 1)
        #expect(icc.estimate.n == 20)
        #expect(abs(try #require(icc.estimate.value) - 0.1979982594) <= 5e-10)
    }

    @Test("Names follow McGraw–Wong and Shrout–Fleiss")
    func names() {
        #expect(ICCForm.twoWay(.agreement, .single).description == "ICC(A,1)")
        #expect(ICCForm.twoWay(.agreement, .single).shroutFleissName == "ICC(2,1)")
        #expect(ICCForm.twoWay(.consistency, .average).shroutFleissName == "ICC(3,k)")
        #expect(ICCForm.oneWay(.average).description == "ICC(k)")
    }

    @Test("One item, or one rater, is too few")
    func tooFew() throws {
        let one = try IntraclassCorrelation(unitsByRaters: [[1.0, 2.0]], form: .oneWay(.single))
        #expect(one.estimate.undefinedReason?.code == "too-few")
        let ragged = #expect(throws: RatingError.self) {
            try IntraclassCorrelation(unitsByRaters: [[1.0, 2.0], [3.0]], form: .oneWay(.single))
        }
        #expect(ragged?.position == 1)
    }
}
