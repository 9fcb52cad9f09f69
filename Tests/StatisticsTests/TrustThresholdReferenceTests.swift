import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The cases `benchmarks/python/trust_threshold_fixtures.py` wrote
/// (`Resources/trust-threshold-fixtures.json`): synthetic calibration sets and the thresholds Jung,
/// Brahman & Choi's released code chose on them.
enum TrustThresholdFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var confidenceMilli: [Int]
        var agrees: String
        var alpha: Double
        var delta: Double
        var threshold: Double
        var kept: Int
        var keptExactCount: Int
        var none: Bool
        var noneExactCount: Bool
        var testDescription: String { name }

        var rows: [TrustThreshold.Row] {
            zip(confidenceMilli, agrees).map { TrustThreshold.Row(confidence: Double($0) / 1000, agrees: $1 == "1") }
        }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/trust-threshold-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Selective trust: the exact binomial bound and the fixed-sequence threshold")
struct TrustThresholdReferenceTests {
    @Test(
        "The exact upper bound is scipy's beta.ppf(1 − δ, k + 1, n − k)",
        arguments: [
            (0, 1, 0.1, 0.9), (0, 22, 0.1, 0.09937197978872149), (3, 30, 0.1, 0.20929946558702422),
            (0, 30, 0.05, 0.09503385285530411), (5, 200, 0.1, 0.04587869036775376), (17, 1000, 0.1, 0.02352798717892324),
            (50, 100, 0.01, 0.6192825330930475), (99, 100, 0.1, 0.9989469496904544), (1, 5000, 0.2, 0.0005987422498201485),
            (0, 100_000, 0.1, 2.3025585837069605e-05),
        ])
    func exactBound(events: Int, trials: Int, error: Double, scipy: Double) {
        let bound = ExactBinomialBound.upper(events: events, trials: trials, error: error)
        #expect(abs(bound - scipy) <= 1e-11 * scipy, "\(bound) against \(scipy)")
    }

    @Test("Every event seen: the bound is 1")
    func allEvents() {
        #expect(ExactBinomialBound.upper(events: 7, trials: 7, error: 0.1) == 1)
    }

    @Test(
        "The rows kept are the reference's, its disagreements counted exactly, on each of 200 calibration sets",
        arguments: TrustThresholdFixtures.cases)
    func referenceParity(_ c: TrustThresholdFixtures.Case) {
        let trust = TrustThreshold(rows: c.rows, risk: c.alpha, error: c.delta)
        if c.noneExactCount {
            #expect(trust.threshold == nil)
            #expect((trust.bestReachableRisk ?? 0) > c.alpha)
        } else {
            #expect(trust.chosen?.kept == c.keptExactCount, "reference threshold \(c.threshold)")
        }
    }

    @Test("The released reference keeps more rows only where its floating-point count drops a disagreement: 3 of 200")
    func referenceSlip() {
        let differing = TrustThresholdFixtures.cases.filter { $0.kept != $0.keptExactCount || $0.none != $0.noneExactCount }
        #expect(differing.map(\.name) == ["021 informative n=1000 alpha=0.15", "036 informative n=1000 alpha=0.1", "172 weak n=500 alpha=0.1"])
        #expect(differing.allSatisfy { $0.kept > $0.keptExactCount }, "one disagreement fewer, a lower bound, more rows kept")
    }

    @Test("Fewer rows than a candidate needs: no candidate, no threshold, no reachable risk")
    func tooFewRows() {
        let rows = (0..<29).map { TrustThreshold.Row(confidence: Double($0) / 29, agrees: true) }
        let trust = TrustThreshold(rows: rows, risk: 0.1, error: 0.1)
        #expect(trust.candidates.isEmpty && trust.threshold == nil && trust.bestReachableRisk == nil)
        #expect(TrustThreshold.minimumRows(risk: 0.1, error: 0.1) == 30)
        #expect(TrustThreshold.minimumRows(risk: 0.1, error: 0.1, minimumKept: 1) == 22, "(0.9)^22 ≤ 0.1 < (0.9)^21")
        #expect(TrustThreshold.minimumRows(risk: 0.05, error: 0.05, minimumKept: 1) == 59)
    }

    @Test("A judge always right is trusted on every row once enough rows are labelled; ties are kept together")
    func perfectJudge() {
        let rows = (0..<40).map { TrustThreshold.Row(confidence: Double($0 % 10), agrees: true) }
        let trust = TrustThreshold(rows: rows, risk: 0.1, error: 0.1)
        // Confidences 9…0, four rows each: the first candidate keeps 32 rows (confidence ≥ 2).
        #expect(trust.candidates.map(\.kept) == [32, 36, 40])
        #expect(trust.threshold == 0)
        #expect(trust.chosen?.kept == 40)
    }

    @Test("Fixed sequence: testing stops at the first failure, even when a later candidate's bound is lower")
    func stopsAtFirstFailure() {
        // 30 rows at confidence 1 with 6 disagreements (bound ≈ 0.35), then 300 agreeing rows at 0.5.
        let rows =
            (0..<30).map { TrustThreshold.Row(confidence: 1, agrees: $0 >= 6) }
            + (0..<300).map { _ in TrustThreshold.Row(confidence: 0.5, agrees: true) }
        let trust = TrustThreshold(rows: rows, risk: 0.1, error: 0.1)
        #expect(trust.candidates.count == 2)
        #expect(trust.candidates[1].riskBound < 0.1, "the second candidate alone would pass")
        #expect(trust.candidates[1].certifiableRisk == trust.candidates[0].riskBound)
        #expect(trust.threshold == nil)
        #expect(abs((trust.bestReachableRisk ?? 0) - ExactBinomialBound.upper(events: 6, trials: 30, error: 0.1)) < 1e-15)
    }
}
