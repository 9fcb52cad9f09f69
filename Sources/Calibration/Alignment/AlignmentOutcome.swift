public import StatisticsCore

/// Whether a judge can be trusted on one dimension, decided from a statistic's
/// confidence interval against a threshold: `align`'s, `certify`'s and a sequential look's verdict
/// (``Verdict/init(estimate:threshold:statistic:)``).
///
/// - *aligned*: the interval's lower bound is at or above the threshold;
/// - *not aligned*: the interval's upper bound is below the threshold;
/// - *inconclusive*: the interval straddles the threshold — more labelled rows
///   would decide it, and ``VerdictFigures/additionalRowsNeeded`` estimates how many;
/// - *undefined*: the statistic has no value (see its reason), or no interval:
///   none was computed, or it collapsed to a point (a constant rater gives
///   kappa 0 by definition, and perfect agreement kappa 1, each with a
///   large-sample standard error of 0; the catalogue removes such an interval
///   and says why, ``Estimate/intervalUndefinedReason``). A point is not an
///   interval, so no verdict rests on it.
///
/// Apple's Book Tracker sample gates on kappa > 0.6; the default here is
/// quadratic-weighted kappa with threshold 0.6, judged on its 95% interval
/// rather than its point estimate, so that 12 lucky rows cannot pass a gate.
public enum AlignmentOutcome: String, VerdictOutcome {
    case aligned
    case notAligned = "not-aligned"
    case inconclusive
    case undefined

    /// Not aligned, then undefined, then inconclusive, then aligned: a gate over several dimensions
    /// reports the worst; aligned when there are none.
    public static let severity: [AlignmentOutcome] = [.notAligned, .undefined, .inconclusive, .aligned]

    /// An object of the outcome, the threshold, the rows needed and the reason, as `explanation`.
    public static var record: VerdictRecord<AlignmentOutcome> { .withFigures(reasonKey: "explanation") }

    /// Aligned passes, not aligned fails; inconclusive and undefined are themselves.
    public var gate: VerdictGate {
        switch self {
        case .aligned: .passes
        case .notAligned: .fails
        case .inconclusive: .inconclusive
        case .undefined: .undefined
        }
    }

    /// The fewest paired rows a verdict is given on: the intervals are
    /// large-sample approximations (and a bootstrap of a handful of rows has
    /// almost no distinct resamples), so below this the verdict is
    /// inconclusive whatever the interval says.
    public static let minimumRows = 10
}

extension Verdict where Outcome == AlignmentOutcome {
    /// Decides the verdict for `estimate` against `threshold`.
    ///
    /// The estimate of further rows assumes the interval's half-width h
    /// shrinks as 1/√n: to exclude the threshold it must fall to
    /// |estimate − threshold|, which needs n·(h / |estimate − threshold|)²
    /// rows in all. With fewer than ``AlignmentOutcome/minimumRows`` paired rows the verdict is
    /// inconclusive and the rows needed are those up to the minimum.
    public init(estimate: Estimate, threshold: Double, statistic: String) {
        let minimumRows = AlignmentOutcome.minimumRows
        guard let value = estimate.value else {
            self.init(
                outcome: .undefined, reason: "\(statistic) is undefined: \(estimate.undefinedReason?.message ?? "no value")",
                figures: VerdictFigures(threshold: threshold))
            return
        }
        if estimate.n < minimumRows {
            self.init(
                outcome: .inconclusive,
                reason:
                    "\(statistic) \(format(value)) rests on \(estimate.n) paired rows; a verdict needs at least \(minimumRows), so label \(minimumRows - estimate.n) more",
                figures: VerdictFigures(threshold: threshold, additionalRowsNeeded: minimumRows - estimate.n))
            return
        }
        guard let ci = estimate.interval, ci.upper > ci.lower else {
            let why =
                estimate.interval.map { _ in "its interval collapses to a point, which is not an interval" }
                ?? estimate.intervalUndefinedReason.map { "it has no confidence interval: \($0.message)" }
                ?? "it has no confidence interval"
            self.init(
                outcome: .undefined, reason: "\(statistic) = \(format(value)), but \(why), so no verdict can be given",
                figures: VerdictFigures(threshold: threshold))
            return
        }
        let range = "[\(format(ci.lower)), \(format(ci.upper))]"
        let figure = "\(statistic) \(format(value)), \(Int(ci.level * 100))% interval \(range)"
        if ci.lower >= threshold {
            self.init(
                outcome: .aligned, reason: "\(figure) lies at or above \(format(threshold))", figures: VerdictFigures(threshold: threshold))
        } else if ci.upper < threshold {
            self.init(outcome: .notAligned, reason: "\(figure) lies below \(format(threshold))", figures: VerdictFigures(threshold: threshold))
        } else {
            let halfWidth = (ci.upper - ci.lower) / 2
            let distance = abs(value - threshold)
            let total = Double(estimate.n) * (halfWidth / distance) * (halfWidth / distance)
            var rowsNeeded: Int?
            // An estimate a rounding error from the threshold would need more rows than an Int holds: it sits on it.
            if distance > 0, estimate.n > 0, total < 1e15 {
                // Guard the ceiling against rounding noise (0.2 / 0.1 is 2.0000000000000004).
                rowsNeeded = max(1, Int((total * (1 - 1e-12)).rounded(.up)) - estimate.n)
            }
            let more =
                rowsNeeded.map { "; about \($0) more labelled rows would decide it if the estimate holds" }
                ?? "; the estimate sits on the threshold, so more rows alone may not decide it"
            self.init(
                outcome: .inconclusive, reason: "\(figure) straddles \(format(threshold))\(more)",
                figures: VerdictFigures(threshold: threshold, additionalRowsNeeded: rowsNeeded))
        }
    }
}

/// A figure to three decimals, as a verdict's reason quotes it.
private func format(_ x: Double) -> String {
    let r = (x * 1000).rounded() / 1000
    return String(r)
}
