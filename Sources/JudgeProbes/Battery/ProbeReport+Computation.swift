import Calibration
import DataFormats
import RunInference
import StatisticsCore

extension ProbeDimensionResult {
    /// The figures of one probe on one dimension from three scores per row — the first unchanged
    /// judgment, the placebo's and the probe's, `nil` where the judge gave none — with its
    /// verdict still to be decided (``ProbeReport/decideVerdicts(of:alpha:)``).
    ///
    /// The unchanged score a probed score is compared with is the mean of the two unchanged
    /// judgments where both exist (the first alone otherwise): under no bias the probed score and
    /// the two unchanged ones are three draws of the same judge on equivalent input, and averaging
    /// two of them halves their share of the difference's variance (Var(p − (u₁ + u₂)/2) = 1.5σ²
    /// against 2σ² for p − u₁).
    public init(dimension: String, unchanged: [Double?], placebo: [Double?], probed: [Double?], level: Double) {
        let reference = zip(unchanged, placebo).map { u, q -> Double? in
            guard let u else { return nil }
            return q.map { (u + $0) / 2 } ?? u
        }
        self.init(
            dimension: dimension, shift: PairedShift(changed: probed, unchanged: reference, level: level),
            changedShare: ChangedShare(unchanged: unchanged, changed: probed, placebo: placebo), adjustedPValue: nil,
            verdict: Verdict(.undefined, reason: "not decided yet"))
    }
}

extension ProbeReport {
    /// Decides every probe's verdict on every dimension.
    ///
    /// The shifts' sign-flip p-values are adjusted together by Tarone–Holm's method
    /// (``HolmAdjustment``) over the whole battery, so that the chance of calling any probe biased
    /// when none is stays at or below `alpha`, while a test over too few moved rows to reach the
    /// level (a probe that moved nothing) is not paid for; biased in the shift's direction where
    /// the adjusted p ≤ `alpha`. A degradation's test is one-sided, that the score falls: the sign-flip
    /// distribution is symmetric, so its p is half the two-sided p when the shift is negative and 1
    /// otherwise, and the least it can be is half the two-sided least; sensitive where the adjusted p ≤
    /// `alpha`, insensitive otherwise (the drop it should cause was not shown). A probe's own verdict
    /// is the worst of its dimensions'.
    public static func decideVerdicts(of probes: inout [ProbeResult], alpha: Double) {
        let tests = probes.flatMap { probe in
            probe.dimensions.map { d -> (p: Double?, attainable: Double?) in
                guard probe.lowers != nil else { return (d.shift.pValue, d.shift.attainablePValue) }
                let falls = (d.shift.estimate.value ?? 0) < 0
                return (d.shift.pValue.map { falls ? $0 / 2 : 1 }, d.shift.attainablePValue.map { $0 / 2 })
            }
        }
        let family = tests.map(\.p)
        var adjusted = HolmAdjustment.adjusted(family, attainable: tests.map(\.attainable), alpha: alpha)[...]
        let testCount = family.count { $0 != nil }
        for p in probes.indices {
            for d in probes[p].dimensions.indices {
                let result = probes[p].dimensions[d]
                let padj = adjusted.removeFirst()
                probes[p].dimensions[d].adjustedPValue = padj
                probes[p].dimensions[d].verdict = verdict(
                    result, adjustedPValue: padj, alpha: alpha, tests: testCount, degradation: probes[p].lowers != nil)
            }
            let worst = ProbeOutcome.worst(of: probes[p].dimensions.map(\.verdict.outcome))
            let first = probes[p].dimensions.first { $0.verdict.outcome == worst }
            probes[p].verdict = Verdict(worst, reason: first?.verdict.reason ?? "no dimension was scored")
        }
    }

    private static func verdict(
        _ r: ProbeDimensionResult, adjustedPValue: Double?, alpha: Double, tests: Int, degradation: Bool
    ) -> Verdict<ProbeOutcome> {
        guard let shift = r.shift.estimate.value, let padj = adjustedPValue else {
            return Verdict(
                .undefined,
                reason: "\(r.dimension): no test, \(r.shift.estimate.n) row(s) scored both ways (at least 2 are needed)")
        }
        let figures =
            "shift \(shift.fixed(decimals: 3)), Tarone–Holm-adjusted p = \(padj.fixed(decimals: 4)) over \(tests) tests"
        if degradation {
            return padj <= alpha
                ? Verdict(.sensitive, reason: "\(r.dimension): sensitive, the score falls (\(figures), one-sided)")
                : Verdict(.insensitive, reason: "\(r.dimension): insensitive, no fall shown where the score should fall (\(figures), one-sided)")
        }
        guard padj <= alpha else {
            return Verdict(.noEffectDetected, reason: "\(r.dimension): no effect detected (\(figures))")
        }
        let higher = shift > 0
        return Verdict(
            higher ? .biasedHigher : .biasedLower,
            reason: "\(r.dimension): biased, the probe \(higher ? "raises" : "lowers") the score (\(figures))")
    }
}
