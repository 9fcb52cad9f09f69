import AgreementCoefficients
public import CalibrationData
public import DataFormats
public import Foundation
import Judging
import LanguageModels
import RunInference
import StatisticsCore

/// One line of the alignment history (`calibration/history.jsonl`): when, which
/// rubric (name, version, text hash and the full text, so any past figure can
/// be traced to the words that produced it), which model and data set, and the
/// headline figures per dimension.
public struct AlignmentHistoryEntry: Sendable, Hashable, Codable {
    /// The headline figures of one dimension; `nil` where undefined (the
    /// report holds the reason).
    public struct Figures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// Paired rows.
        public var n: Int
        /// Exact agreement.
        public var exactAgreement: Double?
        /// Cohen's kappa, unweighted.
        public var kappa: Double?
        /// Linear-weighted kappa.
        public var linearKappa: Double?
        /// Quadratic-weighted kappa.
        public var quadraticKappa: Double?
        /// Krippendorff's alpha, ordinal.
        public var alphaOrdinal: Double?
        /// Gwet's AC2, quadratic weights.
        public var ac2: Double?
        /// Pearson's r.
        public var pearson: Double?
        /// Spearman's ρ.
        public var spearman: Double?
        /// Kendall's τ-b.
        public var kendallTauB: Double?
        /// Judge − expert mean difference.
        public var bias: Double?
        /// The verdict's statistic.
        public var statistic: AlignmentStatistic
        /// Its interval's bounds.
        public var lower: Double?
        public var upper: Double?
        /// The verdict.
        public var verdict: AlignmentOutcome
        /// For a look of a sequential plan: this look's number for the dimension.
        public var look: Int?
        /// For a look of a sequential plan, at an inconclusive look before the last: the chance that the plan's last look
        /// decides either way if the estimate holds, and whether this look stopped for futility (``SequentialFutility``).
        public var chanceOfVerdict: Double?
        public var futile: Bool?
        /// For a pairwise alignment: the share of pairs whose verdict survived the swap of positions.
        public var positionConsistency: Double?
        /// With a threshold set from the human ceiling: this dimension's threshold (F × the ceiling's mean); `nil` otherwise.
        public var threshold: Double? = nil
        /// The judge's mean score and its standard deviation (n − 1) on the paired rows: the judge-only
        /// figure a drift in its scoring shows in; absent in lines written before they were recorded.
        public var judgeMean: Double? = nil
        public var judgeStandardDeviation: Double? = nil
    }

    /// When the alignment ran, written as ISO 8601 in UTC.
    public var time: Date
    /// The rubric's name.
    public var rubric: String?
    /// The rubric's version.
    public var rubricVersion: String?
    /// A hash of the rubric text (the caller's; SHA-256 hex by convention).
    public var rubricTextHash: String?
    /// The rubric's full text.
    public var rubricText: String?
    /// The judge model.
    public var model: String?
    /// The data set.
    public var dataset: String?
    /// The run.
    public var run: String?
    /// The threshold of the verdicts; with ``thresholdFromCeiling``, each dimension's is in its figures.
    public var threshold: Double
    /// F, when each dimension's threshold was F × its human ceiling's mean; `nil` otherwise.
    public var thresholdFromCeiling: Double? = nil
    /// Per-dimension figures (empty for a comparison, whose figures are ``compared``).
    public var dimensions: [Figures]
    /// The rubric the judged one was edited from (its `edited-from`), when declared; absent in older files.
    public var editedFrom: String?
    /// The split the figures rest on (a split chosen to align on, or `certify`'s test split), with the label sheets and fingerprint; absent without one.
    public var split: SplitReference?
    /// The validation looks counted with this one and the adjusted figures, on validation.
    public var looks: SplitUse.Looks?
    /// The certificate, for `judgecal certify` (``Certificate/testRowsReused`` when forced).
    public var certificate: Certificate?
    /// For a comparison on the validation split: the control rubric's name and text hash.
    public var controlRubric: String?
    public var controlRubricTextHash: String?
    /// For a comparison: per dimension, n and the difference experimental − control with its interval.
    public var compared: [ComparedFigures]?

    /// One dimension of a comparison.
    public struct ComparedFigures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// Rows paired under both rubrics.
        public var n: Int
        /// Experimental − control on the statistic, with its bounds.
        public var difference: Double?
        public var lower: Double?
        public var upper: Double?
    }
    /// For a look of a sequential plan of K looks: K; `nil` for a single look.
    public var sequentialLooks: Int?
    /// The label sheets' file names, sorted: how lines written before ``labelRows`` name their sequence.
    public var labelSet: String?
    /// For a look of a sequential plan: the ids of the rows the experts had labelled at this look,
    /// sorted. A later look of the same rubric whose labelled rows overlap these is the same
    /// sequence, and must include them all.
    public var labelRows: [String]?
    /// The SHA-256 (hex) of the history's line before this one, as it stands in the file (without
    /// its line end): the link that makes the history tamper-evident (``DataFormats/HistoryLog``). Set by
    /// ``DataFormats/HistoryRecord/append(to:)``; `nil` on the file's first line and on lines written before links were kept.
    public var previous: String?

    /// The entry for `report`, with the rubric's text and its hash (the
    /// SHA-256 of the text's UTF-8 bytes unless the caller gives one).
    public init(report: AlignmentReport, rubricText: String?, rubricTextHash: String? = nil, time: Date = Date()) {
        self.time = time
        self.rubric = report.info.rubric
        self.rubricVersion = report.info.rubricVersion
        self.rubricTextHash = rubricTextHash ?? rubricText.map { SHA256.hexDigest(of: Array($0.utf8)) }
        self.rubricText = rubricText
        self.model = report.info.model
        self.dataset = report.info.dataset
        self.run = report.info.run
        self.threshold = report.options.threshold
        self.sequentialLooks = report.options.sequentialLooks
        self.labelSet = report.dimensions.lazy.compactMap(\.sequentialLook?.labelSet).first
        self.dimensions = report.dimensions.map { d in
            Figures(
                dimension: d.name, n: d.counts.paired, exactAgreement: d.exactAgreement.value, kappa: d.cohenKappa.unweighted.value,
                linearKappa: d.cohenKappa.linear.value, quadraticKappa: d.cohenKappa.quadratic.value,
                alphaOrdinal: d.krippendorffAlphaOrdinal.value, ac2: d.gwetAC2.value, pearson: d.pearson.value,
                spearman: d.spearman.value, kendallTauB: d.kendallTauB.value, bias: d.bias.value, statistic: d.statistic,
                lower: d.sequentialLook?.interval?.lower ?? d.statisticEstimate.interval?.lower,
                upper: d.sequentialLook?.interval?.upper ?? d.statisticEstimate.interval?.upper, verdict: d.verdict.outcome,
                look: d.sequentialLook?.look,
                chanceOfVerdict: d.sequentialLook?.futility.map { $0.chanceAligned + $0.chanceNotAligned },
                futile: d.sequentialLook?.futility?.stops, threshold: d.ceilingThreshold?.threshold,
                judgeMean: d.spread.judge.mean.value, judgeStandardDeviation: d.spread.judge.standardDeviation.value)
        }
        thresholdFromCeiling = report.options.thresholdFromCeiling
        if let use = report.split { record(use) }
    }

    /// The entry for a pairwise alignment: one figure line, `preference`, with n the paired labels,
    /// `exactAgreement` the win/tie/loss agreement, `kappa` and the verdict's statistic Cohen's kappa over a,
    /// tie, b with its bounds, and the position consistency.
    public init(preference report: PreferenceAlignment, rubricText: String?, time: Date = Date()) {
        self.time = time
        rubric = report.rubric
        rubricTextHash = rubricText.map { SHA256.hexDigest(of: Array($0.utf8)) }
        self.rubricText = rubricText
        model = report.model
        run = report.run
        threshold = report.verdict.figures.threshold
        let a = report.agreement, kappa = a.kappa.kappa
        dimensions = [
            Figures(
                dimension: PreferenceAlignment.labelDimension.name, n: a.table.n, exactAgreement: a.percentAgreement.value,
                kappa: kappa.value, statistic: .kappa, lower: kappa.interval?.lower, upper: kappa.interval?.upper,
                verdict: report.verdict.outcome, positionConsistency: a.positionConsistency.value)
        ]
    }

    /// The entry for a comparison looked at on a split: the experimental
    /// rubric as the rubric, the control beside it, and the differences.
    public init(comparison: RubricComparison, rubric: String, texts: (control: String, experimental: String), time: Date = Date()) {
        self.time = time
        self.rubric = rubric
        self.rubricTextHash = SHA256.hexDigest(of: Array(texts.experimental.utf8))
        self.rubricText = texts.experimental
        self.controlRubric = comparison.controlName
        self.controlRubricTextHash = SHA256.hexDigest(of: Array(texts.control.utf8))
        self.model = comparison.info.model
        self.dataset = comparison.info.dataset
        self.run = comparison.info.run
        self.threshold = comparison.options.threshold
        self.dimensions = []
        self.compared = comparison.dimensions.map {
            ComparedFigures(
                dimension: $0.name, n: $0.paired, difference: $0.difference.value, lower: $0.difference.interval?.lower,
                upper: $0.difference.interval?.upper)
        }
        if let use = comparison.split { record(use) }
    }

    private mutating func record(_ use: SplitUse) {
        editedFrom = use.editedFrom
        split = use.split
        looks = use.looks
        certificate = use.certificate
    }
}

extension AlignmentHistoryEntry: HistoryRecord {
    /// An alignment's line carries no `kind`: the history held only alignments before other kinds.
    public static var historyKind: String? { nil }
}
