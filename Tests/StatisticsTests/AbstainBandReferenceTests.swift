import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The cases `benchmarks/python/abstain_band_fixtures.py` wrote (`Resources/abstain-band-fixtures.json`):
/// labelled rows, candidate bands, and what MAPIE's `BinaryClassificationController` certified and
/// chose on them, unchanged ("mapie") and with the wrong rows counted exactly ("exact").
enum AbstainBandFixtures {
    struct Outcome: Decodable, Sendable {
        var valid: [Int]
        var best: Int?
        var pValues: [Double?]
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var scores: [Double]
        var positive: String
        var grid: [[Double]]
        var targets: [Double]
        var confidence: Double
        var mapie: Outcome
        var exact: Outcome
        var testScores: [Double]?
        var testDecisions: [String]?
        var testDescription: String { "\(name), \(scores.count) rows" }

        func band() throws -> AbstainBand {
            try AbstainBand(
                rows: zip(scores, positive).map { AbstainBand.Row(score: $0, positive: $1 == "1") },
                candidates: grid.map { AbstainBand.Thresholds(lower: $0[0], upper: $0[1]) },
                minimumNegativePredictiveValue: targets[0],
                minimumPositivePredictiveValue: targets[1],
                maximumAbstentionRate: targets[2],
                error: 1 - confidence)
        }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases = SharedData.fixture(File.self, at: "Tests/StatisticsTests/Resources/abstain-band-fixtures.json").cases
}

@Suite("Abstain band: Learn then Test for a pass/fail judge against MAPIE's BinaryClassificationController")
struct AbstainBandReferenceTests {
    @Test("Certified bands, the band chosen and the p-values equal MAPIE's with exact counts", arguments: AbstainBandFixtures.cases)
    func matchesExactCount(_ c: AbstainBandFixtures.Case) throws {
        let band = try c.band()
        #expect(band.candidates.indices.filter { band.candidates[$0].valid } == c.exact.valid)
        #expect(band.chosen.flatMap { chosen in band.candidates.firstIndex { $0 == chosen } } == c.exact.best)
        for (candidate, reference) in zip(band.candidates, c.exact.pValues) {
            // Relative: the p-values run down to 1e-40. scipy's binom.cdf (Cephes' bdtr) and
            // IncompleteBeta, and exp(−m·h) with m up to 1,000, differ by up to 3e-13 relative here.
            let expected = try #require(reference)
            #expect(abs(candidate.pValue - expected) <= 1e-12 * max(expected, 1e-300))
        }
    }

    /// MAPIE unchanged differs where it counts a wrong row too many or meets a risk with no row
    /// behind it (AbstainBand's documentation); the cases are pinned so that a change either side shows.
    @Test("MAPIE unchanged agrees except on the eight cases its arithmetic slips")
    func unchangedMAPIE() throws {
        var differing: [String] = []
        for c in AbstainBandFixtures.cases where c.mapie.valid != c.exact.valid || c.mapie.best != c.exact.best {
            differing.append(c.name)
            if c.mapie.pValues.contains(where: { $0 == nil }) { #expect(c.mapie.valid.isEmpty) }
        }
        #expect(
            differing == [
                "seed 5, wide grid", "seed 17, wide grid", "seed 26, wide grid", "seed 33, example grid", "seed 40, fine grid",
                "seed 41, wide grid", "seed 50, wide grid", "seed 56, wide grid",
            ])
    }

    @Test("On MAPIE's documented LLM-as-a-judge example: the band (0.4, 0.5) and MAPIE's decisions on 500 test rows")
    func documentedExample() throws {
        let c = try #require(AbstainBandFixtures.cases.first { $0.name == "example" })
        let band = try c.band()
        let chosen = try #require(band.chosen)
        #expect(abs(chosen.thresholds.lower - 0.4) < 1e-12 && chosen.thresholds.upper == 0.5)
        #expect(c.mapie.best == c.exact.best)
        let scores = try #require(c.testScores), decisions = try #require(c.testDecisions)
        #expect(scores.map { band.decision(for: $0)?.rawValue ?? "none" } == decisions)
    }

    @Test("The p-value: Hoeffding or Bentkus, whichever is smaller, and 1 with no row behind the risk")
    func pValue() {
        #expect(AbstainBand.hoeffdingBentkusPValue(wrong: 0, trials: 0, level: 0.1) == 1)
        // 0 wrong of 50 at α = 0.1: Bentkus 0.9⁵⁰ = 0.00515…, Hoeffding exp(50 log 0.9) the same.
        let none = AbstainBand.hoeffdingBentkusPValue(wrong: 0, trials: 50, level: 0.1)
        #expect(abs(none - pow(0.9, 50)) <= 1e-15)
        // A risk above α has p-value near 1 from Bentkus (Hoeffding's is capped at 1 by r̂ = α).
        #expect(AbstainBand.hoeffdingBentkusPValue(wrong: 20, trials: 50, level: 0.1) > 0.99)
        #expect(abs(BinomialDistribution.lowerTail(events: 3, trials: 10, probability: 0.5) - 176.0 / 1024) <= 1e-15)
    }

    @Test("A score between the thresholds abstains; at λ₁ = λ₂ the positive decision wins")
    func decisions() throws {
        let band = AbstainBand.Thresholds(lower: 0.3, upper: 0.6)
        #expect(AbstainBand.decision(score: 0.3, thresholds: band) == .negative)
        #expect(AbstainBand.decision(score: 0.45, thresholds: band) == .abstain)
        #expect(AbstainBand.decision(score: 0.6, thresholds: band) == .positive)
        #expect(AbstainBand.decision(score: 0.5, thresholds: .init(lower: 0.5, upper: 0.5)) == .positive)
        #expect(AbstainBand.grid(lower: [0.3, 0.5], upper: [0.4, 0.6]).count == 3)
        #expect(throws: ConformalError.self) {
            try AbstainBand(
                rows: [.init(score: 1.2, positive: true)], candidates: [band], minimumNegativePredictiveValue: 0.9,
                minimumPositivePredictiveValue: 0.9, maximumAbstentionRate: 0.2, error: 0.1)
        }
    }

    @Test("A candidate's NPV, PPV and abstention on the labelled rows; the rows Holm's first test needs; s from two probabilities")
    func figures() throws {
        let c = try #require(AbstainBandFixtures.cases.first { $0.name == "example" })
        // The example's chosen band (0.4, 0.5): 421 rows decided negative, 32 of them positive; 504 positive, 65 negative; 75 abstained.
        let chosen = try #require(try c.band().chosen)
        #expect(chosen.decidedNegative == 421 && chosen.wrongNegative == 32 && chosen.decidedPositive == 504 && chosen.wrongPositive == 65)
        #expect(chosen.negativePredictiveValue == 1 - 32.0 / 421 && chosen.positivePredictiveValue == 1 - 65.0 / 504)
        #expect(chosen.abstentionRate == 0.075)
        func only(_ scores: [Double]) throws -> AbstainBand.Candidate {
            try #require(
                try AbstainBand(
                    rows: scores.map { AbstainBand.Row(score: $0, positive: true) }, candidates: [.init(lower: 0.2, upper: 0.8)],
                    minimumNegativePredictiveValue: 0.9, minimumPositivePredictiveValue: 0.9, maximumAbstentionRate: 0.2, error: 0.1
                ).candidates.first)
        }
        let abstaining = try only([0.5, 0.6])
        #expect(abstaining.negativePredictiveValue == nil && abstaining.positivePredictiveValue == nil && abstaining.abstentionRate == 1)
        #expect(try only([]).abstentionRate == nil)
        // (1 − α)^m ≤ δ/K: at δ 0.1 over 36 bands, 0.85^37 = 0.00244 ≤ 0.00278 < 0.85^36 = 0.00287; 0.8^27 = 0.00242 < 0.8^26 = 0.00302.
        #expect(AbstainBand.minimumRows(level: 0.15, error: 0.1, candidates: 36) == 37)
        #expect(AbstainBand.minimumRows(level: 0.2, error: 0.1, candidates: 36) == 27)
        // One candidate at δ 0.1, α 0.5: 0.5^4 = 0.0625 ≤ 0.1 < 0.5^3.
        #expect(AbstainBand.minimumRows(level: 0.5, error: 0.1, candidates: 1) == 4)
        #expect(try AbstainBand.positiveProbability([0.125, 0.375], row: 1) == 0.75)
        #expect(try AbstainBand.positiveProbability([0.6, 0.2], row: 1) == 0.25)
        #expect(throws: ConformalError.self) { try AbstainBand.positiveProbability([0, 0], row: 3) }
        #expect(throws: ConformalError.self) { try AbstainBand.positiveProbability([0.2, 0.3, 0.5], row: 1) }
    }
}
