public import CalibrationData
public import StatisticsCore

/// Two judges (control A, experimental B) — two rubrics, two models, or
/// judgments made elsewhere — on the same rows, set against the same expert labels.
///
/// Per dimension the verdict statistic of
/// each, the paired interval of their difference, McNemar's test on
/// exact agreement, and the rows that flipped. Codable in the schema documented
/// in `docs/FORMATS.md` ("Rubric comparison (JSON)").
///
/// Build one with ``init(_:options:)``.
public struct RubricComparison: Sendable, Hashable, Codable {
    /// The input: the run, the experts' labels and both rubrics' judge scores.
    public struct Input: Sendable, Hashable {
        /// One dimension judged under both rubrics.
        public struct Dimension: Sendable, Hashable {
            /// The dimension's name.
            public var name: String
            /// The declared scale; without one the dimension cannot be compared (reason `no-scale`).
            public var scale: CategoryScale?
            /// The control rubric's judge scores and failures.
            public var control: JudgeScores
            /// The experimental rubric's judge scores and failures.
            public var experimental: JudgeScores
            /// The experts' labels (the mean of raters per row is used).
            public var expertLabels: [ExpertLabel]

            /// Creates a dimension's input.
            public init(name: String, scale: CategoryScale?, control: JudgeScores, experimental: JudgeScores, expertLabels: [ExpertLabel]) {
                self.name = name
                self.scale = scale
                self.control = control
                self.experimental = experimental
                self.expertLabels = expertLabels
            }
        }

        /// Run, model and data set (``AlignmentInfo/rubric`` names neither rubric; see the two names).
        public var info: AlignmentInfo
        /// The control rubric's name and version, as shown.
        public var controlName: String
        /// The experimental rubric's name and version, as shown.
        public var experimentalName: String
        /// Every row id of the run.
        public var runRowIDs: [String]
        /// Rows either rubric quotes as worked examples: left out unless included.
        public var exampleRowIDs: Set<String>
        /// The dimensions.
        public var dimensions: [Dimension]
        /// Each side's failed rows: the failure's code (`invalid-json`, `off-scale`, `transport`…) by row id.
        public var controlFailureCodes: [String: String]
        /// The experimental side's failed rows, as ``controlFailureCodes``.
        public var experimentalFailureCodes: [String: String]
        /// What the judges judged on each row (its input and output as text), shown beside the worst disagreements.
        public var rowTexts: [String: JudgedText]
        /// A group per row id (a field of each run row), for a verdict per slice; empty for none.
        public var groups: [String: String]
        /// What the groups are (the grouping field's path), for the report.
        public var groupedBy: String?

        /// Creates the input.
        public init(
            info: AlignmentInfo = AlignmentInfo(), controlName: String, experimentalName: String, runRowIDs: [String],
            exampleRowIDs: Set<String> = [], dimensions: [Dimension], controlFailureCodes: [String: String] = [:],
            experimentalFailureCodes: [String: String] = [:], rowTexts: [String: JudgedText] = [:], groups: [String: String] = [:],
            groupedBy: String? = nil
        ) {
            self.info = info
            self.controlName = controlName
            self.experimentalName = experimentalName
            self.runRowIDs = runRowIDs
            self.exampleRowIDs = exampleRowIDs
            self.dimensions = dimensions
            self.controlFailureCodes = controlFailureCodes
            self.experimentalFailureCodes = experimentalFailureCodes
            self.rowTexts = rowTexts
            self.groups = groups
            self.groupedBy = groupedBy
        }
    }

    /// A row whose exact agreement with the expert changed between the rubrics.
    public struct FlippedRow: Sendable, Hashable, Codable {
        /// Which way it flipped.
        public enum Direction: String, Sendable, Hashable, Codable {
            /// Misaligned under control, aligned under experimental.
            case gained
            /// Aligned under control, misaligned under experimental.
            case lost
        }

        /// The row id.
        public var rowID: String
        /// The expert value (mean of raters).
        public var expert: Double
        /// The control judge's score.
        public var control: Double
        /// The experimental judge's score.
        public var experimental: Double
        /// Gained or lost.
        public var direction: Direction
    }

    /// One dimension compared.
    public struct DimensionComparison: Sendable, Hashable, Codable {
        /// The dimension's name.
        public var name: String
        /// Rows with an expert label and a score under both rubrics: the n of the figures.
        public var paired: Int
        /// Labelled rows left out because a rubric has no score there (failed or not judged).
        public var labelledNotPaired: Int
        /// Values rounded half up onto the scale (expert, control and experimental together).
        public var valuesRounded: Int
        /// The statistic compared.
        public var statistic: AlignmentStatistic
        /// Its value under the control rubric, with interval.
        public var control: Estimate
        /// Its value under the experimental rubric, with interval.
        public var experimental: Estimate
        /// Experimental minus control, on the scale's categories, with the
        /// standard error and percentile interval of the paired multinomial
        /// bootstrap (rows resampled jointly); undefined resamples are excluded
        /// and named in the interval's method.
        public var difference: Estimate
        /// Rows where only the control judge matched the expert exactly.
        public var controlOnlyExact: Int
        /// Rows where only the experimental judge matched the expert exactly.
        public var experimentalOnlyExact: Int
        /// McNemar's test on those discordant rows; `nil` when there is no test (``noTestReason`` says why).
        public var mcnemar: McNemarTest?
        /// Why there is no McNemar test: no paired rows (nothing to count discordant pairs on), or no scale.
        public var noTestReason: String?
        /// Whether the experimental side is better, worse or not detectably different, from the difference's interval.
        public var verdict: Verdict<ComparisonOutcome>
        /// The paired rows furthest from the experts on either side, worst first (``AlignmentSettings/worstDisagreements``).
        public var worstDisagreements: [ComparedRow]
        /// With groups, each group's comparison and verdict, by group name; empty without.
        public var slices: [Slice]
        /// The rows that flipped, sorted by row id.
        public var flipped: [FlippedRow]
        /// Why this dimension could not be compared (no scale); the figures are then empty.
        public var undefinedReason: UndefinedReason?
    }

    /// The schema's version (2: failures, verdicts, worst disagreements and slices).
    public static let currentSchemaVersion = 2

    /// ``currentSchemaVersion`` when written.
    public var schemaVersion: Int
    /// Run, model and data set.
    public var info: AlignmentInfo
    /// The control rubric's name.
    public var controlName: String
    /// The experimental rubric's name.
    public var experimentalName: String
    /// The options used (statistic, bootstrap, level).
    public var options: AlignmentSettings
    /// Worked-example rows seen among the labelled or judged rows, sorted.
    public var exampleRows: [String]
    /// The control side's failed rows among the rows compared (worked examples aside), by failure code.
    public var controlFailures: SideFailures
    /// The experimental side's failed rows, as ``controlFailures``.
    public var experimentalFailures: SideFailures
    /// The grouping field, when slices were asked for.
    public var groupedBy: String?
    /// One entry per dimension.
    public var dimensions: [DimensionComparison]
    /// The split compared on, with the validation looks; absent without a split.
    public var split: SplitUse? = nil
}
