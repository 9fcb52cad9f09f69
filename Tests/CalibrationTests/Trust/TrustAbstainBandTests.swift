import Calibration
import CalibrationData
import Foundation
import RunInference
import SelectiveTrust
import StatisticsCore
import Testing
import _TestSupport

@Suite("The abstain band on a run: the band AbstainBand certifies on the labelled rows, and every judged row's decision")
struct TrustAbstainBandTests {
    /// A two-level dimension `Hallucinated` (levels no, yes) on calibration rows `c…` labelled by rater a and unlabelled test
    /// rows `t…`, the judge's distribution [1 − s, s]; a four-level `Quality` beside it. Also: five worked examples labelled
    /// against the judge, a row whose two raters tie, and a labelled row without a distribution, none of which calibrates.
    static func input(calibration: Int = 1000) throws -> (input: AlignmentInput, distributions: [String: [String: [Double]]], example: MAPIEExample) {
        let example = try #require(MAPIEExample.example)
        let positive = example.positive.map { $0 == "1" }
        let calibrationIDs = (0..<calibration).map { "c\($0)" }
        let testIDs = (try #require(example.testScores)).indices.map { "t\($0)" }
        var labels = zip(calibrationIDs, positive).map { ExpertLabel(rowID: $0, rater: "a", value: $1 ? 1 : 0) }
        var distributions: [String: [Double]] = [:]
        for (id, s) in Array(zip(calibrationIDs, example.scores)) + Array(zip(testIDs, example.testScores ?? [])) { distributions[id] = [1 - s, s] }
        let examples = (0..<5).map { "x\($0)" }
        for id in examples {
            distributions[id] = [0.99, 0.01]
            labels.append(ExpertLabel(rowID: id, rater: "a", value: 1))
        }
        distributions["split"] = [0.99, 0.01]
        labels += [ExpertLabel(rowID: "split", rater: "a", value: 1), ExpertLabel(rowID: "split", rater: "b", value: 0)]
        labels.append(ExpertLabel(rowID: "unjudged", rater: "a", value: 1))
        let rows = examples + calibrationIDs + ["split", "unjudged"] + testIDs
        var input = AlignmentInput(
            runRowIDs: rows,
            dimensions: [
                .init(name: "Quality", scale: CategoryScale(1...4), judge: JudgeScores(scores: [:]), expertLabels: []),
                .init(
                    name: "Hallucinated", scale: CategoryScale(values: [0, 1], labels: ["no", "yes"]), judge: JudgeScores(scores: [:]),
                    expertLabels: labels),
            ])
        input.exampleRowIDs = Set(examples)
        return (input, ["Hallucinated": distributions], example)
    }

    @Test("On MAPIE's example the band is AbstainBand's on the calibration rows alone, (0.4, 0.5); decisions follow it, abstained first")
    func mapieExample() throws {
        let (input, distributions, example) = try Self.input()
        let band = try TrustAbstainBand(input, distributions: distributions, settings: TrustSettings(), band: .standard)
        #expect(band.leftOut == [TrustAbstainBand.ScaleSize(dimension: "Quality", levels: 4)])
        let d = try #require(band.dimensions.first)
        #expect(band.dimensions.count == 1 && d.name == "Hallucinated")
        let direct = try AbstainBand(
            rows: zip(example.scores, example.positive).map { AbstainBand.Row(score: $0, positive: $1 == "1") },
            candidates: TrustAbstainBand.Settings.standard.candidates, minimumNegativePredictiveValue: 0.85,
            minimumPositivePredictiveValue: 0.8, maximumAbstentionRate: 0.2, error: 0.1)
        // The worked examples, the tied row and the unjudged row are left out: the same counts, p-values and choice.
        #expect(d.band == direct)
        #expect(d.calibrationRows == 1000)
        let chosen = try #require(d.chosen)
        // Cross-checked by an independent Learn then Test in Python (SciPy's binom.cdf): 3 of 36 bands certified.
        #expect(chosen.thresholds == AbstainBand.Thresholds(lower: 0.4, upper: 0.5))
        #expect(d.band.valid.map(\.thresholds) == [.init(lower: 0.3, upper: 0.5), .init(lower: 0.4, upper: 0.5), .init(lower: 0.4, upper: 0.6)])
        // Every judged row but the worked examples: 1,000 + the tied row + 500 test rows, the abstained first.
        #expect(d.rows.count == 1501)
        let firstDecided = try #require(d.rows.firstIndex { $0.decision != .abstain })
        #expect(d.rows[firstDecided...].allSatisfy { $0.decision != .abstain } && d.abstained == firstDecided)
        #expect(d.rows.allSatisfy { $0.decision == AbstainBand.decision(score: $0.score, thresholds: chosen.thresholds) })
        #expect(d.rows.filter { $0.labelled }.count == 1001 && d.rows.first { $0.id == "t0" }?.labelled == false)
        // MAPIE's own decisions on the test rows, in run order.
        let decisions = Dictionary(uniqueKeysWithValues: d.rows.map { ($0.id, $0.decision.rawValue) })
        #expect(example.testScores?.indices.map { decisions["t\($0)"] } == example.testDecisions)
    }

    @Test("Too few labelled rows: no band, every row abstains, and the rows a band needs even with none wrong")
    func noBand() throws {
        let (input, distributions, _) = try Self.input(calibration: 50)
        let d = try #require(try TrustAbstainBand(input, distributions: distributions, settings: TrustSettings(), band: .standard).dimensions.first)
        #expect(d.chosen == nil && d.band.valid.isEmpty && d.calibrationRows == 50)
        #expect(d.rows.allSatisfy { $0.decision == .abstain } && d.abstained == d.rows.count)
        #expect(d.minimumNegativeRows == 37 && d.minimumPositiveRows == 27 && d.minimumRows == 64)
        let closest = try #require(d.closest)
        #expect(closest.pValue == d.band.candidates.map(\.pValue).min())
    }

    @Test("Worked examples calibrate when the settings keep them")
    func examplesKept() throws {
        let (input, distributions, _) = try Self.input(calibration: 200)
        let kept = try TrustAbstainBand(input, distributions: distributions, settings: TrustSettings(includeExamples: true), band: .standard)
        #expect(kept.dimensions.first?.calibrationRows == 205)
        #expect(kept.dimensions.first?.rows.contains { $0.id == "x0" } == true)
    }

    @Test("No two-level dimension: refused with each dimension's levels")
    func noTwoLevels() throws {
        let made = try Self.input(calibration: 40)
        var input = made.input
        input.dimensions.removeLast()
        #expect(throws: TrustError.noTwoLevelDimension([.init(dimension: "Quality", levels: 4)])) {
            try TrustAbstainBand(input, distributions: made.distributions, settings: TrustSettings(), band: .standard)
        }
    }

    @Test("The grid: (n + 1)² bands from 0 to 0.5 and 0.5 to 1 in steps dividing 0.5; targets in (0, 1)")
    func settings() throws {
        let standard = TrustAbstainBand.Settings.standard.candidates
        #expect(standard.count == 36 && standard.first == .init(lower: 0, upper: 0.5) && standard.last == .init(lower: 0.5, upper: 1))
        #expect(standard.contains(.init(lower: 0.3, upper: 0.8)) && standard.contains(.init(lower: 0.5, upper: 0.5)))
        #expect(try TrustAbstainBand.Settings(gridStep: 0.25).candidates.count == 9)
        #expect(try TrustAbstainBand.Settings(gridStep: 0.01).candidates.count == 51 * 51)
        for step in [0.3, 0, -0.1, 0.6, 0.005] {
            #expect(throws: TrustAbstainBand.SettingsError.gridStep(step)) { try TrustAbstainBand.Settings(gridStep: step) }
        }
        #expect(throws: TrustAbstainBand.SettingsError.self) { try TrustAbstainBand.Settings(gridStep: .nan) }
        #expect(throws: TrustAbstainBand.SettingsError.negativePredictiveValue(1)) { try TrustAbstainBand.Settings(minimumNegativePredictiveValue: 1) }
        #expect(throws: TrustAbstainBand.SettingsError.positivePredictiveValue(0)) { try TrustAbstainBand.Settings(minimumPositivePredictiveValue: 0) }
        #expect(throws: TrustAbstainBand.SettingsError.abstentionRate(1.5)) { try TrustAbstainBand.Settings(maximumAbstentionRate: 1.5) }
    }
}
