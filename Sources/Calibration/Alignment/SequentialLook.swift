import AgreementCoefficients
import CalibrationData
public import RunInference
public import StatisticsCore

/// One look of a sequential labelling plan of K looks at one dimension.
///
/// The verdict of look k of at most K is decided on the repeated interval
/// κ̂ ± c_k·SE_θ, where c_k is ``SequentialBoundary``'s critical value for the
/// rows at this look and at every earlier one (read from the history file) and
/// SE_θ kappa's standard error at the threshold. With the report's coverage L,
/// the one-sided error α = (1 − L)/2 is spent over the K looks, so the chance
/// of ever calling the judge aligned when its true agreement is at or below the
/// threshold stays at most α (2.5% at 95%), however many of the K looks are taken; the rates
/// measured on uniform and judge-stratified labels are in docs/PLANNING.md, "The sequential study".
/// The guarantee is one-sided: *not aligned* uses the mirror boundary without a bound of its own
/// (said more often than α when the true agreement is exactly the threshold, as measured there).
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
    /// At an inconclusive look before the last: the chances that the plan's last look decides, and whether this
    /// look stops for futility (``SequentialFutility``, the remaining looks projected at the mean batch so far);
    /// absent in older reports.
    public var futility: SequentialFutility? = nil

    /// "look 4 of at most 10", with ", futile" when the look stops for futility.
    public var summary: String { "look \(look) of at most \(maximumLooks)" + (futility?.stops == true ? ", futile" : "") }

    /// Decides `dimension`'s verdict at this look.
    ///
    /// Aligned when (κ̂ − θ)/SE_θ ≥ c_k, not aligned when it is at most −c_k, where SE_θ is
    /// kappa's standard error at the threshold on a table with the observed margins
    /// (``CohenKappa/standardError(at:table:weights:)``). The interval recorded is κ̂ ± c_k·SE_θ,
    /// which lies wholly above or below θ exactly when the test decides.
    ///
    /// Why SE_θ and not the SE at the estimate: with the SE at κ̂, early looks on 10–30 skewed
    /// rows declare "aligned" at a true κ of 0.6 a quarter of the time whatever the critical
    /// value (measured, docs/PLANNING.md), because a lucky high κ̂ comes with a tiny SE.
    ///
    /// - Returns: the dimension with ``DimensionAlignment/sequentialLook`` set and its verdict
    ///   replaced; undefined, with the reason, for a statistic that is not a kappa or a table
    ///   whose SE at θ is undefined. An inconclusive look before the last also carries its futility
    ///   assessment (stopping once `futilityShare` of the plan's rows are in), and its explanation
    ///   says when the remaining budget is unlikely to decide.
    package static func decide(
        _ dimension: DimensionAlignment, look: Int, maximumLooks: Int, labelSet: String, rows: [Int], critical: Double,
        alpha: Double, threshold: Double, level: Double, futilityShare: Double
    ) -> DimensionAlignment {
        var d = dimension
        var estimate = d.statisticEstimate
        estimate.n = rows.last ?? estimate.n
        var interval: ConfidenceInterval?
        var futility: SequentialFutility?
        let why: String?
        if let weights = d.statistic.kappaWeights, let scale = d.scale, d.confusionMatrix != nil {
            if let value = estimate.value,
                let se = CohenKappa.standardError(at: threshold, weightedTable: weightedTable(d, scale: scale), weights: weights)
            {
                // Clipped to kappa's range [−1, 1], never past the estimate, as every kappa interval is
                // (an unclipped upper bound of 1.305 was once printed).
                interval = ConfidenceInterval(
                    lower: min(value, max(-1, value - critical * se)), upper: max(value, min(1, value + critical * se)), level: level,
                    method: .repeatedConfidence)
                if interval.map({ $0.lower < threshold && $0.upper >= threshold }) == true, look < maximumLooks {
                    futility = SequentialFutility(
                        estimate: value, threshold: threshold, standardError: se, sizes: rows, maximumLooks: maximumLooks, alpha: alpha,
                        minimumShare: futilityShare)
                }
                why = nil
            } else {
                why =
                    "its standard error at the threshold is undefined on this table (a rater with one level, or margins that cannot reach the threshold)"
            }
        } else {
            why = "sequential looks are decided for Cohen's kappa (cohen-kappa, with quadratic, linear or no weights) on a declared scale"
        }
        estimate.interval = interval
        let look = SequentialLook(
            look: look, maximumLooks: maximumLooks, labelSet: labelSet, rows: rows, critical: critical,
            spent: SequentialBoundary.spent(look: look, maximumLooks: maximumLooks, alpha: alpha), interval: interval,
            futility: futility)
        var verdict = Verdict(estimate: estimate, threshold: threshold, statistic: d.statistic.displayName)
        if let why, estimate.value != nil {
            verdict.outcome = .undefined
            verdict.figures.additionalRowsNeeded = nil
            verdict.reason = "\(d.statistic.displayName) gives no sequential verdict here: \(why)"
        }
        verdict.reason = "\(look.summary): " + verdict.reason + (futility.map { "; \($0.summary)" } ?? "")
        d.verdict = verdict
        d.sequentialLook = look
        return d
    }

    /// The dimension's paired rows as a Horvitz–Thompson table: with inclusion probabilities, each
    /// cell's n_ij rows weigh W_ij / n_ij each (so S_ij = W_ij² / n_ij, exact when the weights are
    /// constant within a cell, as they are for rows drawn by the judge's level on this dimension);
    /// otherwise every row weighs 1.
    static func weightedTable(_ d: DimensionAlignment, scale: CategoryScale) -> WeightedContingencyTable {
        var table = WeightedContingencyTable(scale: scale)
        let counts = d.confusionMatrix?.counts ?? []
        for (i, row) in counts.enumerated() {
            for (j, n) in row.enumerated() where n > 0 {
                let weight = (d.weightedConfusionMatrix?[i][j]).map { $0 / Double(n) } ?? 1
                for _ in 0..<n { table.add(i, j, weight: weight) }
            }
        }
        return table
    }
}
