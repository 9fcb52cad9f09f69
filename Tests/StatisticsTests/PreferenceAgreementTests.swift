import AgreementCoefficients
import StatisticsCore
import Testing

/// Preference agreement against scikit-learn 1.9.1 `cohen_kappa_score(judge, human, labels=["a", "tie", "b"])`
/// and statsmodels 0.15.0 `proportion_confint(method="wilson")`, values from
/// `benchmarks/python/edge_case_fixtures.py preference_agreement` (Python 3.11.7).
@Suite("Preference agreement: win/tie/loss agreement, kappa over three outcomes, position consistency")
struct PreferenceAgreementTests {
    /// `a`, `t` (tie) or `b` per pair, as the Python script spells them.
    static func outcomes(_ text: String) -> [PreferenceOutcome?] {
        text.map { $0 == "t" ? .tie : PreferenceOutcome(rawValue: String($0)) }
    }

    static let judge = outcomes("aaaaaaabbbbbbttttaabbtta")
    static let human = outcomes("aaaaabbbbbbbaaabbaabbbab")

    @Test("Kappa over a, tie, b is scikit-learn's; agreement and its Wilson interval are statsmodels'")
    func matchesPython() throws {
        let agreement = PreferenceAgreement(judge: Self.judge, human: Self.human, consistentOrders: [])
        #expect(abs(try #require(agreement.kappa.kappa.value) - 0.3370165745856354) <= 1e-14)
        #expect(agreement.percentAgreement.value == 14.0 / 24)
        let ci = try #require(agreement.percentAgreement.interval)
        #expect(abs(ci.lower - 0.38834665865228757) <= 1e-14 && abs(ci.upper - 0.7553239739018826) <= 1e-14)
        // The humans gave no tie: its column is empty, the judge's four ties agree with nothing.
        #expect(agreement.humanCounts == [11, 0, 13])
        #expect(agreement.judgeCounts == [10, 6, 8])
        #expect(agreement.table[1, 1] == 0)
        // The same kappa as CohenKappa's on the same table: one kappa, not a second.
        #expect(agreement.kappa.kappa.value == CohenKappa(agreement.table).kappa.value)
    }

    @Test(
        "Wilson's interval keeps a width at 0 and 1 of n, as statsmodels'",
        arguments: [
            (0, 10, 0.0, 0.27753279986288926), (10, 10, 0.7224672001371106, 1.0), (7, 20, 0.18119182410108203, 0.5671457233147638),
        ])
    func wilson(count: Int, n: Int, lower: Double, upper: Double) throws {
        let share = Estimate.proportion(count, of: n)
        let ci = try #require(share.interval)
        #expect(abs(ci.lower - lower) <= 1e-14 && abs(ci.upper - upper) <= 1e-14)
        #expect(share.value == Double(count) / Double(n))
    }

    @Test("Position consistency is the share of pairs whose verdict survived the swap; nothing compared is undefined")
    func positionConsistency() {
        let agreement = PreferenceAgreement(
            judge: [.a, nil, .b], human: [.a, .b, nil], consistentOrders: [true, false, false, true])
        #expect(agreement.positionConsistency.value == 0.5 && agreement.positionConsistency.n == 4)
        #expect(agreement.table.n == 1 && agreement.table.excludedPairs == 2)
        let none = PreferenceAgreement(judge: [], human: [], consistentOrders: [])
        #expect(none.positionConsistency.value == nil && none.positionConsistency.undefinedReason?.code == "no-data")
        #expect(none.kappa.kappa.value == nil && none.percentAgreement.value == nil)
    }

    @Test("Swapping a and b mirrors an outcome; a tie stays a tie; values are the declared scale's")
    func outcomes() {
        #expect(PreferenceOutcome.a.swapped == .b && PreferenceOutcome.tie.swapped == .tie)
        #expect(PreferenceOutcome.scale.labels == ["a", "tie", "b"])
        #expect(PreferenceOutcome.allCases.map(\.value) == PreferenceOutcome.scale.values)
        #expect(PreferenceOutcome(value: 0.5) == nil)
    }
}
