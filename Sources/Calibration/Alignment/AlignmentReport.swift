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
    /// For a single look on labels that earlier sequential looks used: that its
    /// interval ignores those looks. `nil` otherwise.
    public var earlierLooksNote: String? = nil
    /// Per origin (curated, synthetic), the figures on that origin's rows alone, when the run's rows
    /// have two origins or more (``OriginAlignment``); `nil` otherwise.
    public var origins: [OriginAlignment]? = nil
    /// Present when the judge gave every row it scored the same scores (``DegenerateJudge``).
    public var degenerateJudge: DegenerateJudge? = nil
    /// The alternative annotator test over every dimension's raters at once; `nil` when fewer than two
    /// dimensions were tested (and in older reports).
    public var alternativeAnnotatorTest: AlternativeAnnotatorTest.Pooled? = nil

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
        /// How the raters who labelled a row were combined (``ExpertCombination/reportName``):
        /// `mean-of-raters`, `median-of-raters` or `majority-of-raters`.
        public var method: String
        /// The raters, in order of first appearance.
        public var raters: [String]
        /// Paired rows with labels from more than one rater.
        public var rowsWithSeveralRaters: Int
        /// With a majority: labelled rows whose raters' most frequent labels tie, so they have no
        /// expert value and are not paired; `nil` for the mean and median (and in older reports).
        public var rowsWithoutMajority: Int? = nil
        /// Why this combination: `asked`, or `default` (``ExpertCombination/standard(for:)``);
        /// `nil` in older reports, which always took the mean.
        public var chosen: String? = nil
        /// When ``method`` is `each-rater` (the verdict on the judge against each rater,
        /// ``DimensionAlignment/eachRater``): the combination the other figures use; `nil` otherwise.
        public var otherFigures: String? = nil
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

    /// The per-group correlations, when the rows were grouped by a field (summary-level protocol).
    public struct GroupedCorrelations: Sendable, Hashable, Codable {
        /// Pearson's r per group, averaged.
        public var pearson: GroupedCorrelation
        /// Spearman's ρ per group, averaged.
        public var spearman: GroupedCorrelation
        /// Kendall's τ-b per group, averaged.
        public var kendallTauB: GroupedCorrelation
        /// The verdict's statistic within each group, in the groups' sorted order; `nil` in older reports.
        public var slices: [Slice]? = nil
        /// The groups' means correlated across the groups (``SystemLevelCorrelation``); `nil` in older reports.
        public var systemLevel: SystemLevelCorrelation? = nil

        /// One group's rows on their own: where a single figure over every row hides the judge failing.
        public struct Slice: Sendable, Hashable, Codable {
            /// The group.
            public var group: String
            /// Its paired rows.
            public var n: Int
            /// The verdict's statistic on them, with its interval.
            public var statisticEstimate: Estimate
            /// Whether the judge does no better than chance there: the figure is 0 or below.
            public var noBetterThanChance: Bool
        }
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

    /// How well the experts agree with each other, one rater against one: the ceiling a judge can
    /// hardly be expected to pass, over **every** pair of raters (never only the first two, whose
    /// figure would depend on the file's order), with each rater's standing beside the others and
    /// the judge against each rater alone.
    public struct HumanCeiling: Sendable, Hashable, Codable {
        /// Two raters on the rows both labelled.
        public struct RaterPair: Sendable, Hashable, Codable {
            /// The rater who appears first.
            public var firstRater: String
            /// The other rater.
            public var secondRater: String
            /// Rows both labelled.
            public var n: Int
            /// The verdict's statistic between them, with its interval.
            public var statisticEstimate: Estimate
            /// Quadratic-weighted kappa between them.
            public var quadraticKappa: Estimate
            /// Their exact agreement on the scale.
            public var exactAgreement: Estimate
        }

        /// One rater beside the others and beside the judge.
        public struct RaterStanding: Sendable, Hashable, Codable {
            /// The rater.
            public var rater: String
            /// Rows the rater labelled.
            public var rows: Int
            /// The mean of the rater's pair figures with each other rater (undefined pairs left out).
            public var withOthers: Estimate
            /// The mean pair figure of the panel without this rater (leave one rater out); `nil` with
            /// fewer than three raters, when no pair is left.
            public var ceilingWithout: Estimate?
            /// The judge against this rater alone, on the rows both scored.
            public var judge: Estimate
            /// Whether no pair with this rater shows agreement beyond chance: no pair's figure lies above 0
            /// with the error shared among the rater's pairs (Bonferroni on the normal bound; without a
            /// standard error, the interval or the value). Such a rater lowers the ceiling and every
            /// mean of raters; worth a look before any verdict.
            public var agreesWithNobody: Bool
        }

        /// The smallest, mean and largest of the defined pair figures.
        public struct PairSummary: Sendable, Hashable, Codable {
            /// The lowest pair figure.
            public var minimum: Double
            /// Their mean.
            public var mean: Double
            /// The highest.
            public var maximum: Double
            /// Pairs with a defined figure, of ``HumanCeiling/pairs``.
            public var definedPairs: Int
        }

        /// The verdict's statistic, which every figure here is.
        public var statistic: AlignmentStatistic
        /// Every pair of raters that shares a labelled row, in the raters' order of first appearance.
        public var pairs: [RaterPair]
        /// The pair figures summarised; `nil` when none is defined.
        public var summary: PairSummary?
        /// Each rater beside the others and the judge, in order of first appearance.
        public var raters: [RaterStanding]
        /// The mean of the judge's figures against each rater alone (``RaterStanding/judge``): the
        /// figure to set beside the ceiling. The dimension's headline figures compare the judge with
        /// the raters *combined*, and combining alone removes rater noise, so they can exceed a
        /// one-against-one ceiling without the judge being better than a rater. Undefined when
        /// every rater's figure is; its n is the rows the judge scored that any rater labelled.
        public var judgeVersusSingleRaters: Estimate
        /// The verdict's statistic between the judge and the experts on the rows where two or more
        /// raters gave the same label (unanimous rows; n counts them): how the judge does where the
        /// answer is clear, beside all rows. `nil` in older reports.
        public var judgeOnUnanimousRows: Estimate?
        /// The verdict's statistic between the judge and the majority's label on the rows of three raters
        /// or more where more than half of them gave one label (unanimous rows included; n counts them),
        /// beside the unanimous rows: where most experts agree, not all. `nil` in older reports, and
        /// when no row has three raters.
        public var judgeOnMajorityRows: Estimate?

        /// Creates the ceiling from its parts.
        package init(
            statistic: AlignmentStatistic, pairs: [RaterPair], summary: PairSummary?, raters: [RaterStanding],
            judgeVersusSingleRaters: Estimate, judgeOnUnanimousRows: Estimate?, judgeOnMajorityRows: Estimate? = nil
        ) {
            self.judgeOnMajorityRows = judgeOnMajorityRows
            self.statistic = statistic
            self.pairs = pairs
            self.summary = summary
            self.raters = raters
            self.judgeVersusSingleRaters = judgeVersusSingleRaters
            self.judgeOnUnanimousRows = judgeOnUnanimousRows
        }

        private enum CodingKeys: String, CodingKey {
            case statistic, pairs, summary, raters, judgeVersusSingleRaters, judgeOnUnanimousRows, judgeOnMajorityRows
        }

        /// The fields of a report written before every pair was compared: the first two raters only.
        private enum FirstTwoRatersKeys: String, CodingKey {
            case firstRater, secondRater, n, quadraticKappa, exactAgreement, statisticEstimate
            case judgeVersusFirstRater, judgeVersusSecondRater, judgeVersusSingleRaters
        }

        /// Reads a ceiling, or one written before every pair was compared (its one pair, its two
        /// raters' judge figures where it has them, no summary of more pairs than it had).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            statistic = try container.decode(AlignmentStatistic.self, forKey: .statistic)
            if container.contains(.pairs) {
                pairs = try container.decode([RaterPair].self, forKey: .pairs)
                summary = try container.decodeIfPresent(PairSummary.self, forKey: .summary)
                raters = try container.decode([RaterStanding].self, forKey: .raters)
                judgeVersusSingleRaters = try container.decode(Estimate.self, forKey: .judgeVersusSingleRaters)
                judgeOnUnanimousRows = try container.decodeIfPresent(Estimate.self, forKey: .judgeOnUnanimousRows)
                judgeOnMajorityRows = try container.decodeIfPresent(Estimate.self, forKey: .judgeOnMajorityRows)
                return
            }
            let old = try decoder.container(keyedBy: FirstTwoRatersKeys.self)
            let pair = RaterPair(
                firstRater: try old.decode(String.self, forKey: .firstRater),
                secondRater: try old.decode(String.self, forKey: .secondRater), n: try old.decode(Int.self, forKey: .n),
                statisticEstimate: try old.decode(Estimate.self, forKey: .statisticEstimate),
                quadraticKappa: try old.decode(Estimate.self, forKey: .quadraticKappa),
                exactAgreement: try old.decode(Estimate.self, forKey: .exactAgreement))
            pairs = [pair]
            summary = pair.statisticEstimate.value.map { PairSummary(minimum: $0, mean: $0, maximum: $0, definedPairs: 1) }
            let unknown = Estimate(undefined: .noData("this report predates the judge's figure against each rater"), n: 0)
            let single = try old.decodeIfPresent(Estimate.self, forKey: .judgeVersusSingleRaters)
            let first = try old.decodeIfPresent(Estimate.self, forKey: .judgeVersusFirstRater) ?? unknown
            let second = try old.decodeIfPresent(Estimate.self, forKey: .judgeVersusSecondRater) ?? unknown
            let agrees = (pair.statisticEstimate.interval?.lower ?? pair.statisticEstimate.value ?? 0) > 0
            raters = [(pair.firstRater, first), (pair.secondRater, second)].map {
                RaterStanding(
                    rater: $0.0, rows: pair.n, withOthers: pair.statisticEstimate, ceilingWithout: nil, judge: $0.1,
                    agreesWithNobody: !agrees)
            }
            judgeVersusSingleRaters = single ?? unknown
            judgeOnUnanimousRows = nil
            judgeOnMajorityRows = nil
        }
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
    /// Krippendorff's alpha over every rater and without each (``RaterReliability``); `nil` in older reports.
    public var raterReliability: RaterReliability? = nil
    /// When the verdict compares the judge with each rater alone: each figure and their mean, which is
    /// then ``statisticEstimate``; `nil` otherwise.
    public var eachRater: EachRaterAgreement? = nil
    /// When the threshold was set from the human ceiling: F, the ceiling's mean and the threshold; `nil` otherwise.
    public var ceilingThreshold: CeilingThreshold? = nil
    /// Whether the judge could replace one of the raters (``AlternativeAnnotatorTest``), or why the test
    /// was not run; `nil` in older reports.
    public var alternativeAnnotatorTest: AlternativeAnnotatorTest? = nil
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
    /// With sequential looks (``AlignmentSettings/sequentialLooks``): which look this is and the repeated interval the verdict
    /// was decided on; `nil` for a single look.
    public var sequentialLook: SequentialLook? = nil
    /// The severe degradations the judge's last probe battery found it blind to on this dimension
    /// (``AlignmentReport/markBlindSpots(_:)``); `nil` when none, or no battery ran.
    public var severeBlindSpots: [SevereBlindSpot]? = nil
}
