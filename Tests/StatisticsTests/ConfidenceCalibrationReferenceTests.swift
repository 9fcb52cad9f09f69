import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The cases `benchmarks/python/confidence_calibration_fixtures.py` wrote
/// (`Resources/confidence-calibration-fixtures.json`): confidences, agreement, and scikit-learn's
/// reliability curve and Brier score on them.
enum ConfidenceCalibrationFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var seed: Int
        var confidence: [Double]
        var agrees: String
        var bins: Int
        var binCounts: [Int]
        var probTrue: [Double]
        var probPred: [Double]
        var expectedCalibrationError: Double
        var brier: Double
        var testDescription: String { "seed \(seed), \(confidence.count) rows, \(bins) bins" }

        var rows: [TrustThreshold.Row] { zip(confidence, agrees).map { TrustThreshold.Row(confidence: $0, agrees: $1 == "1") } }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/confidence-calibration-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Confidence calibration: reliability bins, ECE and Brier against scikit-learn")
struct ConfidenceCalibrationReferenceTests {
    @Test("Bins, their mean confidence and agreement, ECE and Brier equal scikit-learn's", arguments: ConfidenceCalibrationFixtures.cases)
    func matchesScikitLearn(_ c: ConfidenceCalibrationFixtures.Case) {
        let calibration = ConfidenceCalibration(rows: c.rows, bins: c.bins, resamples: 200, seed: 1)
        #expect(calibration.bins.map(\.rows) == c.binCounts)
        let filled = calibration.bins.filter { $0.rows > 0 }
        #expect(filled.count == c.probTrue.count)
        for (bin, (truth, predicted)) in zip(filled, zip(c.probTrue, c.probPred)) {
            #expect(abs((bin.agreement ?? .nan) - truth) <= 1e-12)
            #expect(abs((bin.meanConfidence ?? .nan) - predicted) <= 1e-12)
        }
        #expect(abs((calibration.expectedCalibrationError.value ?? .nan) - c.expectedCalibrationError) <= 1e-12)
        #expect(abs((calibration.brierScore.value ?? .nan) - c.brier) <= 1e-12)
    }

    @Test("A confidence on an edge falls in the bin below it; 0 in the first, 1 in the last")
    func edges() {
        #expect(ConfidenceCalibration.bin(of: 0, bins: 10) == 0)
        #expect(ConfidenceCalibration.bin(of: 0.1, bins: 10) == 0)
        #expect(ConfidenceCalibration.bin(of: 0.1000001, bins: 10) == 1)
        #expect(ConfidenceCalibration.bin(of: 0.6, bins: 10) == 5)  // 6 × 0.1 is 0.6000000000000001, above 0.6
        #expect(ConfidenceCalibration.bin(of: 0.8, bins: 5) == 3)
        #expect(ConfidenceCalibration.bin(of: 1, bins: 10) == 9)
    }

    @Test("A calibrated judge's ECE interval covers small values; an overconfident one's excludes 0")
    func interval() throws {
        var generator = Xoshiro256StarStar(seed: 30)
        var calibrated: [TrustThreshold.Row] = [], overconfident: [TrustThreshold.Row] = []
        for _ in 0..<1000 {
            let c = generator.nextUniform()
            calibrated.append(TrustThreshold.Row(confidence: c, agrees: generator.nextUniform() < c))
            overconfident.append(TrustThreshold.Row(confidence: c, agrees: generator.nextUniform() < c * 0.6))
        }
        let good = ConfidenceCalibration(rows: calibrated, seed: 2).expectedCalibrationError
        let bad = ConfidenceCalibration(rows: overconfident, seed: 2).expectedCalibrationError
        let goodInterval = try #require(good.interval), badInterval = try #require(bad.interval)
        #expect(goodInterval.upper < 0.08)
        #expect(badInterval.lower > 0.15)
        #expect((bad.value ?? 0) > (good.value ?? 1))
    }

    @Test("Without rows every figure is undefined, with the reason")
    func empty() {
        let calibration = ConfidenceCalibration(rows: [], seed: 0)
        #expect(calibration.expectedCalibrationError.value == nil)
        #expect(calibration.brierScore.value == nil)
        #expect(calibration.expectedCalibrationError.undefinedReason?.code == "no-data")
        #expect(calibration.bins.allSatisfy { $0.rows == 0 && $0.agreement == nil })
    }
}
