import AgreementCoefficients
public import StatisticsCore

/// The system-level correlation of rows in groups: each group's mean judge score and mean expert value,
/// then Spearman's ρ and Kendall's τ-b across the groups, as SummEval reports a metric's agreement
/// with experts on systems (Fabbri et al. 2021, TACL 9, "SummEval: Re-evaluating Summarization
/// Evaluation", system-level correlations).
///
/// The interval is a percentile bootstrap that keeps the groups and resamples the rows within each
/// (with replacement, as many as it has), recomputing the means and the correlation; resamples on
/// which the correlation is undefined (every mean tied on one side) are left out and counted in the
/// method's words. Fewer than three groups give no correlation. When every group has one row there
/// is nothing to resample within a group, so the interval is undefined with that reason rather than
/// the point every resample repeats.
public struct SystemLevelCorrelation: Sendable, Hashable, Codable {
    /// The groups (systems) correlated.
    public var groups: Int
    /// Spearman's ρ between the groups' mean judge scores and mean expert values.
    public var spearman: Estimate
    /// Kendall's τ-b between them.
    public var kendallTauB: Estimate

    /// The system-level figures of `rows`, each group's positions into `judge` and `expert` (paired by index).
    init(groups rows: [[Int]], judge: [Double], expert: [Double], resamples: Int, seed: UInt64, level: Double) throws {
        groups = rows.count
        func correlations(_ rows: [[Int]]) throws -> (Estimate, Estimate) {
            let j = rows.map { r in r.reduce(0) { $0 + judge[$1] } / Double(r.count) }
            let e = rows.map { r in r.reduce(0) { $0 + expert[$1] } / Double(r.count) }
            return (try Correlation.spearman(j, e).estimate, try Correlation.kendallTauB(j, e).estimate)
        }
        guard rows.count >= 3 else {
            let reason = UndefinedReason.tooFew("\(rows.count) group\(rows.count == 1 ? "" : "s"): a system-level correlation needs three or more")
            spearman = Estimate(undefined: reason, n: rows.count)
            kendallTauB = spearman
            return
        }
        var (rho, tau) = try correlations(rows)
        guard resamples > 0, rho.value != nil || tau.value != nil else {
            (spearman, kendallTauB) = (rho, tau)
            return
        }
        guard rows.contains(where: { $0.count > 1 }) else {
            let reason = UndefinedReason.noVariation(
                "every group has one row, so rows resampled within groups cannot move the means; the interval would be the point itself")
            if rho.value != nil { rho.intervalUndefinedReason = reason }
            if tau.value != nil { tau.intervalUndefinedReason = reason }
            (spearman, kendallTauB) = (rho, tau)
            return
        }
        var generator = Xoshiro256StarStar(seed: seed)
        var draws: ([Double], [Double]) = ([], [])
        for _ in 0..<resamples {
            let resampled = rows.map { r in r.map { _ in r[generator.nextIndex(below: r.count)] } }
            let (a, b) = try correlations(resampled)
            if let a = a.value { draws.0.append(a) }
            if let b = b.value { draws.1.append(b) }
        }
        func withInterval(_ estimate: inout Estimate, _ values: [Double]) {
            guard estimate.value != nil, let lower = Spread.quantile(values, (1 - level) / 2).value,
                let upper = Spread.quantile(values, (1 + level) / 2).value
            else { return }
            estimate.interval = ConfidenceInterval(
                lower: lower, upper: upper, level: level,
                method: .describedBootstrap(
                    scheme: "rows within groups", resamples: resamples, seed: seed, undefinedResamples: resamples - values.count,
                    bca: false))
        }
        withInterval(&rho, draws.0)
        withInterval(&tau, draws.1)
        (spearman, kendallTauB) = (rho, tau)
    }
}
