import AgreementCoefficients
import Calibration
import CalibrationData
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// The 100 random data sets `benchmarks/python/alt_test_fixtures.py` drew and ran through an independent
/// implementation of Calderon, Reichart & Dror's procedure (scipy's `ttest_1samp`, statsmodels'
/// `fdr_by`; versions in `Resources/alt-test-fixtures.json`).
enum AlternativeAnnotatorFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Comparison: Decodable, Sendable {
            var rater: String
            var n: Int
            var judgeAdvantage: Double
            var raterAdvantage: Double
            var pValue: Double
            var adjustedPValue: Double
            var judgeWins: Bool
        }
        struct Expected: Decodable, Sendable {
            var raters: [Comparison]
            var winningRate: Double
            var advantageProbability: Double
        }
        var id: String
        var levels: [Double]
        var scorer: AnnotatorScorer
        var epsilon: Double
        var raters: [String]
        var rows: [String]
        /// Each rater's labels in the order of ``rows``, `nil` where the rater gave none.
        var labels: [String: [Double?]]
        var judge: [Double?]
        var expected: Expected
        var testDescription: String { id }

        /// `values` by row id, rows without a value left out.
        func byRow(_ values: [Double?]) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: zip(rows, values).compactMap { row, value in value.map { (row, $0) } })
        }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/CalibrationTests/Resources/alt-test-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read the alternative annotator test fixtures at \(url.path): \(error)")
        }
    }()
}

@Suite("Alternative annotator test against an independent implementation of the paper's procedure")
struct AlternativeAnnotatorTestReferenceTests {
    @Test("The fixture holds 100 data sets, of both scorers, passing and failing")
    func coverage() {
        let cases = AlternativeAnnotatorFixtures.cases
        #expect(cases.count == 100)
        #expect(Set(cases.map(\.scorer)) == Set(AnnotatorScorer.allCases))
        #expect(cases.contains { $0.expected.winningRate >= 0.5 } && cases.contains { $0.expected.winningRate < 0.5 })
    }

    @Test("ω and ρ equal, each rater's n, advantages and win equal, p-values within 1e-9", arguments: AlternativeAnnotatorFixtures.cases)
    func matches(_ c: AlternativeAnnotatorFixtures.Case) throws {
        let test = try AlternativeAnnotatorTest(
            raters: c.raters, labels: c.labels.mapValues(c.byRow), judge: c.byRow(c.judge), scale: CategoryScale(values: c.levels),
            scorer: c.scorer, epsilon: c.epsilon)
        #expect(test.refusal == nil)
        #expect(test.winningRate == c.expected.winningRate)
        #expect(test.advantageProbability == c.expected.advantageProbability)
        try #require(test.raters.count == c.expected.raters.count)
        for (got, want) in zip(test.raters, c.expected.raters) {
            #expect(got.rater == want.rater && got.n == want.n && got.judgeWins == want.judgeWins)
            #expect(got.judgeAdvantage == want.judgeAdvantage && got.raterAdvantage == want.raterAdvantage)
            #expect(abs(got.pValue - want.pValue) <= 1e-9, "\(want.rater): p \(got.pValue) against \(want.pValue)")
            #expect(abs(got.adjustedPValue - want.adjustedPValue) <= 1e-9, "\(want.rater): adjusted p")
        }
    }
}
