public import StatisticsCore

/// How the alternative annotator test scores one annotation against the other raters' labels of the
/// same row (Calderon, Reichart & Dror 2025, "The Alternative Annotator Test for LLM-as-a-Judge", ACL,
/// the alignment scoring function S).
///
/// - ``accuracy``: the share of the others who gave the same label, S(x, O) = (1/|O|) Σₒ [x = o]; for
///   nominal labels, where only agreement counts. On a declared scale both values are first rounded
///   half up onto its levels (``CategoryScale/nearestIndex(to:)``), so a fractional judge score counts
///   as the level the category statistics give it.
/// - ``negativeRMSE``: minus the root mean squared difference, S(x, O) = −√((1/|O|) Σₒ (x − o)²); for
///   ordered levels, where a near miss is better than a far one. Values are taken as they are.
///
/// Higher is better for both; the test only compares two scores of one row against the same others.
public enum AnnotatorScorer: String, Sendable, Hashable, Codable, CaseIterable {
    case accuracy
    case negativeRMSE = "negative-rmse"

    /// The scorer used when none is asked: ``accuracy`` on a scale of two levels (pass/fail, or any two
    /// categories), whose levels are names rather than amounts; ``negativeRMSE`` otherwise, and without
    /// a declared scale, where the values are ordered numbers — the scales on which the alignment
    /// combines several raters by a majority and by a mean.
    public static func standard(for scale: CategoryScale?) -> AnnotatorScorer {
        scale?.values.count == 2 ? .accuracy : .negativeRMSE
    }

    /// S(`value`, `others`) as described on each case, on `scale` when one is declared.
    ///
    /// - Precondition: `others` is not empty.
    public func score(_ value: Double, against others: [Double], scale: CategoryScale?) -> Double {
        precondition(!others.isEmpty, "a score needs at least one other rater")
        let count = Double(others.count)
        switch self {
        case .accuracy:
            let level = { (x: Double) in scale.map { $0.nearestIndex(to: x) }.map(Double.init) ?? x }
            let own = level(value)
            return Double(others.count { level($0) == own }) / count
        case .negativeRMSE:
            return -(others.reduce(0) { $0 + (value - $1) * (value - $1) } / count).squareRoot()
        }
    }
}
