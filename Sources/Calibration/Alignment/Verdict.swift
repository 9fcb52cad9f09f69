public import StatisticsCore

/// Whether a judge can be trusted on one dimension, decided from a statistic's
/// confidence interval against a threshold.
///
/// - *aligned*: the interval's lower bound is at or above the threshold;
/// - *not aligned*: the interval's upper bound is below the threshold;
/// - *inconclusive*: the interval straddles the threshold — more labelled rows
///   would decide it, and ``additionalRowsNeeded`` estimates how many;
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
public struct Verdict: Sendable, Hashable, Codable {
    /// The outcome.
    public enum Outcome: String, Sendable, Hashable, Codable {
        case aligned
        case notAligned = "not-aligned"
        case inconclusive
        case undefined

        /// The worst of `outcomes` (not aligned, then undefined, then
        /// inconclusive, then aligned): what a gate over several dimensions
        /// reports. Aligned when there are none.
        public static func worst(of outcomes: [Outcome]) -> Outcome {
            [.notAligned, .undefined, .inconclusive].first(where: outcomes.contains) ?? .aligned
        }
    }

    /// The outcome.
    public var outcome: Outcome
    /// The threshold the interval was compared with.
    public var threshold: Double
    /// For an inconclusive verdict, about how many more labelled rows would
    /// narrow the interval enough to exclude the threshold, if the estimate
    /// held; `nil` otherwise, or when the estimate sits on the threshold.
    public var additionalRowsNeeded: Int?
    /// One sentence for a person.
    public var explanation: String

    /// The fewest paired rows a verdict is given on: the intervals are
    /// large-sample approximations (and a bootstrap of a handful of rows has
    /// almost no distinct resamples), so below this the verdict is
    /// inconclusive whatever the interval says.
    public static let minimumRows = 10

    /// Decides the verdict for `estimate` against `threshold`.
    ///
    /// The estimate of further rows assumes the interval's half-width h
    /// shrinks as 1/√n: to exclude the threshold it must fall to
    /// |estimate − threshold|, which needs n·(h / |estimate − threshold|)²
    /// rows in all. With fewer than ``minimumRows`` paired rows the verdict is
    /// inconclusive and the rows needed are those up to the minimum.
    public init(estimate: Estimate, threshold: Double, statistic: String) {
        self.threshold = threshold
        self.additionalRowsNeeded = nil
        guard let value = estimate.value else {
            outcome = .undefined
            explanation = "\(statistic) is undefined: \(estimate.undefinedReason?.message ?? "no value")"
            return
        }
        if estimate.n < Self.minimumRows {
            outcome = .inconclusive
            additionalRowsNeeded = Self.minimumRows - estimate.n
            explanation =
                "\(statistic) \(Self.format(value)) rests on \(estimate.n) paired rows; a verdict needs at least \(Self.minimumRows), so label \(Self.minimumRows - estimate.n) more"
            return
        }
        guard let ci = estimate.interval, ci.upper > ci.lower else {
            outcome = .undefined
            let why =
                estimate.interval.map { _ in "its interval collapses to a point, which is not an interval" }
                ?? estimate.intervalUndefinedReason.map { "it has no confidence interval: \($0.message)" }
                ?? "it has no confidence interval"
            explanation = "\(statistic) = \(Self.format(value)), but \(why), so no verdict can be given"
            return
        }
        let range = "[\(Self.format(ci.lower)), \(Self.format(ci.upper))]"
        if ci.lower >= threshold {
            outcome = .aligned
            explanation =
                "\(statistic) \(Self.format(value)), \(Int(ci.level * 100))% interval \(range) lies at or above \(Self.format(threshold))"
        } else if ci.upper < threshold {
            outcome = .notAligned
            explanation =
                "\(statistic) \(Self.format(value)), \(Int(ci.level * 100))% interval \(range) lies below \(Self.format(threshold))"
        } else {
            outcome = .inconclusive
            let halfWidth = (ci.upper - ci.lower) / 2
            let distance = abs(value - threshold)
            let total = Double(estimate.n) * (halfWidth / distance) * (halfWidth / distance)
            // An estimate a rounding error from the threshold would need more rows than an Int holds: it sits on it.
            if distance > 0, estimate.n > 0, total < 1e15 {
                // Guard the ceiling against rounding noise (0.2 / 0.1 is 2.0000000000000004).
                additionalRowsNeeded = max(1, Int((total * (1 - 1e-12)).rounded(.up)) - estimate.n)
            }
            let more =
                additionalRowsNeeded.map { "; about \($0) more labelled rows would decide it if the estimate holds" }
                ?? "; the estimate sits on the threshold, so more rows alone may not decide it"
            explanation =
                "\(statistic) \(Self.format(value)), \(Int(ci.level * 100))% interval \(range) straddles \(Self.format(threshold))\(more)"
        }
    }

    static func format(_ x: Double) -> String {
        let r = (x * 1000).rounded() / 1000
        return String(r)
    }
}
