import AgreementCoefficients
import DataFormats
import StatisticsCore
import Testing
import _TestSupport

@Suite("Correlations against the reference vectors")
struct CorrelationReferenceTests {
    static let cases = ReferenceVectors.cases("pearson_r", "spearman_rho", "kendall_tau_b", "kendall_tau_c")

    static func method(of c: ReferenceCase) -> Correlation.Method? {
        switch c.statistic {
        case "pearson_r": .pearson
        case "spearman_rho": .spearman
        case "kendall_tau_b": .kendallTauB
        case "kendall_tau_c": .kendallTauC
        default: nil
        }
    }

    @Test("Every correlation case matches within its tolerance, undefined cases included", arguments: cases)
    func referenceCase(_ c: ReferenceCase) throws {
        let method = try #require(Self.method(of: c), "unhandled statistic \(c.statistic)")
        let x = try #require(c.data["x"]?.doubles)
        let y = try #require(c.data["y"]?.doubles)
        let result = try Correlation.measure(method, x, y)
        #expect(result.estimate.n == x.count)
        if c.expected.isNull {
            #expect(result.value == nil, "\(c.id) should be undefined (\(c.expectedSpecial ?? ""))")
            #expect(result.estimate.undefinedReason?.code == "no-variation")
            #expect(result.pValue == nil)
            return
        }
        let expected = try #require(c.expected.double)
        let value = try #require(result.value, "undefined: \(result.estimate.undefinedReason?.message ?? "")")
        #expect(abs(value - expected) <= c.tolerance, "\(c.id): \(value) vs \(expected)")
        // The scipy/R values are full precision; the project follows the same conventions.
        for key in ["scipy", "R", "scipy_b", "scipy_c"] {
            guard let reference = c.computedBy?[key]?.double else { continue }
            if key == "scipy_b" && method != .kendallTauB || key == "scipy_c" && method != .kendallTauC { continue }
            #expect(abs(value - reference) <= 1e-12, "\(c.id) vs \(key): \(value) vs \(reference)")
        }
    }

    @Test("Asymptotic p-values match scipy's where the reference records them")
    func pValues() throws {
        let checked = ["spearman_scipy_vs_R_ties": "scipy_p", "kendall_tau_b_ties_vs_R": "scipy_p"]
        for (id, key) in checked {
            let c = try #require(Self.cases.first { $0.id == id })
            let method = try #require(Self.method(of: c))
            let result = try Correlation.measure(method, try #require(c.data["x"]?.doubles), try #require(c.data["y"]?.doubles))
            let expected = try #require(c.computedBy?[key]?.double)
            let p = try #require(result.pValue)
            #expect(abs(p - expected) <= 1e-12, "\(id): p \(p) vs scipy \(expected)")
        }
    }

    @Test("Pearson's r = √3/2 has p = 1/3 (scipy test_basic)")
    func pearsonPValue() throws {
        let r = try Correlation.pearson([-1, 0, 1], [0, 0, 3])
        #expect(abs(try #require(r.pValue) - 1.0 / 3) <= 1e-12)
        #expect(r.estimate.interval == nil, "Fisher z needs n > 3")
    }

    @Test("The Fisher z interval and t-test p-value match scipy's pearsonr")
    func fisherInterval() throws {
        let x: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10.5]
        let y: [Double] = [2, 1, 4, 3, 7, 8, 6, 10, 9, 5]
        let r = try Correlation.pearson(x, y)
        let interval = try #require(r.estimate.interval)
        #expect(abs(try #require(r.value) - 0.7220356310791276) <= 1e-13)
        #expect(abs(try #require(r.pValue) - 0.0183748526010632) <= 1e-12)
        #expect(abs(interval.lower - 0.1694379712703736) <= 1e-12)
        #expect(abs(interval.upper - 0.9292246677642154) <= 1e-12)
        #expect(interval.method == .fisherZ)
    }

    @Test("Two pairs give r = ±1 with p = 1 (scipy test_length_two)")
    func twoPairs() throws {
        let up = try Correlation.pearson([1, 2], [3, 5])
        let down = try Correlation.pearson([1, 2], [5, 3])
        #expect(up.value == 1)
        #expect(down.value == -1)
        #expect(up.pValue == 1)
    }
}
