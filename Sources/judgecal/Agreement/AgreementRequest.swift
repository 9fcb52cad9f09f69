import AgreementStatistics
import CommandLineParsing

/// The weighting of disagreements for the weighted statistics.
enum WeightScheme: String, CaseIterable, ArgumentValue {
    case none, linear, quadratic

    /// The library's weights.
    var weights: AgreementWeights {
        switch self {
        case .none: .unweighted
        case .linear: .linear
        case .quadratic: .quadratic
        }
    }
}

/// Stevens' level of measurement, for Krippendorff's alpha.
enum MeasurementLevel: String, CaseIterable, ArgumentValue {
    case nominal, ordinal, interval, ratio

    /// Krippendorff's difference function for this level.
    var metric: KrippendorffAlpha.Metric {
        switch self {
        case .nominal: .nominal
        case .ordinal: .ordinal
        case .interval: .interval
        case .ratio: .ratio
        }
    }
}

/// How a confidence interval is computed.
enum IntervalMethod: String, CaseIterable, ArgumentValue {
    /// The statistic's own large-sample interval (normal for the kappa family,
    /// Fisher z for Pearson, F-based for the ICC).
    case analytic
    /// value ± t(n−1) · SE, as Gwet's irrCAC prints (kappa family only).
    case t
    /// A seeded percentile bootstrap over the items.
    case bootstrap

    /// The library's interval for the chance-corrected coefficients.
    var coefficientInterval: CoefficientInterval { self == .t ? .studentT : .normal }
}

/// McGraw and Wong's (1996) names for the six intraclass correlations.
enum ICCFormName: String, CaseIterable, ArgumentValue {
    case one = "1", k = "k", agreementSingle = "A,1", consistencySingle = "C,1", agreementAverage = "A,k", consistencyAverage = "C,k"

    /// The library's form.
    var form: ICCForm {
        switch self {
        case .one: .oneWay(.single)
        case .k: .oneWay(.average)
        case .agreementSingle: .twoWay(.agreement, .single)
        case .consistencySingle: .twoWay(.consistency, .single)
        case .agreementAverage: .twoWay(.agreement, .average)
        case .consistencyAverage: .twoWay(.consistency, .average)
        }
    }
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
    /// Agreement within ±tolerance on the scale values, for percent agreement.
    var tolerance: Double = 0
    /// The ICC form, two-way agreement single by default.
    var iccForm: ICCFormName = .agreementSingle
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
    /// With a bootstrap interval: resamples on which the statistic was undefined, left out of its SE and interval.
    var undefinedResamples: Int? = nil
}
