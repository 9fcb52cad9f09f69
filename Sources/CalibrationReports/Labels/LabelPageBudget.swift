public import Calibration
public import CalibrationData
import DataFormats

/// What the label page shows of the labelling budget above the rows: the rows
/// scored here (counted by the page as the expert works), the label set's
/// earlier batches, the rows planned, and where the latest alignment's interval
/// stands against the threshold.
public struct LabelPageBudget: Sendable, Hashable, Encodable {
    /// Distinct rows of the label set's earlier sheets.
    public var earlierRows: Int
    /// Of those, the rows with at least one score.
    public var earlierLabelled: Int
    /// The rows planned for the whole label set; `nil` for this sheet's and the earlier ones'.
    public var planned: Int?
    /// One line per dimension of the latest alignment: its verdict statistic
    /// with its interval against the threshold, and the verdict.
    public var standing: [String]

    /// The budget from the label set's earlier sheets, a plan's row count and
    /// the latest alignment report, each optional.
    public init(earlier: ExpertLabels? = nil, planned: Int? = nil, alignment: AlignmentReport? = nil) {
        let labels = earlier?.labels ?? []
        earlierRows = Set(labels.map(\.id)).count
        earlierLabelled = Set(labels.filter { !$0.scores.isEmpty }.map(\.id)).count
        self.planned = planned
        standing =
            alignment?.dimensions.map { d in
                let more = d.verdict.figures.additionalRowsNeeded.map { ", about \($0) more rows would decide it" } ?? ""
                return
                    "\(d.name): \(d.statistic.displayName) \(ReportNumber.withInterval(d.statisticEstimate)) against \(d.verdict.figures.threshold.plainText): \(d.verdict.outcome.rawValue)\(more)"
            } ?? []
    }
}
