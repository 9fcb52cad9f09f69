public import StatisticsCore

/// How the labels several raters gave one row become the one expert value the judge is compared with.
///
/// - ``mean``: the arithmetic mean of the raters' values (the convention of SummEval, Topical-Chat
///   and HANNA, which publish such means). The category statistics round it half up onto the scale.
/// - ``median``: the middle value; with an even count, the mean of the two middle values.
/// - ``majority``: the value more raters gave than any other; a row whose most frequent values tie
///   has **no** majority and no expert value, and is counted, not paired. Averaging a `fail` and a
///   `pass` gives a value neither rater gave; a majority never does.
///
/// With one rater per row every combination is that rater's label.
public enum ExpertCombination: String, Sendable, Hashable, Codable, CaseIterable {
    case mean
    case median
    case majority

    /// The combination used when none is asked: ``majority`` on a scale of two levels (pass/fail, or
    /// any two categories), where a mean would invent a level between them; ``mean`` otherwise, and
    /// without a declared scale.
    public static func standard(for scale: CategoryScale?) -> ExpertCombination {
        scale?.values.count == 2 ? .majority : .mean
    }

    /// The expert value of `values` (one per rater), or `nil` when there are none or, for
    /// ``majority``, when the most frequent values tie.
    public func combine(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch self {
        case .mean:
            return Spread.mean(values).value
        case .median:
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        case .majority:
            var counts: [Double: Int] = [:]
            for value in values { counts[value, default: 0] += 1 }
            guard let most = counts.values.max() else { return nil }
            let leaders = counts.filter { $0.value == most }
            return leaders.count == 1 ? leaders.first?.key : nil
        }
    }

    /// How a report names it: `mean-of-raters`, `median-of-raters` or `majority-of-raters`.
    public var reportName: String { "\(rawValue)-of-raters" }
}
