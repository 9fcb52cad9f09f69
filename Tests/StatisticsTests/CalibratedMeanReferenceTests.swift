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

    /// A calibrated figure with its correction, as ppi-python and the fold jackknife give it.
    struct Figure: Decodable, Sendable {
        var level: Double?
        var calibrated: Double
        var calibratedLower: Double
        var calibratedUpper: Double
        var calibratedMapVariance: Double
        var lambda: Double
        var corrected: Double
        var correctedMapVariance: Double
        var correctedLower: Double
        var correctedUpper: Double
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var calibration: Calibration
        var expert: [Double]
        var judge: [Double]
        var judgeUnlabelled: [Double]
        var passRates: [Figure]
        var shares: [Figure]
        /// The mean's figures, at the case's top level.
        var mean: Figure
        var testDescription: String { name }

        enum CodingKeys: String, CodingKey {
            case name, calibration, expert, judge, judgeUnlabelled, passRates, shares
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            calibration = try c.decode(Calibration.self, forKey: .calibration)
            expert = try c.decode([Double].self, forKey: .expert)
            judge = try c.decode([Double].self, forKey: .judge)
            judgeUnlabelled = try c.decode([Double].self, forKey: .judgeUnlabelled)
            passRates = try c.decode([Figure].self, forKey: .passRates)
            shares = try c.decode([Figure].self, forKey: .shares)
            mean = try Figure(from: decoder)
        }
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
        #expect(Self.matches(estimate, c.mean), "\(estimate) against \(c.mean)")
        #expect(estimate.fresh == c.expert.count && estimate.rows == c.expert.count + c.judgeUnlabelled.count)
    }

    /// Whether `estimate` is `figure` within 1e-9.
    static func matches(_ estimate: CalibratedMeanEstimate, _ figure: CalibratedMeanFixtures.Figure) -> Bool {
        let close = { (a: Double?, b: Double) in a.map { abs($0 - b) <= 1e-9 * max(1, abs(b)) } ?? false }
        return close(estimate.calibrated.value, figure.calibrated) && close(estimate.calibrated.interval?.lower, figure.calibratedLower)
            && close(estimate.calibrated.interval?.upper, figure.calibratedUpper)
            && close(estimate.calibratedMapVariance, figure.calibratedMapVariance) && close(estimate.lambda, figure.lambda)
            && close(estimate.corrected.value, figure.corrected) && close(estimate.correctedMapVariance, figure.correctedMapVariance)
            && close(estimate.corrected.interval?.lower, figure.correctedLower)
            && close(estimate.corrected.interval?.upper, figure.correctedUpper)
    }

    @Test(
        "Calibrated pass rates at each level and level shares (pass maps rearranged, then differenced) equal the reference",
        arguments: CalibratedMeanFixtures.cases)
    func passRatesAndShares(_ c: CalibratedMeanFixtures.Case) throws {
        let rows = zip(c.calibration.ids, zip(c.calibration.scores, c.calibration.targets)).map {
            CrossFittedMap.Row(id: $0.0, score: $0.1.0, target: $0.1.1)
        }
        let fit = { (rows: [CrossFittedMap.Row], bounds: ClosedRange<Double>) in
            try CrossFittedMap(rows: rows, folds: c.calibration.folds, seed: c.calibration.seed, bounds: bounds)
        }
        let passes = try (2...5).map { t in
            PassMap(level: Double(t), map: try fit(rows.map { CrossFittedMap.Row(id: $0.id, score: $0.score, target: $0.target >= Double(t) ? 1 : 0) }, 0...1))
        }
        let maps = ScaleMaps(value: try fit(rows, 1...5), passes: passes)
        let sample = try CorrectionSample(expert: c.expert, judge: c.judge, judgeUnlabelled: c.judgeUnlabelled)
        for expected in c.passRates {
            let figures = try CalibratedFigures(
                sample, levels: ([1, 2, 3, 4, 5], { $0 }), maps: maps, passLevel: expected.level, variance: .ppiPython)
            let passRate = try #require(figures.passRate)
            #expect(Self.matches(passRate, expected), "pass rate at \(expected.level ?? .nan): \(passRate) against \(expected)")
        }
        let figures = try CalibratedFigures(sample, levels: ([1, 2, 3, 4, 5], { $0 }), maps: maps, passLevel: nil, variance: .ppiPython)
        #expect(figures.passRate == nil && figures.passRateUndefined == nil)
        let shares = try #require(figures.levels)
        #expect(shares.map(\.level) == c.shares.compactMap(\.level))
        for (share, expected) in zip(shares, c.shares) {
            #expect(Self.matches(share.estimate, expected), "share at \(share.level): \(share.estimate) against \(expected)")
        }
        #expect(abs(shares.reduce(0) { $0 + ($1.estimate.calibrated.value ?? .nan) } - 1) < 1e-12)
    }

    @Test("Without pass maps (a calibration written before them) the pass rate and shares are undefined, saying why; the mean stands")
    func noPassMaps() throws {
        let map = try CrossFittedMap(
            rows: (0..<20).map { CrossFittedMap.Row(id: "c-\($0)", score: Double($0 % 5 + 1), target: Double(max(1, $0 % 5))) },
            bounds: 1...5)
        let sample = try CorrectionSample(expert: [2, 3, 4], judge: [3, 4, 5], judgeUnlabelled: [1, 2, 3, 4, 5, 5, 4])
        let figures = try CalibratedFigures(sample, levels: ([1, 2, 3, 4, 5], { $0 }), maps: ScaleMaps(value: map, passes: nil), passLevel: 4)
        #expect(figures.mean.calibrated.value != nil && figures.passRate == nil && figures.levels == nil)
        #expect(figures.passRateUndefined?.message.contains("fit it again") == true)
        #expect(figures.levelsUndefined?.code == "no-pass-maps")
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
