public import AgreementCoefficients
public import CalibrationData
public import StatisticsCore

/// Everything `judgecal align` reports.
///
/// Per dimension the counts, agreement
/// and correlation statistics with intervals, bias and spread, the confusion
/// matrix, the human ceiling, the worst disagreements and a ``Verdict``; across
/// dimensions the halo comparison. Codable in the stable schema documented in
/// `docs/FORMATS.md` ("Alignment report (JSON)").
///
/// Build one with ``init(_:options:)``. Every figure that has no value carries
/// the reason (an ``Estimate`` without a value, or a `nil` field with an
/// `…UndefinedReason`), never 0 or −1 in its place.
public struct AlignmentReport: Sendable, Hashable, Codable {
    /// The schema's version, raised on any change a reader would notice.
    public static let currentSchemaVersion = 1

    /// ``currentSchemaVersion`` when written.
    public var schemaVersion: Int
    /// Run, rubric, model and data set, as the caller gave them.
    public var info: AlignmentInfo
    /// The options the figures were computed with.
    public var options: AlignmentSettings
    /// The rubric's worked-example rows seen among the labelled or judged rows, sorted.
    public var exampleRows: [String]
    /// Whether those rows were counted in the figures (by default they are left out).
    public var exampleRowsIncluded: Bool
    /// One entry per dimension, in input order.
    public var dimensions: [DimensionAlignment]
    /// The judge's halo summary beside the experts' (expert mean per row), on
    /// the rows paired in every dimension; undefined with a reason for fewer
    /// than 2 dimensions or 3 such rows.
    public var halo: HaloComparison
    /// The split the figures rest on, with the validation looks or the certificate; absent without a split.
    public var split: SplitUse?
    /// How the labelled rows were drawn, when the label sheets carry inclusion
    /// probabilities: the kappa figures and confusion matrices are then
    /// Horvitz–Thompson weighted. Absent from reports of other labels.
    public var sampling: LabelSampling?
    /// For a single look on labels that earlier `align --sequential` looks used: that its
    /// interval ignores those looks. `nil` otherwise.
    public var earlierLooksNote: String? = nil
    /// Per origin (curated, synthetic), the figures on that origin's rows alone, when the run's rows
    /// have two origins or more (``OriginAlignment``); `nil` otherwise.
    public var origins: [OriginAlignment]? = nil

    /// Creates a report from its parts (decoding uses the synthesized `init(from:)`).
    public init(
        info: AlignmentInfo, options: AlignmentSettings, exampleRows: [String], exampleRowsIncluded: Bool,
        dimensions: [DimensionAlignment], halo: HaloComparison, sampling: LabelSampling? = nil
    ) {
        self.sampling = sampling
        self.schemaVersion = Self.currentSchemaVersion
        self.info = info
        self.options = options
        self.exampleRows = exampleRows
        self.exampleRowsIncluded = exampleRowsIncluded
        self.dimensions = dimensions
        self.halo = halo
    }
}

/// The alignment of the judge with the experts on one dimension.
public struct DimensionAlignment: Sendable, Hashable, Codable {
    /// How many rows were where.
    public struct Counts: Sendable, Hashable, Codable {
        /// Rows in the run.
        public var rowsInRun: Int
        /// Rows with at least one expert label (worked examples left out unless included).
        public var labelled: Int
        /// Rows the judge scored.
        public var judged: Int
        /// Rows the judge failed on (counted, never scored).
        public var judgeFailures: Int
        /// Labelled rows with neither a judge score nor a judge failure (not judged yet).
        public var labelledNotJudged: Int
        /// Judged rows no expert labelled.
        public var judgedNotLabelled: Int
        /// Labelled or judged rows left out because the rubric uses them as worked examples.
        public var excludedAsExamples: Int
        /// Rows with both a judge score and an expert label: the n of the figures.
        public var paired: Int
    }

    /// How the experts' labels were combined into one value per row.
    public struct ExpertAggregation: Sendable, Hashable, Codable {
        /// Always `mean-of-raters`: the judge is compared with the mean of the
        /// raters who labelled the row.
        public var method: String
        /// The raters, in order of first appearance.
        public var raters: [String]
        /// Paired rows with labels from more than one rater.
        public var rowsWithSeveralRaters: Int
    }

    /// Fractional values rounded half up onto the declared scale for the category statistics.
    public struct Rounding: Sendable, Hashable, Codable {
        /// Expert values (row means) that were not a category.
        public var expertValuesRounded: Int
        /// Judge scores that were not a category.
        public var judgeValuesRounded: Int
        /// One sentence for the report.
        public var note: String
    }

    /// Cohen's kappa with the three weightings, each with SE, interval or reason.
    public struct KappaFamily: Sendable, Hashable, Codable {
        /// Unweighted.
        public var unweighted: Estimate
        /// Linear weights.
        public var linear: Estimate
        /// Quadratic weights.
        public var quadratic: Estimate
    }

    /// The per-group correlations of `--group-by` (summary-level protocol).
    public struct GroupedCorrelations: Sendable, Hashable, Codable {
        /// Pearson's r per group, averaged.
        public var pearson: GroupedCorrelation
        /// Spearman's ρ per group, averaged.
        public var spearman: GroupedCorrelation
        /// Kendall's τ-b per group, averaged.
        public var kendallTauB: GroupedCorrelation
    }

    /// A rater's scores summarised.
    public struct SpreadSummary: Sendable, Hashable, Codable {
        /// The mean.
        public var mean: Estimate
        /// The sample standard deviation (n − 1).
        public var standardDeviation: Estimate
    }

    /// Judge and expert spread on the paired rows.
    public struct Spreads: Sendable, Hashable, Codable {
        /// The judge's scores.
        public var judge: SpreadSummary
        /// The expert values (row means).
        public var expert: SpreadSummary
    }

    /// Counts of expert level (rows) against judge level (columns) on the declared scale.
    public struct ConfusionMatrix: Sendable, Hashable, Codable {
        /// The scale's labels, in order; rows and columns follow them.
        public var labels: [String]
        /// `counts[expert][judge]`.
        public var counts: [[Int]]

        /// A matrix on the scale's `labels` with `counts[expert][judge]`.
        package init(labels: [String], counts: [[Int]]) {
            self.labels = labels
            self.counts = counts
        }
    }

    /// How well two experts agree with each other: the ceiling a judge can
    /// hardly be expected to pass.
    public struct HumanCeiling: Sendable, Hashable, Codable {
        /// The first rater.
        public var firstRater: String
        /// The second rater.
        public var secondRater: String
        /// Rows both labelled.
        public var n: Int
        /// Quadratic-weighted kappa between them.
        public var quadraticKappa: Estimate
        /// Their exact agreement.
        public var exactAgreement: Estimate
        /// The verdict's statistic between them.
        public var statistic: AlignmentStatistic
        /// Its value.
        public var statisticEstimate: Estimate
        /// The verdict's statistic between the judge and the first rater alone,
        /// on the rows of the ceiling that the judge scored: one rater against
        /// one, as the ceiling is. (`nil` in reports written before it existed.)
        public var judgeVersusFirstRater: Estimate?
        /// The same between the judge and the second rater alone.
        public var judgeVersusSecondRater: Estimate?
        /// The mean of those two: the figure to set beside the ceiling. The
        /// dimension's headline figures compare the judge with the *mean* of
        /// the raters, and averaging alone removes rater noise, so they can
        /// exceed a one-against-one ceiling without the judge being better
        /// than a rater. Undefined when either is.
        public var judgeVersusSingleRaters: Estimate?
    }

    /// A row where judge and expert differ.
    public struct Disagreement: Sendable, Hashable, Codable {
        /// The row id.
        public var rowID: String
        /// The judge's score.
        public var judge: Double
        /// The expert value (row mean).
        public var expert: Double
        /// |judge − expert|.
        public var difference: Double
        /// The judge's rationale.
        public var judgeRationale: String?
        /// The expert's note (several raters' notes joined, each named).
        public var expertNote: String?
    }

    /// The dimension's name.
    public var name: String
    /// The declared scale; `nil` when unknown.
    public var scale: CategoryScale?
    /// Row counts.
    public var counts: Counts
    /// How the experts' labels were combined.
    public var expertAggregation: ExpertAggregation
    /// Present when fractional values were rounded onto the scale.
    public var rounding: Rounding?
    /// Exact agreement on the scale's categories.
    public var exactAgreement: Estimate
    /// Agreement within ±1 of the scale's values.
    public var withinOne: Estimate
    /// Cohen's kappa, three weightings.
    public var cohenKappa: KappaFamily
    /// Krippendorff's alpha, ordinal metric, judge and expert as two raters.
    public var krippendorffAlphaOrdinal: Estimate
    /// Gwet's AC2, quadratic weights.
    public var gwetAC2: Estimate
    /// Pearson's r on the values as they are.
    public var pearson: Estimate
    /// Spearman's ρ on the values as they are.
    public var spearman: Estimate
    /// Kendall's τ-b on the values as they are.
    public var kendallTauB: Estimate
    /// Present when groups were given.
    public var grouped: GroupedCorrelations?
    /// Mean of judge − expert, with the SE of that mean.
    public var bias: Estimate
    /// Judge and expert means and standard deviations.
    public var spread: Spreads
    /// Present when the scale is known.
    public var confusionMatrix: ConfusionMatrix?
    /// With inclusion probabilities: the Horvitz–Thompson table, each cell the
    /// estimated number of the run's rows in it (Σ 1/π), rows the expert's
    /// levels as in ``confusionMatrix``.
    public var weightedConfusionMatrix: [[Double]]? = nil
    /// Present when at least two raters labelled rows of this dimension.
    public var humanCeiling: HumanCeiling?
    /// Expert ≈ a + b·judge, or why not.
    public var recalibration: LinearRecalibration
    /// The rows of largest |judge − expert|, largest first, ties by row id.
    public var worstDisagreements: [Disagreement]
    /// The verdict's statistic.
    public var statistic: AlignmentStatistic
    /// The verdict's statistic with its interval.
    public var statisticEstimate: Estimate
    /// Aligned, not aligned, inconclusive or undefined.
    public var verdict: Verdict<AlignmentOutcome>
    /// With `align --sequential`: which look this is and the repeated interval the verdict
    /// was decided on; `nil` for a single look.
    public var sequentialLook: SequentialLook? = nil
}
