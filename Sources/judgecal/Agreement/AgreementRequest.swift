import AgreementStatistics
import CommandLineParsing

/// The weighting of disagreements for the weighted statistics.
enum WeightScheme: String, CaseIterable, ArgumentValue {
    case none, linear, quadratic
}

/// Stevens' level of measurement, for Krippendorff's alpha.
enum MeasurementLevel: String, CaseIterable, ArgumentValue {
    case nominal, ordinal, interval, ratio
}

/// How a confidence interval is computed.
enum IntervalMethod: String, CaseIterable, ArgumentValue {
    case analytic, bootstrap
}

/// The statistic's settings from the command line, after validation.
struct AgreementRequest: Sendable {
    var statistic: AgreementStatistic
    var weights: WeightScheme
    var level: MeasurementLevel?
    var scale: CategoryScale?
    var interval: IntervalMethod?
    var resamples: Int
    var seed: UInt64?
}

/// The ratings of one group of items: one column per rater, items in file order.
struct RaterRatings: Sendable {
    /// The rater (column) names.
    var raters: [String]
    /// Per rater, one rating per item; `nil` is missing.
    var ratings: [[Double?]]
    /// The number of items (rows).
    var itemCount: Int

    /// Every pair of raters (i < j), in column order.
    var pairs: [(Int, Int)] {
        raters.indices.flatMap { i in ((i + 1)..<raters.count).map { (i, $0) } }
    }
}

/// One figure of the report: which raters, which measure, the estimate.
struct Measurement: Sendable {
    var raters: [String]
    var measure: String
    var estimate: Estimate
    /// Items left out because a rating was missing (listwise deletion), where the statistic pairs them.
    var excluded: Int?
}
