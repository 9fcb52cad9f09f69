public import AgreementCoefficients
public import CalibrationData
import DataFormats
public import Judging
import StatisticsCore

/// How far a pairwise judge's preferences agree with human preferences on a pairwise run, with a
/// verdict a CI job can gate on: what `judgecal align` prints for a pairwise rubric.
///
/// The human preferences are a label sheet with an `id` column and a `preference` column holding
/// `a`, `b` or `tie` (``labelDimension``; docs/FORMATS.md). Each label is paired with the judge's
/// combined outcome for its row (``PairwiseJudge``: the verdict both orders gave, a tie when they
/// disagree), so a row labelled by two raters counts twice, once per label. The figures are
/// ``PreferenceAgreement``'s; position consistency is over every row the judge answered in both
/// orders (`align` judges the labelled rows only). Labels of rows outside the run (``ExpertLabels/RowsOutsideRun/counted``)
/// are counted in ``labelledRowsNotInRun``. The verdict is decided as `align`'s is (``Verdict``) on Cohen's kappa
/// over a, tie, b against the threshold: aligned when the interval's lower bound clears it, not
/// aligned when its upper bound is below it, inconclusive otherwise, undefined without a value.
public struct PreferenceAlignment: Sendable, Hashable, Codable {
    /// The run's name.
    public var run: String
    /// The rubric whose criteria the judge compared on.
    public var rubric: String
    /// The judge model.
    public var model: String
    /// Rows (pairs) in the run, or in the part of it chosen by ids or by a sample; `align` judges the labelled ones.
    public var rows: Int
    /// Rows the judge failed on (in either order), transport failures included.
    public var failed: Int
    /// Rows whose two orders disagreed, counted as ties in the figures.
    public var inconsistentAsTies: Int
    /// Labels read (one per labelled row and rater).
    public var labels: Int
    /// The figures.
    public var agreement: PreferenceAgreement
    /// The verdict on kappa.
    public var verdict: Verdict<AlignmentOutcome>
    /// Labelled rows that are not rows of the run, left out (a sheet covering more than the run);
    /// absent when not counted (and in reports written before it was).
    public var labelledRowsNotInRun: Int?

    /// The run, rubric and model as the alignment reports' information block, with ``labelledRowsNotInRun``.
    public var info: AlignmentInfo {
        var info = AlignmentInfo(run: run, rubric: rubric, model: model)
        info.labelledRowsNotInRun = labelledRowsNotInRun
        return info
    }

    /// The column a human preference is read from: `preference`, a, tie or b.
    public static let labelDimension = PairwiseJudge.outcomeDimensions[0]

    // What does not apply to preferences, and a tool refuses rather than ignores (`judgecal`'s
    // pairwise alignment): the judge's scores from a file, declared categories, another statistic, the
    // bootstrap, slices, worst-row lists, splits and sequential looks (kappa's interval here is
    // analytic); labels as means (preferences are not averaged), worked-example rows and
    // certificates (a pairwise run has neither). A report file and the history line apply
    // (``AlignmentOutputs``).

    /// The statistic the verdict is decided on, as reports name it.
    public static let statistic = "Cohen's kappa over a, tie, b"

    /// The alignment of `judgments` (from ``JudgeRun/judgePairwise(run:rubric:model:options:concurrency:progress:)``)
    /// with `labels` (read on ``labelDimension``).
    ///
    /// - Parameter settings: the threshold kappa's interval is compared with and the intervals'
    ///   coverage (`align`'s threshold); its other choices do not apply to preferences.
    public init(run: FrozenRun, judgments: JudgmentSet, labels: ExpertLabels, settings: AlignmentSettings = AlignmentSettings()) {
        let level = settings.confidence
        let outcomes = Dictionary(
            judgments.judgments.map { j in
                (j.id, j.score(Self.labelDimension.name).flatMap { PreferenceOutcome(rawValue: $0.label) })
            }
        ) { first, _ in first }
        let comparisons = judgments.judgments.compactMap { try? PairwiseComparison($0) }
        let paired = labels.labels.compactMap { label in
            label.scores[Self.labelDimension.name].map { (judge: outcomes[label.id] ?? nil, human: PreferenceOutcome(value: $0)) }
        }
        self.run = run.info.name
        rubric = judgments.rubric
        model = judgments.model
        rows = run.rows.count
        failed = judgments.failedCount
        inconsistentAsTies = comparisons.count { !$0.isPositionConsistent }
        self.labels = paired.count
        agreement = PreferenceAgreement(
            judge: paired.map(\.judge), human: paired.map(\.human), consistentOrders: comparisons.map(\.isPositionConsistent),
            level: level)
        verdict = Verdict(estimate: agreement.kappa.kappa, threshold: settings.threshold, statistic: Self.statistic)
        labelledRowsNotInRun = labels.rowsOutsideRun
    }
}
