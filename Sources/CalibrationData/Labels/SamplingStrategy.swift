/// How `judgecal extract` chooses the rows of a batch for the experts.
///
/// Each strategy divides the run into strata and draws uniformly without
/// replacement within each, so a row's inclusion probability is its
/// stratum's drawn share (``LabelSheet``, `docs/FORMATS.md`).
public enum SamplingStrategy: String, Sendable, Hashable, Codable, CaseIterable {
    /// One stratum, the whole run: every row equally likely.
    case uniform
    /// Strata by the values of a field of the row (such as `metadata.genre`),
    /// the batch allocated in proportion to the rows each has left.
    case stratified
    /// Strata by the judge's level on one dimension. The first batch is
    /// allocated in proportion to √(rows left); each later one in proportion to
    /// (rows left) × S_h, the spread of quadratic kappa's linearised value at
    /// the threshold among the stratum's rows, estimated from the labels so far
    /// (Neyman allocation, ``KappaNeymanAllocation``). So the judge's rarer
    /// levels, where an expert can be far from the judge, are drawn more often
    /// than their share of the run, and kappa's test needs fewer labels.
    case judgeStratified = "judge-stratified"
    /// Two strata from a trust certificate's decisions (a judge run under a certificate): the rows
    /// escalated on any dimension, and the rows kept on every one. The batch takes the escalated
    /// rows (every one, or a sample of them) and an audit sample of the kept rows
    /// (``LabelSheet/Escalation``), each drawn uniformly within its stratum, so that a corrected
    /// estimate over the whole run stays unbiased: the kept rows are weighted by 1/π like any other.
    case escalation

    /// The names, for usage messages.
    public static let names = allCases.map(\.rawValue)
}

/// How the rows of a label set were drawn: the strategy and how many batches
/// (sheets `extract` wrote, one batch after another) the set holds.
///
/// An alignment report carries it so that it says which strategy drew the
/// rows and which of its figures are weighted by 1/π (Horvitz–Thompson).
public struct LabelSampling: Sendable, Hashable, Codable {
    /// The strategy every batch of the set was drawn with.
    public var strategy: SamplingStrategy
    /// The number of batches, 1 for a single `extract`.
    public var batches: Int

    /// Creates the description of a label set's sampling.
    public init(strategy: SamplingStrategy, batches: Int) {
        self.strategy = strategy
        self.batches = batches
    }

    /// One sentence for a report.
    public var summary: String {
        let drawn = "\(batches) batch\(batches == 1 ? "" : "es")"
        let weight =
            strategy == .judgeStratified && batches > 1
            ? "its batch-wise Horvitz–Thompson weight (each batch's estimate combined, as later batches were allocated with "
                + "earlier labels)" : "1/π, its inclusion probability (Horvitz–Thompson)"
        return
            "labelled rows drawn by \(strategy.rawValue) sampling in \(drawn); the kappas, Krippendorff's alpha, AC2 and the "
            + "correlations (and the weighted confusion matrix) weigh each row by \(weight), so they estimate the whole run; "
            + "the other figures are the labelled rows' own, unweighted"
    }
}
