import AgreementCoefficients
import Foundation
import RunInference
import Testing
import _TestSupport

/// The cases `benchmarks/python/two_stage_fixtures.py` wrote (`Resources/two-stage-fixtures.json`): on the same
/// seeded rows, scikit-learn's own pipeline (SplineTransformer, RidgeCV, the mid-rank ECDF, IsotonicRegression) on
/// every row, and cje-eval's `FlexibleCalibrator` in two-stage mode with judgecal's folds.
enum TwoStageFixtures {
    struct Pipeline: Decodable, Sendable {
        var knotsUsed: Int
        var alpha: Double
        var intercept: Double
        var coefficients: [Double]
        var g: [Double]
        var rank: [Double]
        var predictions: [Double]
    }

    struct CJE: Decodable, Sendable {
        var selectedMode: String
        var foldsWithoutCovariates: Int
        var predictions: [Double]
        var outOfFold: [Double]
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var ids: [String]
        var scores: [Double]
        var covariateNames: [String]
        var covariates: [[Double]]
        var targets: [Double]
        var weights: [Double]?
        var lowest: Double
        var highest: Double
        var knots: Int
        var folds: Int
        var seed: UInt64
        var foldsUsed: Int
        var newScores: [Double]
        var newCovariates: [[Double]]
        var sklearn: Pipeline?
        var cje: CJE
        var testDescription: String { name }

        /// Row i's covariates: none when the case has none.
        func covariates(_ i: Int) -> [Double] { covariates.isEmpty ? [] : covariates[i] }
        func newCovariates(_ i: Int) -> [Double] { newCovariates.isEmpty ? [] : newCovariates[i] }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/two-stage-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The largest absolute difference of two lists of one length (infinity when the lengths differ).
    static func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count else { return .infinity }
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }
}

@Suite("Two-stage maps equal scikit-learn's pipeline and cje-eval's FlexibleCalibrator")
struct TwoStageMapReferenceTests {
    /// Every quantity to 1e-9. The index g and the ridge's coefficients differ from scikit-learn's in the last
    /// digits (another eigen-solver, sums in another order), far below 1e-9; the ranks and the maps read through
    /// them are equal, since no two training values of g lie within that of each other in these cases.
    @Test(
        "The full fit: knots, the chosen α, the coefficients, g and its ranks, the map at new points",
        arguments: TwoStageFixtures.cases.filter { $0.sklearn != nil })
    func pipeline(_ c: TwoStageFixtures.Case) throws {
        let reference = try #require(c.sklearn)
        let map = try TwoStageMap(
            scores: c.scores, covariates: c.scores.indices.map(c.covariates), targets: c.targets, weights: c.weights, knots: c.knots,
            bounds: c.lowest...c.highest)
        let index = try #require(map.index)
        #expect(index.bases.allSatisfy { $0.knots == reference.knotsUsed })
        #expect(TwoStageMap.knots(rows: c.scores.count, asked: c.knots) == reference.knotsUsed)
        #expect(abs(index.ridge.alpha - reference.alpha) <= 1e-9 * reference.alpha)
        #expect(abs(index.ridge.intercept - reference.intercept) <= 1e-9)
        #expect(TwoStageFixtures.largestDifference(index.ridge.coefficients, reference.coefficients) <= 1e-9)
        let g = try c.scores.indices.map { try map.index(c.scores[$0], covariates: c.covariates($0)) }
        #expect(TwoStageFixtures.largestDifference(g, reference.g) <= 1e-9)
        #expect(TwoStageFixtures.largestDifference(g.map(map.ecdf.rank), reference.rank) <= 1e-12)
        let predicted = try c.newScores.indices.map { try map.predict(c.newScores[$0], covariates: c.newCovariates($0)) }
        #expect(TwoStageFixtures.largestDifference(predicted, reference.predictions) <= 1e-9)
    }

    @Test("The cross-fitted map: folds, the full map at new points and each row out of fold, as cje-eval", arguments: TwoStageFixtures.cases)
    func crossFitted(_ c: TwoStageFixtures.Case) throws {
        let rows = c.ids.indices.map {
            CrossFittedMap.Row(
                id: c.ids[$0], score: c.scores[$0], target: c.targets[$0], weight: c.weights?[$0] ?? 1, covariates: c.covariates($0))
        }
        let map = try CrossFittedMap(
            rows: rows, folds: c.folds, seed: c.seed, bounds: c.lowest...c.highest,
            method: .twoStage(covariates: c.covariateNames, knots: c.knots))
        #expect(map.folds == c.foldsUsed && map.kind == .twoStage && map.covariates == c.covariateNames)
        let predicted = try c.newScores.indices.map { try map.predict(c.newScores[$0], covariates: c.newCovariates($0)) }
        #expect(TwoStageFixtures.largestDifference(predicted, c.cje.predictions) <= 1e-9)
        #expect(TwoStageFixtures.largestDifference(c.ids.map { map.outOfFold[$0] ?? .nan }, c.cje.outOfFold) <= 1e-9)
        // CJE's fallbacks below 20 rows: the full map isotonic in the score, fold maps ranking the score alone.
        let foldsWithoutIndex = map.foldMaps.filter { if case .twoStage(let m) = $0 { m.index == nil } else { true } }.count
        #expect(foldsWithoutIndex == (c.covariateNames.isEmpty ? foldsWithoutIndex : c.cje.foldsWithoutCovariates))
        if case .isotonic = map.full { #expect(c.scores.count < TwoStageMap.minimumRows) }
    }

    @Test("An isotonic map written before two-stage maps (no kind, covariates or knots) reads unchanged; a two-stage one round-trips")
    func coding() throws {
        let rows = (0..<30).map { (i: Int) -> CrossFittedMap.Row in
            let covariate = Double(i * i % 11)
            return CrossFittedMap.Row(id: "r-\(i)", score: Double(i % 7), target: Double(i % 5), covariates: [covariate])
        }
        let isotonic = try CrossFittedMap(rows: rows.map { CrossFittedMap.Row(id: $0.id, score: $0.score, target: $0.target) }, bounds: 0...4)
        var old = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(isotonic)) as? [String: Any])
        #expect(old["kind"] as? String == "isotonic")
        old["kind"] = nil
        old["covariates"] = nil
        let full = try #require(old["full"] as? [String: Any])
        #expect(Set(full.keys) == ["thresholds", "values"])
        let read = try JSONDecoder().decode(CrossFittedMap.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(read == isotonic && read.kind == CrossFittedMap.Kind.isotonic && read.covariates.isEmpty && read.knots == nil)
        let twoStage = try CrossFittedMap(rows: rows, bounds: 0...4, method: .twoStage(covariates: ["metadata.x"]))
        let again = try JSONDecoder().decode(CrossFittedMap.self, from: JSONEncoder().encode(twoStage))
        #expect(again == twoStage && again.knots == 8)
        #expect(try again.predict(3.5, covariates: [4]) == twoStage.predict(3.5, covariates: [4]))
        #expect(throws: TwoStageMap.Failure.covariates(expected: 1, given: 2)) { try twoStage.predict(3.5, covariates: [4, 5]) }
    }
}
