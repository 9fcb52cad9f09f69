import RunInference
import Testing
import _TestSupport

/// The cases `benchmarks/python/ordinal_prediction_sets_fixtures.py` wrote
/// (`Resources/ordinal-prediction-sets-fixtures.json`): calibration rows, test rows, and the scores,
/// q̂ and sets of a NumPy implementation written from Lu et al. (2022).
enum OrdinalPredictionSetsFixtures {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var seed: Int
        var levels: Int
        var alpha: Double
        var style: String
        var calibration: [[Double]]
        var calibrationLevels: [Int]
        var test: [[Double]]
        var scores: [Double]
        var rank: Int
        var threshold: Double?
        var sets: [[Double]]
        var setsScoreAtMost: [[Double]]
        var testDescription: String { "seed \(seed): K \(levels), n \(calibration.count), α \(alpha), \(style)" }

        var rows: [OrdinalPredictionSets.Row] {
            zip(calibration, calibrationLevels).map { OrdinalPredictionSets.Row(probabilities: $0, level: $1) }
        }
    }

    struct File: Decodable {
        var cases: [Case]
    }

    static let cases = SharedData.fixture(File.self, at: "Tests/StatisticsTests/Resources/ordinal-prediction-sets-fixtures.json").cases
}

@Suite("Ordinal prediction sets: split-conformal ordinal APS against a NumPy reference")
struct OrdinalPredictionSetsReferenceTests {
    @Test("Scores, q̂ and every test row's set equal the reference's", arguments: OrdinalPredictionSetsFixtures.cases)
    func matchesReference(_ c: OrdinalPredictionSetsFixtures.Case) throws {
        let sets = try OrdinalPredictionSets(rows: c.rows, levels: c.levels, miscoverage: c.alpha)
        #expect(sets.rank == c.rank)
        #expect(sets.scores.count == c.scores.count)
        for (ours, theirs) in zip(sets.scores, c.scores) { #expect(abs(ours - theirs) <= 1e-12) }
        #expect(sets.threshold == c.threshold)
        for (rule, expectedSets) in [(OrdinalPredictionSets.SetRule.reaching, c.sets), (.scoreAtMost, c.setsScoreAtMost)] {
            for (probabilities, expected) in zip(c.test, expectedSets) {
                let set = try sets.set(for: probabilities, rule: rule)
                #expect([Double(set.lower), Double(set.upper)] == Array(expected.prefix(2)), "\(rule)")
                #expect(abs(set.mass - expected[2]) <= 1e-12)
            }
        }
    }

    @Test("The greedy path adds the larger neighbour, ties to the lower level, and ends at the whole scale")
    func path() {
        let path = OrdinalPredictionSets.path([0.1, 0.3, 0.3, 0.2, 0.1])
        #expect(path.map { [$0.lower, $0.upper] } == [[1, 1], [1, 2], [1, 3], [0, 3], [0, 4]])
        #expect(abs(path[2].mass - 0.8) <= 1e-15)
        // A tie between the two neighbours goes to the lower one.
        #expect(OrdinalPredictionSets.path([0.25, 0.5, 0.25]).map(\.lower) == [1, 0, 0])
        #expect(OrdinalPredictionSets.score([0.1, 0.3, 0.3, 0.2, 0.1], level: 4) == path[4].mass)
    }

    @Test("Too few rows for α give the whole scale; K = 2 gives one level or both")
    func edges() throws {
        let rows = (0..<8).map { OrdinalPredictionSets.Row(probabilities: [0.7, 0.3], level: $0 % 2) }
        let few = try OrdinalPredictionSets(rows: rows, levels: 2, miscoverage: 0.1)
        #expect(few.rank == 9)
        #expect(few.threshold == nil)
        let whole = try few.set(for: [0.99, 0.01])
        #expect(whole.lower == 0 && whole.upper == 1 && abs(whole.mass - 1) <= 1e-15)
        #expect(OrdinalPredictionSets.minimumRows(miscoverage: 0.1) == 9)
        #expect(OrdinalPredictionSets.minimumRows(miscoverage: 0.2) == 4)
        // Scores: eight at 0.7 (level 0) and eight at 1 (level 1); r = ⌈17 × 0.4⌉ = 7, so q̂ = 0.7.
        let enough = try OrdinalPredictionSets(rows: rows + rows, levels: 2, miscoverage: 0.6)
        #expect(enough.threshold == 0.7)
        #expect(try enough.set(for: [0.9, 0.1]).width == 1)
        #expect(try enough.set(for: [0.5, 0.5]).width == 2)
        // Reaching q̂ = 0.7 takes both levels of [0.6, 0.4]; the levels scoring ≤ 0.7 are the first alone.
        #expect(try enough.set(for: [0.6, 0.4], rule: .scoreAtMost).width == 1)
        #expect(try enough.set(for: [0.6, 0.4], rule: .reaching).width == 2)
        // No level scores ≤ 0.7 in [0.1, 0.9]: the most probable level alone, never an empty set.
        #expect(try enough.set(for: [0.1, 0.9], rule: .scoreAtMost) == .init(lower: 1, upper: 1, mass: 0.9))
        // Probabilities that do not sum to 1 are renormalised: [1.8, 0.2] is [0.9, 0.1].
        #expect(try enough.set(for: [1.8, 0.2]) == enough.set(for: [0.9, 0.1]))
    }

    @Test("Bad input is a typed error naming its row, never a trap")
    func errors() throws {
        func code(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch {
                return (error as? ConformalError)?.code ?? "\(error)"
            }
        }
        let row = OrdinalPredictionSets.Row(probabilities: [0.5, 0.5, 0], level: 1)
        #expect(code { _ = try OrdinalPredictionSets(rows: [row], levels: 1, miscoverage: 0.1) } == "too-few-levels")
        #expect(code { _ = try OrdinalPredictionSets(rows: [row], levels: 3, miscoverage: 1) } == "level-out-of-range")
        #expect(code { _ = try OrdinalPredictionSets(rows: [.init(probabilities: [1, 0, 0], level: 3)], levels: 3, miscoverage: 0.2) } == "off-scale")
        do {
            _ = try OrdinalPredictionSets(rows: [row, .init(probabilities: [0, 0, 0], level: 0)], levels: 3, miscoverage: 0.1)
            Issue.record("a row with no mass was accepted")
        } catch {
            #expect(error.code == "no-mass")
            #expect(error.description.hasPrefix("row 2 "))
        }
        let sets = try OrdinalPredictionSets(rows: [row], levels: 3, miscoverage: 0.2)
        #expect(code { _ = try sets.set(for: [0.5, .nan, 0.5]) } == "bad-probability")
        #expect(code { _ = try sets.set(for: [0.5, -0.1, 0.6]) } == "bad-probability")
        #expect(code { _ = try sets.set(for: [0.5, 0.5]) } == "wrong-length")
    }

    @Test("Rows are ranked for labelling widest set first, in the order given within a width")
    func labellingOrder() {
        let sets: [OrdinalPredictionSets.LevelInterval] = [
            .init(lower: 2, upper: 2, mass: 0.95), .init(lower: 0, upper: 2, mass: 0.93),
            .init(lower: 1, upper: 2, mass: 0.91), .init(lower: 3, upper: 4, mass: 0.97),
        ]
        #expect(OrdinalPredictionSets.labellingOrder(sets) == [1, 2, 3, 0])
        let summary = OrdinalPredictionSets.widthSummary(sets, levels: 3)
        #expect(summary?.meanWidth == 2)
        #expect(summary?.singletons == 0.25)
        #expect(summary?.wholeScale == 0.25)
    }
}
