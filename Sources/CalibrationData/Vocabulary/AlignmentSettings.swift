public import AgreementCoefficients
public import StatisticsCore

/// The statistic a verdict is decided on.
public enum AlignmentStatistic: String, Sendable, Hashable, Codable, CaseIterable {
    /// Cohen's kappa with quadratic weights (the default).
    case quadraticKappa = "quadratic-kappa"
    /// Cohen's kappa with linear weights.
    case linearKappa = "linear-kappa"
    /// Unweighted Cohen's kappa.
    case kappa
    /// Krippendorff's alpha, ordinal metric.
    case alphaOrdinal = "alpha-ordinal"
    /// Gwet's AC2 with quadratic weights.
    case ac2
    /// Spearman's ρ.
    case spearman
    /// Kendall's τ-b.
    case kendall
    /// Pearson's r.
    case pearson

    /// A name for a sentence: "quadratic-weighted kappa".
    public var displayName: String {
        switch self {
        case .quadraticKappa: "quadratic-weighted kappa"
        case .linearKappa: "linear-weighted kappa"
        case .kappa: "Cohen's kappa"
        case .alphaOrdinal: "Krippendorff's alpha (ordinal)"
        case .ac2: "Gwet's AC2"
        case .spearman: "Spearman's rho"
        case .kendall: "Kendall's tau-b"
        case .pearson: "Pearson's r"
        }
    }

    /// The agreement weights when the statistic is one of Cohen's kappas
    /// (which a Horvitz–Thompson table also gives), else `nil`.
    public var kappaWeights: AgreementWeights? {
        switch self {
        case .quadraticKappa: .quadratic
        case .linearKappa: .linear
        case .kappa: .unweighted
        case .alphaOrdinal, .ac2, .spearman, .kendall, .pearson: nil
        }
    }

    /// Whether the statistic is computed on the scale's categories (and so
    /// needs a declared scale), rather than on the scores as they are.
    public var isCategorical: Bool {
        switch self {
        case .quadraticKappa, .linearKappa, .kappa, .alphaOrdinal, .ac2: true
        case .spearman, .kendall, .pearson: false
        }
    }

    /// The interval this statistic's figures get when none is asked: the one whose lowest coverage at
    /// 50 rows was highest on skewed judge tables (`PlanningSimulation verdict-coverage`, 1–4 scale, true
    /// κ_q 0.4–0.8). Quadratic kappa: the percentile bootstrap. Every other statistic: BCa, the same
    /// seeded resamples with the jackknife's acceleration; for Pearson's r it also beats Fisher's z, since
    /// 1–4 scores skewed to 3–4 are not bivariate normal. The coverages measured for every statistic
    /// and method are in docs/PLANNING.md, "Coverage of the verdict's interval". With a declared scale the
    /// jackknife runs over the table's k² cells, so BCa costs about what the percentile interval does.
    public var defaultInterval: IntervalMethod {
        switch self {
        case .quadraticKappa: .bootstrap
        case .linearKappa, .kappa, .alphaOrdinal, .ac2, .spearman, .kendall, .pearson: .bca
        }
    }

    /// The catalogue's request for this statistic with `options`' interval,
    /// resamples, seed and coverage, on `scale`.
    ///
    /// The interval is `options.intervals`, or else ``defaultInterval``, where the statistic offers it; a
    /// t interval asked of a statistic with only its own analytic interval
    /// (Pearson's Fisher z) is that analytic interval; otherwise the bootstrap
    /// (Krippendorff's alpha, Spearman's ρ and Kendall's τ have no analytic
    /// interval here).
    public func agreementRequest(options: AlignmentSettings, scale: CategoryScale?) -> AgreementRequest {
        let form = catalogueForm
        return AgreementRequest(
            statistic: form.statistic, weights: form.weights, metric: form.metric, scale: scale,
            interval: interval(offeredBy: form.statistic, asked: options.intervals ?? defaultInterval),
            resamples: options.resamples, seed: options.seed, confidence: options.confidence)
    }

    private func interval(offeredBy statistic: AgreementStatistic, asked: IntervalMethod) -> IntervalMethod {
        if statistic.intervals.contains(asked) { return asked }
        if asked == .t, statistic.intervals.contains(.analytic) { return .analytic }
        return .bootstrap
    }
}

/// The choices behind an alignment report.
public struct AlignmentSettings: Sendable, Hashable, Codable {
    /// The statistic the verdict is decided on; quadratic-weighted kappa by default.
    public var statistic: AlignmentStatistic
    /// The threshold the interval is compared with; 0.6 by default (Apple's
    /// Book Tracker sample gates on kappa > 0.6).
    public var threshold: Double
    /// The threshold when none is given, 0.6; `plan` and judge-stratified `extract` take it too.
    public static let defaultThreshold = 0.6
    /// The interval asked for every figure (analytic or t where available, or bootstrap or BCa
    /// throughout); `nil` (the default) gives each statistic its ``AlignmentStatistic/defaultInterval``.
    /// `compare`'s paired difference takes the jackknife t interval unless `bootstrap` or `bca` is asked.
    public var intervals: IntervalMethod?
    /// Bootstrap resamples B; 2000 by default.
    ///
    /// 0 turns the bootstrap off: the statistics that need it (alpha, ρ, τ,
    /// the rubric comparison's difference) then carry no interval, and the
    /// others keep their analytic one even when ``intervals`` is `bootstrap`.
    public var resamples: Int
    /// The bootstrap generator's seed; the same seed reproduces every interval.
    public var seed: UInt64
    /// How many rows of worst disagreement to list per dimension; 5 by default.
    public var worstDisagreements: Int
    /// Whether the rubric's worked-example rows count in the figures; `false` by
    /// default, since a judge shown a row's answer is not tested on it.
    public var includeExampleRows: Bool
    /// The intervals' coverage (their confidence); 0.95 by default.
    public var confidence: Double
    /// How a report names the intervals: the method asked, or each statistic's default.
    public var intervalsName: String {
        intervals?.rawValue ?? "default per statistic: \(statistic.defaultInterval.rawValue) for the verdict"
    }
    /// K, the most looks a sequential labelling plan takes, fixed before the first;
    /// each look's verdict is then decided on a repeated confidence interval
    /// (``SequentialBoundary``). `nil` (the default) for a single look.
    public var sequentialLooks: Int?
    /// How a row's several raters become its expert value; `nil` (the default) takes each dimension's
    /// ``ExpertCombination/standard(for:)``: a majority on a two-level scale, the mean otherwise.
    public var experts: ExpertCombination?
    /// The alternative annotator test's cost-benefit margin ε, from 0 to 1: how far the judge may trail
    /// a rater and still be taken in the rater's place; 0.2 by default (``defaultAlternativeAnnotatorMargin``).
    /// Reports carry it in each test's result, so it is not part of this encoding.
    public var alternativeAnnotatorMargin: Double = defaultAlternativeAnnotatorMargin
    /// ε when none is given, 0.2: Calderon, Reichart & Dror's (2025) rule of thumb for expert raters
    /// (0.15 for skilled annotators, 0.1 for crowd workers).
    public static let defaultAlternativeAnnotatorMargin = 0.2
    /// How the alternative annotator test scores an annotation against the other raters; `nil` (the
    /// default) takes each dimension's ``AnnotatorScorer/standard(for:)``. Not part of this encoding
    /// either: each test's result names its scorer.
    public var alternativeAnnotatorScorer: AnnotatorScorer? = nil
    /// F, to set each dimension's verdict threshold at F × the experts' own agreement there: the mean
    /// over rater pairs of the verdict's statistic (the human ceiling's mean). `nil` (the default) takes
    /// ``threshold`` for every dimension; when set, ``threshold`` is not used. F lies in (0, 1.5].
    public var thresholdFromCeiling: Double? = nil
    /// Whether the verdict compares the judge with each rater alone: the mean over raters of the
    /// statistic between the judge and that rater on the rows they share, with a bootstrap over rows.
    /// `false` (the default) decides on the raters combined by ``experts``, which the other figures
    /// always use. Not part of this encoding: a report names it in its expert aggregation.
    public var eachExpert: Bool = false

    /// Creates options; every parameter has the default described on its property.
    public init(
        statistic: AlignmentStatistic = .quadraticKappa, threshold: Double = defaultThreshold, intervals: IntervalMethod? = nil,
        resamples: Int = 2000, seed: UInt64 = 0, worstDisagreements: Int = 5, includeExampleRows: Bool = false,
        confidence: Double = 0.95, sequentialLooks: Int? = nil, experts: ExpertCombination? = nil,
        alternativeAnnotatorMargin: Double = defaultAlternativeAnnotatorMargin, alternativeAnnotatorScorer: AnnotatorScorer? = nil
    ) {
        self.experts = experts
        self.alternativeAnnotatorMargin = alternativeAnnotatorMargin
        self.alternativeAnnotatorScorer = alternativeAnnotatorScorer
        self.statistic = statistic
        self.threshold = threshold
        self.intervals = intervals
        self.resamples = resamples
        self.seed = seed
        self.worstDisagreements = worstDisagreements
        self.includeExampleRows = includeExampleRows
        self.confidence = confidence
        self.sequentialLooks = sequentialLooks
    }

    /// The keys of reports written before ``confidence`` had its name: the coverage is `level`.
    private enum CodingKeys: String, CodingKey {
        case statistic, threshold, intervals, resamples, seed, worstDisagreements, includeExampleRows, sequentialLooks
        case thresholdFromCeiling
        case confidence = "level"
    }

    /// These options, checked before any work: a bootstrap draws no
    /// resamples (0) or from ``AgreementRequest/minimumResamples`` to
    /// ``AgreementRequest/maximumResamples``; the coverage lies in (0, 1); no
    /// count is negative. ``AlignmentReport`` and ``RubricComparison`` check
    /// their options with it too, so a library caller cannot skip it.
    ///
    /// - Throws: ``AgreementRequestError``.
    public func validated() throws(AgreementRequestError) -> AlignmentSettings {
        if resamples != 0, resamples < AgreementRequest.minimumResamples { throw .tooFewResamples(resamples) }
        if resamples > AgreementRequest.maximumResamples { throw .tooManyResamples(resamples) }
        guard confidence > 0, confidence < 1 else { throw .coverage(confidence) }
        if worstDisagreements < 0 { throw .negativeCount("worst disagreements", worstDisagreements) }
        return self
    }
}
