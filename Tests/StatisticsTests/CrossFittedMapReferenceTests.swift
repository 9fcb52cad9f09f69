import AgreementCoefficients
import Foundation
import RunInference
import Testing
import _TestSupport

/// The cases `benchmarks/python/cross_fitted_map_fixtures.py` wrote (`Resources/cross-fitted-map-fixtures.json`):
/// folds, out-of-fold values, the full map on a run and the jackknife variance, from scikit-learn fits per fold.
enum CrossFittedMapFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var ids: [String]
        var x: [Double]
        var y: [Double]
        var weights: [Double]
        var asked: Int
        var seed: UInt64
        var bounds: [Double]?
        var run: [Double]
        var folds: Int
        var assignment: [String: Int]
        var outOfFold: [Double]
        var fullAtRun: [Double]
        var jackknifeVariance: Double
        var testDescription: String { name }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/cross-fitted-map-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("A cross-fitted judge-to-expert map against a scikit-learn reference")
struct CrossFittedMapReferenceTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test("HANNA's five judges on Coherence and 20 synthetic sets: folds, out-of-fold values, the full map and the jackknife", arguments: CrossFittedMapFixtures.cases)
    func reference(_ c: CrossFittedMapFixtures.Case) throws {
        let rows = c.ids.indices.map { CrossFittedMap.Row(id: c.ids[$0], score: c.x[$0], target: c.y[$0], weight: c.weights[$0]) }
        let map = try CrossFittedMap(rows: rows, folds: c.asked, seed: c.seed, bounds: c.bounds.map { $0[0]...$0[1] })
        #expect(map.folds == c.folds)
        #expect(map.assignment == c.assignment)
        for (i, id) in c.ids.enumerated() {
            #expect(Self.close(map.outOfFold[id] ?? .nan, c.outOfFold[i]), "\(id): \(map.outOfFold[id] ?? .nan) against \(c.outOfFold[i])")
        }
        #expect(try zip(c.run, c.fullAtRun).allSatisfy { Self.close(try map.predict($0), $1) })
        let variance = try map.jackknifeVariance { fold in
            try c.run.map { try fold.predict($0, covariates: []) }.reduce(0, +) / Double(c.run.count)
        }
        #expect(Self.close(variance, c.jackknifeVariance, 1e-9), "\(variance) against \(c.jackknifeVariance)")
    }

    @Test("Folds differ in size by at most one and follow only the ids and the seed")
    func balanced() {
        let ids = (0..<103).map { "row-\($0)" }
        let folds = CrossFittedMap.assignment(ids: ids, folds: 5, seed: 3)
        let sizes = (0..<5).map { k in folds.values.count { $0 == k } }
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(CrossFittedMap.assignment(ids: ids.reversed(), folds: 5, seed: 3) == folds)
        #expect(CrossFittedMap.assignment(ids: ids, folds: 5, seed: 4) != folds)
    }

    @Test("Fewer than 4 rows, fewer than 2 folds or an id twice is refused, named")
    func refused() {
        let rows = (0..<3).map { CrossFittedMap.Row(id: "r\($0)", score: Double($0), target: Double($0)) }
        #expect(throws: CrossFittedMap.Failure.tooFewRows(3)) { try CrossFittedMap(rows: rows) }
        #expect(throws: CrossFittedMap.Failure.folds(1)) { try CrossFittedMap(rows: rows + rows, folds: 1) }
        #expect(throws: CrossFittedMap.Failure.duplicateID("r0")) { try CrossFittedMap(rows: rows + rows) }
    }
}
