import Foundation
import StatisticsCore

/// Futility of a sequential plan at one look: how likely the labels left in the plan are to
/// decide at all, and whether that is so unlikely that the look says so.
///
/// At look k on n_k rows of a plan whose last look is at N rows, with estimate κ̂, threshold θ
/// and standard error SE (at θ, on the n_k rows), take the estimate as the truth and the final
/// estimate as the n_k rows' κ̂ pooled with N − n_k new rows: given the rows so far it is normal
/// with mean κ̂ and variance SE²·t·(1 − t), t = n_k / N, and its SE at the last look is SE·√t.
/// The last look, with critical value c_N, then says *aligned* and *not aligned* with chances
///
///     P(aligned)     = Φ((z/√t − c_N) / √(1 − t)),
///     P(not aligned) = Φ((−z/√t − c_N) / √(1 − t)),   z = (κ̂ − θ) / SE,
///
/// the conditional power under the current trend (Lan & Wittes 1988; Jennison & Turnbull 2000,
/// ch. 10; Lachin 2005). When both are below γ and at least a share of N rows is in, the look
/// stops for futility: *inconclusive, the remaining budget is unlikely to decide*.
///
/// Assumptions: the statistic accumulates over rows (kappa is a smooth function of cell means,
/// so to first order), its SE shrinks as 1/√n, and the estimate is the truth — early estimates
/// are noisy, hence the minimum share. Only the last look's crossing is counted: a path may also
/// cross an earlier remaining look, so the chance of a verdict by N is somewhat higher than these
/// (a conservative futility rule). The rule is non-binding: the aligned boundaries are unchanged,
/// so stopping for futility can only lower the chance of a false *aligned*; a team may go on
/// labelling after a futility look and its later looks stay honest.
///
/// Edge cases: at n_k ≥ N no rows are left, so the chances are the last look's own outcome (1 or
/// 0) and the look never stops for futility; an SE that is 0 or not finite, a non-finite
/// estimate or critical value, or no rows gives no assessment (`nil`), never a guess.
///
/// The constants, γ = 0.02 once at least half the plan's rows are in (0.4 of them on judge-stratified
/// labels), were chosen by the sequential study (docs/PLANNING.md): the chance under the current
/// trend is noisy early (an estimate a little off the truth looks hopeless), so a larger γ or an
/// earlier start cost 2–12 points of power where a verdict is within reach; these cost at most 1.5
/// points there and stop nearly every stream within 0.05 of the threshold at about half the cap.
///
/// References: Lan KKG, Wittes J (1988), "The B-value: a tool for monitoring data", Biometrics
/// 44:579–585; Jennison C, Turnbull BW (2000), *Group Sequential Methods with Applications to
/// Clinical Trials*, ch. 10; Lachin JM (2005), "A review of methods for futility stopping based
/// on conditional power", Stat Med 24:2747–2764.
public struct SequentialFutility: Sendable, Hashable, Codable {
    /// n_k, the rows at this look.
    public var rows: Int
    /// N, the rows at the plan's last look.
    public var finalRows: Int
    /// c_N, the last look's critical value.
    public var finalCritical: Double
    /// The chance that the last look says *aligned*, if the estimate is the truth.
    public var chanceAligned: Double
    /// The chance that the last look says *not aligned*, if the estimate is the truth.
    public var chanceNotAligned: Double
    /// Whether this look stops for futility: both chances below γ and at least the minimum share of N in.
    public var stops: Bool

    /// γ: the chance of a verdict below which a look stops for futility.
    public static let defaultGamma = 0.02
    /// The least share of the plan's rows before a look may stop for futility.
    public static let defaultMinimumShare = 0.5
    /// The least share on Neyman-allocated judge-stratified labels (``KappaNeymanAllocation``).
    ///
    /// Their estimate is more precise for the rows labelled (the sequential study reaches the right
    /// verdict by 400 labels more often than on uniform streams: docs/PLANNING.md, "Futility
    /// stopping"), so the chance under the current
    /// trend can be trusted earlier: the study's rule (the earliest share that costs at most
    /// 1.5 points of power where a verdict is within reach) picks 0.4 for them and 0.5 for uniform
    /// labels, which lose 2–3 points at 0.4.
    public static let judgeStratifiedMinimumShare = 0.4

    /// The assessment at `rows` of a plan whose last look is at `finalRows` with critical value `finalCritical`.
    ///
    /// - Returns: `nil` when `standardError` is not positive and finite, `estimate`, `threshold`
    ///   or `finalCritical` is not finite, or `rows` or `finalRows` is not positive.
    public init?(
        estimate: Double, threshold: Double, standardError: Double, rows: Int, finalRows: Int, finalCritical: Double,
        gamma: Double = defaultGamma, minimumShare: Double = defaultMinimumShare
    ) {
        guard standardError > 0, standardError.isFinite, estimate.isFinite, threshold.isFinite, finalCritical.isFinite,
            rows > 0, finalRows > 0
        else { return nil }
        let z = (estimate - threshold) / standardError
        let t = Double(rows) / Double(finalRows)
        (self.rows, self.finalRows, self.finalCritical) = (rows, finalRows, finalCritical)
        if t >= 1 {
            chanceAligned = z >= finalCritical ? 1 : 0
            chanceNotAligned = z <= -finalCritical ? 1 : 0
            stops = false
            return
        }
        let spread = (1 - t).squareRoot()
        chanceAligned = NormalDistribution.cdf((z / t.squareRoot() - finalCritical) / spread)
        chanceNotAligned = NormalDistribution.cdf((-z / t.squareRoot() - finalCritical) / spread)
        stops = false
        stops = wouldStop(gamma: gamma, minimumShare: minimumShare)
    }

    /// Whether this look would stop for futility with γ = `gamma` and at least `minimumShare` of N in:
    /// rows are left, both chances are below γ, and n_k ≥ `minimumShare`·N.
    public func wouldStop(gamma: Double, minimumShare: Double) -> Bool {
        rows < finalRows && max(chanceAligned, chanceNotAligned) < gamma && Double(rows) >= minimumShare * Double(finalRows)
    }

    /// The assessment at the last of `sizes` (the rows at each look so far) of a plan of at most
    /// `maximumLooks`, its remaining looks projected at the mean batch so far: look j at
    /// round(n_k·j/k) rows, so N = round(n_k·K/k), and c_N from ``SequentialBoundary`` over the
    /// looks so far and the projected ones.
    ///
    /// - Returns: `nil` as the other initialiser does, and when the sizes have no critical values
    ///   (``SequentialBoundary/criticalValues(sizes:maximumLooks:alpha:)``).
    public init?(
        estimate: Double, threshold: Double, standardError: Double, sizes: [Int], maximumLooks: Int, alpha: Double,
        gamma: Double = defaultGamma, minimumShare: Double = defaultMinimumShare
    ) {
        guard let last = sizes.last, sizes.count <= maximumLooks else { return nil }
        let k = Double(sizes.count)
        let planned = sizes + (sizes.count..<maximumLooks).map { Int((Double(last) * Double($0 + 1) / k).rounded()) }
        guard let critical = SequentialBoundary.criticalValues(sizes: planned, maximumLooks: maximumLooks, alpha: alpha)?.last,
            let finalRows = planned.last
        else { return nil }
        self.init(
            estimate: estimate, threshold: threshold, standardError: standardError, rows: last, finalRows: finalRows,
            finalCritical: critical, gamma: gamma, minimumShare: minimumShare)
    }

    /// "the remaining budget (to 400 rows) is unlikely to decide: 3.1% chance of aligned, 0.2% of not aligned".
    public var summary: String {
        func percent(_ p: Double) -> String { String(format: "%.1f%%", 100 * p) }
        let chances = "\(percent(chanceAligned)) chance of aligned, \(percent(chanceNotAligned)) of not aligned"
        return stops
            ? "the remaining budget (to \(finalRows) rows) is unlikely to decide: \(chances) by then if the estimate holds"
            : "by \(finalRows) rows, if the estimate holds: \(chances)"
    }
}
