public import AgreementStatistics

/// One look of a sequential labelling plan at one dimension (`align --sequential K`).
///
/// The verdict of look k of at most K is decided on the repeated confidence
/// interval value ± c_k·SE, where c_k is ``SequentialBoundary``'s critical
/// value for the rows at this look and at every earlier one (read from the
/// history file). With the report's coverage L, the one-sided error α = (1 − L)/2
/// is spent over the K looks, so the chance of ever calling the judge aligned
/// when its true agreement is at or below the threshold stays at most α (2.5%
/// at 95%), however many of the K looks are taken.
public struct SequentialLook: Sendable, Hashable, Codable {
    /// This look's number, from 1.
    public var look: Int
    /// The most looks planned.
    public var maximumLooks: Int
    /// The label sheets the looks are at (their file names, sorted): one sequence each.
    public var labelSet: String
    /// Paired rows at each look so far, this one last.
    public var rows: [Int]
    /// c_k, this look's critical value (1.96 would be a single look's at 95%).
    public var critical: Double
    /// The one-sided error spent up to this look.
    public var spent: Double
    /// The repeated confidence interval the verdict was decided on.
    public var interval: ConfidenceInterval?

    /// "look 4 of at most 10".
    public var summary: String { "look \(look) of at most \(maximumLooks)" }

    /// Decides `dimension`'s verdict at this look, as ``Verdict`` does on the repeated interval.
    ///
    /// - Returns: the dimension with ``DimensionAlignment/sequentialLook`` set and its verdict replaced;
    ///   without a standard error the verdict is undefined and says why.
    static func decide(
        _ dimension: DimensionAlignment, look: Int, maximumLooks: Int, labelSet: String, rows: [Int], critical: Double,
        alpha: Double, threshold: Double, level: Double
    ) -> DimensionAlignment {
        var d = dimension
        var estimate = d.statisticEstimate
        estimate.n = rows.last ?? estimate.n
        // Every verdict statistic lies in [−1, 1]; the interval is clipped there, as the single look's.
        var interval: ConfidenceInterval?
        if let value = estimate.value, let se = estimate.standardError {
            interval = ConfidenceInterval(
                lower: max(-1, value - critical * se), upper: min(1, value + critical * se), level: level,
                method: "repeated (Lan–DeMets, Pocock-type spending)")
        }
        estimate.interval = interval
        var look = SequentialLook(
            look: look, maximumLooks: maximumLooks, labelSet: labelSet, rows: rows, critical: critical,
            spent: SequentialBoundary.spent(look: look, maximumLooks: maximumLooks, alpha: alpha), interval: interval)
        var verdict = Verdict(estimate: estimate, threshold: threshold, statistic: d.statistic.displayName)
        if estimate.value != nil, estimate.standardError == nil {
            verdict.outcome = .undefined
            verdict.explanation =
                "\(d.statistic.displayName) has no standard error here, which a sequential look needs; use a kappa or AC2"
            look.interval = nil
        }
        verdict.explanation = "\(look.summary): " + verdict.explanation
        d.verdict = verdict
        d.sequentialLook = look
        return d
    }
}
