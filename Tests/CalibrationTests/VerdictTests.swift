import AgreementCoefficients
import Calibration
import CalibrationData
import Foundation
import JudgeProbes
import StatisticsCore
import Testing

@Suite("Verdicts from an interval against a threshold")
struct VerdictTests {
    func estimate(_ value: Double, _ lower: Double, _ upper: Double, n: Int = 100) -> Estimate {
        Estimate(value: value, n: n, interval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95, method: .standardError(.normal)))
    }

    @Test("Aligned, not aligned and inconclusive")
    func outcomes() {
        #expect(Verdict(estimate: estimate(0.8, 0.65, 0.95), threshold: 0.6, statistic: "κ").outcome == .aligned)
        #expect(Verdict(estimate: estimate(0.8, 0.6, 0.95), threshold: 0.6, statistic: "κ").outcome == .aligned)
        #expect(Verdict(estimate: estimate(0.4, 0.2, 0.59), threshold: 0.6, statistic: "κ").outcome == .notAligned)
        #expect(Verdict(estimate: estimate(0.7, 0.5, 0.9), threshold: 0.6, statistic: "κ").outcome == .inconclusive)
    }

    @Test("More rows needed: the half-width must shrink to the distance from the threshold")
    func rowsNeeded() {
        // Half-width 0.2, distance 0.1: n must grow 4×, from 100 to 400.
        let v = Verdict(estimate: estimate(0.7, 0.5, 0.9), threshold: 0.6, statistic: "κ")
        #expect(v.figures.additionalRowsNeeded == 300)
        #expect(v.reason.contains("about 300 more labelled rows"))
        // On the threshold, no finite number of rows is promised.
        let on = Verdict(estimate: estimate(0.6, 0.5, 0.7), threshold: 0.6, statistic: "κ")
        #expect(on.outcome == .inconclusive)
        #expect(on.figures.additionalRowsNeeded == nil)
    }

    @Test("An estimate a rounding error from the threshold is inconclusive without a row count, not a crash")
    func onThresholdByRounding() {
        let v = Verdict(estimate: estimate(0.6, 0.15, 1.0, n: 400), threshold: 0.6.nextDown, statistic: "κ")
        #expect(v.outcome == .inconclusive)
        #expect(v.figures.additionalRowsNeeded == nil)
    }

    @Test("An undefined statistic gives an undefined verdict with its reason")
    func undefined() {
        let v = Verdict(estimate: Estimate(undefined: .noVariation("both raters used one category"), n: 20), threshold: 0.6, statistic: "κ")
        #expect(v.outcome == .undefined)
        #expect(v.reason == "κ is undefined: both raters used one category")
    }

    @Test("Fewer paired rows than the minimum: inconclusive, whatever the interval says")
    func tooFewRows() {
        let v = Verdict(estimate: estimate(0.95, 0.9, 1.0, n: 4), threshold: 0.6, statistic: "κ")
        #expect(v.outcome == .inconclusive)
        #expect(v.figures.additionalRowsNeeded == AlignmentOutcome.minimumRows - 4)
        #expect(v.reason.contains("rests on 4 paired rows"))
    }

    @Test("A point is not an interval: kappa 0 [0, 0] from a constant rater decides no verdict, nor does a removed interval")
    func collapsed() {
        let point = Verdict(estimate: estimate(0, 0, 0), threshold: 0.6, statistic: "κ")
        #expect(point.outcome == .undefined)
        #expect(point.reason.contains("collapses to a point"))
        var removed = Estimate(value: 0, n: 40)
        removed.intervalUndefinedReason = UndefinedReason(
            code: "collapsed-interval", message: "the normal interval collapses to the point 0")
        let v = Verdict(estimate: removed, threshold: 0.6, statistic: "κ")
        #expect(v.outcome == .undefined)
        #expect(v.reason.contains("the normal interval collapses to the point 0"))
    }

    @Test("Options are checked by the report itself: 1 or 10⁸ resamples are refused, for compare's paired bootstrap too")
    func resampleBounds() {
        #expect(throws: AgreementRequestError.tooFewResamples(1)) { try AlignmentSettings(resamples: 1).validated() }
        #expect(throws: AgreementRequestError.tooManyResamples(100_000_000)) {
            try AlignmentSettings(resamples: 100_000_000).validated()
        }
        let input = RubricComparison.Input(controlName: "A", experimentalName: "B", runRowIDs: [], dimensions: [])
        #expect(throws: AgreementRequestError.tooFewResamples(5)) { try RubricComparison(input, options: AlignmentSettings(resamples: 5)) }
    }

    @Test("A gate reports the worst outcome: not aligned over undefined over inconclusive over aligned (judgecal maps it to 2, 4, 3, 0)")
    func gateWorstOutcome() {
        let worst = { (outcomes: [AlignmentOutcome]) in AlignmentOutcome.worst(of: outcomes) }
        #expect(worst([]) == .aligned)
        #expect(worst([.aligned, .aligned]) == .aligned)
        #expect(worst([.aligned, .inconclusive]) == .inconclusive)
        #expect(worst([.inconclusive, .undefined]) == .undefined)
        #expect(worst([.undefined, .notAligned, .inconclusive]) == .notAligned)
    }

    @Test("Every kind of verdict takes its worst outcome by its own severity: probe's biased first, compare's control better first")
    func worstOfEveryKind() {
        #expect(ProbeOutcome.worst(of: []) == .noEffectDetected)
        #expect(ProbeOutcome.worst(of: [.undefined, .biasedLower, .noEffectDetected]) == .biasedLower)
        #expect(ProbeOutcome.worst(of: [.undefined, .noEffectDetected]) == .undefined)
        #expect(ComparisonOutcome.worst(of: [.experimentalBetter, .noDetectableDifference]) == .noDetectableDifference)
        #expect(ComparisonOutcome.worst(of: [.undefined, .controlBetter]) == .controlBetter)
    }

    @Test("Each verdict keeps the JSON it was first written in: align's object, compare's bare outcome")
    func recordedShapes() throws {
        let aligned = Verdict(estimate: estimate(0.7, 0.5, 0.9), threshold: 0.6, statistic: "κ")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(aligned)) as? [String: Any])
        #expect(Set(object.keys) == ["outcome", "threshold", "additionalRowsNeeded", "explanation"])
        #expect(try JSONDecoder().decode(Verdict<AlignmentOutcome>.self, from: JSONEncoder().encode(aligned)) == aligned)
        let compared = Verdict(difference: estimate(0.2, 0.1, 0.3))
        #expect(compared.outcome == .experimentalBetter && compared.figures.threshold == 0)
        let bare = try JSONEncoder().encode([compared])
        #expect(String(decoding: bare, as: UTF8.self) == #"["experimental-better"]"#)
        #expect(try JSONDecoder().decode([Verdict<ComparisonOutcome>].self, from: bare) == [compared])
    }
}
