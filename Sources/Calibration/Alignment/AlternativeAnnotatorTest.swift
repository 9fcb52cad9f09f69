public import AgreementCoefficients

/// Whether the judge could take the place of one of the raters: the alternative annotator test of
/// Calderon, Reichart & Dror (2025), "The Alternative Annotator Test for LLM-as-a-Judge: How to
/// Statistically Justify Replacing Human Annotators with LLMs", ACL 2025, pp. 16051–16081
/// (arXiv 2501.10970; the authors' code is github.com/nitaytech/AltTest).
///
/// Each rater h is left out in turn. On each row i that h labelled, the judge scored and at least one
/// other rater labelled, the judge's value f and h's label are both scored against the others' labels
/// O (``AnnotatorScorer``: S = accuracy on nominal scales, −RMSE on ordered ones), and
///
///     W_f,i = 1 if S(fᵢ, Oᵢ) ≥ S(hᵢ, Oᵢ) else 0,   W_h,i = 1 if S(hᵢ, Oᵢ) ≥ S(fᵢ, Oᵢ) else 0
///
/// (a tie counts for both). With dᵢ = W_h,i − W_f,i over the n rows, the one-sided paired t-test of
/// H₀: mean(d) ≥ ε against H₁: mean(d) < ε — the judge trails h by less than the cost-benefit margin
/// ε — has t = (d̄ − ε)/(s/√n), s the sample standard deviation, and p = P(T ≤ t) with n − 1 degrees
/// of freedom (scipy's `ttest_1samp(d, ε, alternative="less")`). When every dᵢ is equal (s = 0), t is
/// infinite: p = 0 when d̄ < ε and 1 otherwise. The raters' p-values are corrected together by
/// Benjamini–Yekutieli (``BenjaminiYekutieliAdjustment``) at false discovery rate q = 0.05, since every
/// comparison shares the judge; the judge *wins* against h when h's adjusted p is at most q.
///
/// - The **winning rate** ω is the share of raters the judge wins against; the judge passes at ω ≥ ½.
/// - The **advantage probability** ρ is the mean over raters of ρ_h = mean(W_f): the chance that the
///   judge represents the others as well as a randomly chosen rater does, for ranking judges.
///
/// ε follows the paper's guidance: 0.2 for experts (reliable but expensive), 0.15 for skilled
/// annotators, 0.1 for crowd workers, and smaller when the raters agree little.
///
/// The test is refused, with the reason in ``refusal`` and no figures, with fewer than three raters
/// (the paper: with two, the judge is only compared with one other rater, no consensus) or when a
/// rater has fewer than 30 rows to compare on (the paper's minimum for the t-test's normal
/// approximation; the authors' code skips such a rater, which would change what the winning rate is a
/// share of, so here the test is not run). Checked against an independent implementation of the
/// authors' procedure on 100 random data sets (`benchmarks/python/alt_test_fixtures.py`): ω and ρ
/// equal, p-values within 1e-9.
public struct AlternativeAnnotatorTest: Sendable, Hashable, Codable {
    /// The fewest raters the test runs with.
    public static let minimumRaters = 3
    /// The fewest rows each rater needs to be compared on.
    public static let minimumRowsPerRater = 30
    /// The false discovery rate q at which the raters' tests are corrected, the paper's 0.05.
    public static let falseDiscoveryRate = 0.05
    /// The winning rate at which the judge passes.
    public static let passingWinningRate = 0.5

    /// The judge against one left-out rater.
    public struct RaterComparison: Sendable, Hashable, Codable {
        /// The rater left out.
        public var rater: String
        /// Rows compared: labelled by the rater and at least one other, and scored by the judge.
        public var n: Int
        /// ρ_h: the share of those rows where the judge scores at least as well as the rater.
        public var judgeAdvantage: Double
        /// The share where the rater scores at least as well as the judge.
        public var raterAdvantage: Double
        /// The t statistic, or `nil` when the differences do not vary (t infinite).
        public var t: Double?
        /// The one-sided p-value of H₀: the rater leads by ε or more.
        public var pValue: Double
        /// The p-value after Benjamini–Yekutieli's correction over the raters.
        public var adjustedPValue: Double
        /// Whether H₀ is rejected: the judge can stand in for this rater.
        public var judgeWins: Bool
    }

    /// ε, the margin the judge may trail a rater by.
    public var epsilon: Double
    /// How annotations were scored against the other raters.
    public var scorer: AnnotatorScorer
    /// Why the test was not run; `nil` when it was.
    public var refusal: String?
    /// One comparison per rater, in order of first appearance; empty when refused.
    public var raters: [RaterComparison]
    /// ω, the share of raters the judge wins against; `nil` when refused.
    public var winningRate: Double?
    /// ρ, the mean of the raters' ``RaterComparison/judgeAdvantage``; `nil` when refused.
    public var advantageProbability: Double?

    /// Whether the judge passes: ω ≥ ½; `nil` when refused.
    public var passes: Bool? { winningRate.map { $0 >= Self.passingWinningRate } }

    /// Checks a margin before any work: ε must lie from 0 to 1 (d̄ lies from −1 to 1, and a margin
    /// beyond 1 would pass a judge that always loses).
    ///
    /// - Throws: ``AlignmentSettingsError`` for one outside.
    public static func check(epsilon: Double) throws(AlignmentSettingsError) {
        guard epsilon >= 0, epsilon <= 1 else { throw AlignmentSettingsError(.epsilonOutOfRange(epsilon)) }
    }
}
