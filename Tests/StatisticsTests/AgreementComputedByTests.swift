import AgreementCoefficients
import DataFormats
import StatisticsCore
import Testing
import _TestSupport

/// The full-precision `computed_by` values of the reference vectors, each
/// checked to its own printed precision (never looser than half a unit in its
/// last decimal, never tighter than 1e-10), where the library that produced it
/// follows the same convention as the toolkit, or measures a companion quantity
/// (a p_e, an SE, another metric on the same data) that the toolkit reports.
@Suite("Agreement statistics against the full-precision library values")
struct AgreementComputedByTests {
    /// Keys that name another library's convention, which the toolkit does not
    /// follow on purpose; each with the reason.
    static let otherConventions: [String: String] = [
        "irrCAC_conger_gwet_missing_handling": "Gwet's margins from all ratings; the toolkit deletes listwise for kappa",
        "irrCAC_py_observed_only": "irrCAC floors p_e when only one category is declared; the toolkit declares the scale",
        "classical_s_over_sqrt_n": "the ideal bootstrap SE of a mean uses the n divisor, not n − 1",
    ]

    /// Keys whose statistical (bootstrap) values are checked in the main suite at the case's tolerance.
    static let statistical: Set<String> = ["analytic_pstdev_over_sqrt_n", "analytic_ASE_SAS"]

    /// The `computed_by` entries of `c` this suite checks, by key, each with
    /// its numbers: not another convention's, not a statistical value, not a
    /// confusion matrix's integer table (checked exactly in the main suite),
    /// and not a text such as an exception's name.
    static func checkedEntries(_ c: ReferenceCase) -> [(key: String, expected: [Double])] {
        guard case .object(let entries) = c.computedBy ?? .null, c.statistic != "confusion_matrix" else { return [] }
        return entries.sorted { $0.key < $1.key }.compactMap { key, value in
            let expected = value.array?.compactMap(\.double) ?? [value.double].compactMap { $0 }
            guard !expected.isEmpty, otherConventions[key] == nil, !statistical.contains(key) else { return nil }
            return (key, expected)
        }
    }

    /// The cases with at least one entry to check; no case is admitted only to skip all of its keys.
    static let cases = AgreementReferenceTests.cases.filter { !checkedEntries($0).isEmpty }

    @Test("Every full-precision library value of the same convention is reproduced", arguments: cases)
    func computedBy(_ c: ReferenceCase) throws {
        try expectingSomeChecks(in: c.id) { tally in
            for (key, expected) in Self.checkedEntries(c) {
                guard let got = try Self.companion(key, of: c) else {
                    Issue.record("\(c.id): no rule for computed_by key \(key)")
                    continue
                }
                try #require(got.count == expected.count, "\(c.id) \(key): \(got) vs \(expected)")
                for (g, e) in zip(got, expected) {
                    let tolerance = Self.printedPrecision(e)
                    #expect(abs(g - e) <= tolerance, "\(c.id) \(key): \(g) vs \(e) (± \(tolerance))")
                    tally.add()
                }
            }
        }
    }

    /// Half a unit in the last printed decimal of `x`, at least 1e-10.
    static func printedPrecision(_ x: Double) -> Double {
        let text = String(x)
        guard x != x.rounded(), !text.contains("e"), let dot = text.firstIndex(of: ".") else { return 1e-10 }
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        return max(1e-10, 0.5 * pow10(-decimals))
    }

    static func pow10(_ e: Int) -> Double { (0..<abs(e)).reduce(1.0) { acc, _ in e < 0 ? acc / 10 : acc * 10 } }

    /// The toolkit's value of the quantity a `computed_by` key names.
    static func companion(_ key: String, of c: ReferenceCase) throws -> [Double]? {
        let same: Set<String> = [
            "sklearn", "statsmodels", "R_irr", "irrCAC_py", "krippendorff_py", "R_irr_kripp.alpha", "numpy",
            "numpy_gwet_formula", "numpy_fleiss1971_formula", "sklearn_complete_cases", "irrCAC_py_declared_q2",
            "sklearn_default_labels", "irrCAC_py_conger", "statsmodels_std_kappa",
        ]
        if same.contains(key) {
            guard case .values(let v) = try AgreementReferenceTests.compute(c) else { return [] }
            return v
        }
        switch key {
        case "statsmodels_se", "irrCAC_se":
            return [CohenKappa(try c.contingencyTable(), weights: c.weights).kappa.standardError].compactMap { $0 }
        case "statsmodels_cohen_kappa_same_table":
            return [CohenKappa(try c.contingencyTable()).kappa.value].compactMap { $0 }
        case "statsmodels_full_1to6_scale":
            let declared = CategoryScale(1...6)
            let first = try #require(c.data["rater1"]?.optionalDoubles)
            let second = try #require(c.data["rater2"]?.optionalDoubles)
            return [try CohenKappa(first: first, second: second, scale: declared, weights: c.weights).kappa.value].compactMap { $0 }
        case "R_irr_z":
            let table = try c.contingencyTable(observedIndex: ReferenceCase.observedIndexConvention.contains(c.id))
            return [CohenKappa(table, weights: c.weights).z].compactMap { $0 }
        case "krippendorff_nominal_pairable":
            let scale = try c.scale()
            let first = try #require(c.data["rater1"]?.optionalDoubles)
            let second = try #require(c.data["rater2"]?.optionalDoubles)
            let units = zip(first, second).map { [$0, $1] }
            return [try KrippendorffAlpha(unitsByRaters: units, scale: scale, metric: .nominal).alpha.value].compactMap { $0 }
        case "krippendorff_py_nominal", "krippendorff_py_interval", "krippendorff_py_ordinal":
            let scale = try c.scale()
            let metric: KrippendorffAlpha.Metric = key.hasSuffix("nominal") ? .nominal : key.hasSuffix("interval") ? .interval : .ordinal
            return [try KrippendorffAlpha(unitsByRaters: c.unitsByRaters(on: scale), scale: scale, metric: metric).alpha.value].compactMap {
                $0
            }
        case "irrCAC_py_pe", "irrCAC_py_pa", "irrCAC_py_se":
            let gwet = GwetAgreementCoefficient(try c.unitCounts(), weights: c.weights)
            let value =
                key.hasSuffix("pe") ? gwet.chanceAgreement : key.hasSuffix("pa") ? gwet.observedAgreement : gwet.coefficient.standardError
            return [value].compactMap { $0 }
        case "implied_se0":
            return [FleissKappa(try c.unitCounts()).nullStandardError].compactMap { $0 }
        default:
            return nil
        }
    }
}
