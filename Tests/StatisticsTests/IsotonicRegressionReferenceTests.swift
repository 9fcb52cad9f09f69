import AgreementCoefficients
import Foundation
import Testing
import _TestSupport

/// The cases `benchmarks/python/isotonic_fixtures.py` wrote (`Resources/isotonic-fixtures.json`):
/// HANNA's five judges × six criteria and 40 synthetic sets, fitted by scikit-learn's `IsotonicRegression`.
enum IsotonicFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var x: [Double]
        var y: [Double]
        var weights: [Double]?
        var bounds: [Double]?
        var thresholds: [Double]
        var values: [Double]
        var queries: [Double]
        var predictions: [Double]
        var testDescription: String { name }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/isotonic-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Isotonic regression: the judge-to-expert map against scikit-learn")
struct IsotonicRegressionReferenceTests {
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    @Test("HANNA's 30 judge × criterion fits and 40 synthetic ones: the kept points and every prediction within 1e-12", arguments: IsotonicFixtures.cases)
    func reference(_ c: IsotonicFixtures.Case) throws {
        let fit = try IsotonicRegression(x: c.x, y: c.y, weights: c.weights, bounds: c.bounds.map { $0[0]...$0[1] })
        // Where the fitted values are one constant, which of its points survive the trimming of equal runs
        // turns on the last bit of a weighted mean; the map is the same and the predictions below check it.
        let flat = [fit.values, c.values].allSatisfy { v in (v.max() ?? 0) - (v.min() ?? 0) <= 1e-12 }
        if !flat {
            #expect(fit.thresholds == c.thresholds, "x thresholds")
            #expect(fit.values.count == c.values.count && zip(fit.values, c.values).allSatisfy(Self.close), "\(fit.values) against \(c.values)")
        }
        for (q, expected) in zip(c.queries, c.predictions) {
            #expect(Self.close(fit.predict(q), expected), "at \(q): \(fit.predict(q)) against \(expected)")
        }
    }

    @Test("Every HANNA judge and criterion is there; the fixtures hold ties, zero weights and queries outside the range")
    func coverage() {
        #expect(IsotonicFixtures.cases.count { $0.name.hasPrefix("hanna ") } == 30)
        // Most fits are not one constant, so their kept points are compared point by point.
        #expect(IsotonicFixtures.cases.count { ($0.values.max() ?? 0) - ($0.values.min() ?? 0) > 1e-12 } >= 35)
        #expect(IsotonicFixtures.cases.contains { c in c.queries.contains { q in q < (c.x.min() ?? 0) } })
        #expect(IsotonicFixtures.cases.contains { c in c.weights?.contains(0) == true })
    }

    @Test("Scores closer than 10⁻¹⁵ are one point; 2 × 10⁻¹⁵ apart are two (as NumPy's resolution)")
    func nearTies() throws {
        // scikit-learn 1.9.1 on these rows: thresholds [1, 2, 2 + 2e-15], values [4/3, 4/3, 5].
        let fit = try IsotonicRegression(x: [1, 1 + 5e-16, 2, 2 + 2e-15], y: [1, 3, 0, 5])
        #expect(fit.thresholds == [1, 2, 2 + 2e-15])
        #expect(fit.values.count == 3 && Self.close(fit.values[0], 4.0 / 3) && Self.close(fit.values[1], 4.0 / 3) && fit.values[2] == 5)
    }

    @Test(
        "Lengths that differ, a value not finite, a negative weight, no weight: refused, named",
        arguments: [
            ([1.0, 2], [1.0], nil as [Double]?, "differ in length"), ([1, .nan], [1, 2], nil, "score 2 is not a finite number"),
            ([1, 2], [1, .infinity], nil, "target 2"), ([1, 2], [1, 2], [1, -1], "weight 2 is negative"),
            ([1, 2], [1, 2], [0, 0], "no row with a positive weight"), ([], [], nil, "no row"),
        ])
    func refused(x: [Double], y: [Double], weights: [Double]?, words: String) {
        let error = #expect(throws: IsotonicRegression.Failure.self) { try IsotonicRegression(x: x, y: y, weights: weights) }
        #expect(error?.description.contains(words) == true, "\(String(describing: error))")
    }
}
