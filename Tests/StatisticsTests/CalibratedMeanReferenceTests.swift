import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The cases `benchmarks/python/calibrated_mean_fixtures.py` wrote (`Resources/calibrated-mean-fixtures.json`):
/// scikit-learn's isotonic maps and fold maps, the calibrated mean with its jackknife, and `ppi-python`'s PPI++ on
/// the calibrated scores with the jackknife at its λ.
enum CalibratedMeanFixtures {
    struct Calibration: Decodable, Sendable {
        var ids: [String]
        var scores: [Double]
        var targets: [Double]
        var folds: Int
        var seed: UInt64
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var calibration: Calibration
        var expert: [Double]
        var judge: [Double]
        var judgeUnlabelled: [Double]
        var calibrated: Double
        var calibratedLower: Double
        var calibratedUpper: Double
        var calibratedMapVariance: Double
        var lambda: Double
        var corrected: Double
        var correctedMapVariance: Double
        var correctedLower: Double
        var correctedUpper: Double
        var testDescription: String { name }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/calibrated-mean-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Calibrated means equal scikit-learn maps with ppi-python's PPI++ and the fold jackknife")
struct CalibratedMeanReferenceTests {
    @Test("Calibrated and corrected means, λ, the map's variance and the intervals", arguments: CalibratedMeanFixtures.cases)
    func matches(_ c: CalibratedMeanFixtures.Case) throws {
        let map = try CrossFittedMap(
            rows: zip(c.calibration.ids, zip(c.calibration.scores, c.calibration.targets)).map {
                CrossFittedMap.Row(id: $0.0, score: $0.1.0, target: $0.1.1)
            },
            folds: c.calibration.folds, seed: c.calibration.seed, bounds: 1...5)
        let sample = try CorrectionSample(expert: c.expert, judge: c.judge, judgeUnlabelled: c.judgeUnlabelled)
        let estimate = try CalibratedMeanEstimate(sample, map: map, level: 0.95, variance: .ppiPython)
        let close = { (a: Double?, b: Double) in a.map { abs($0 - b) <= 1e-9 * max(1, abs(b)) } ?? false }
        #expect(close(estimate.calibrated.value, c.calibrated))
        #expect(close(estimate.calibrated.interval?.lower, c.calibratedLower))
        #expect(close(estimate.calibrated.interval?.upper, c.calibratedUpper))
        #expect(close(estimate.calibratedMapVariance, c.calibratedMapVariance))
        #expect(close(estimate.lambda, c.lambda))
        #expect(close(estimate.corrected.value, c.corrected))
        #expect(close(estimate.correctedMapVariance, c.correctedMapVariance))
        #expect(close(estimate.corrected.interval?.lower, c.correctedLower))
        #expect(close(estimate.corrected.interval?.upper, c.correctedUpper))
        #expect(estimate.fresh == c.expert.count && estimate.rows == c.expert.count + c.judgeUnlabelled.count)
    }

    @Test("Below the fewest labels, the corrected mean is undefined with the reason, and the calibrated mean stands")
    func tooFewFresh() throws {
        let map = try CrossFittedMap(
            rows: (0..<20).map { CrossFittedMap.Row(id: "c-\($0)", score: Double($0 % 5 + 1), target: Double(max(1, $0 % 5))) },
            bounds: 1...5)
        let sample = try CorrectionSample(expert: [2, 3, 4], judge: [3, 4, 5], judgeUnlabelled: [1, 2, 3, 4, 5, 5, 4])
        let estimate = try CalibratedMeanEstimate(sample, map: map)
        #expect(estimate.corrected.value == nil && estimate.lambda == nil && estimate.correctedMapVariance == nil)
        #expect(estimate.corrected.undefinedReason?.message.contains("3 labelled rows") == true)
        let calibrated = try [3.0, 4, 5, 1, 2, 3, 4, 5, 5, 4].map { try map.predict($0) }.reduce(0, +) / 10
        #expect(abs((estimate.calibrated.value ?? .nan) - calibrated) < 1e-12)
    }
}
