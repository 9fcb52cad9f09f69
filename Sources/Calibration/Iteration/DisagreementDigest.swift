/// What a rubric author reads before changing a rubric: per dimension, the
/// confusion pairs between the experts and the judge, heaviest first, each with
/// its rows, the judge's rationales, the experts' notes and the rubric's text
/// for both levels involved.
///
/// It is meant for **development rows**: build it with a set of row ids
/// (``init(run:rubric:judgments:labels:rows:includeExampleRows:)``) so that
/// rows reserved for validation or a sealed test never reach an author's eyes.
/// Codable in the schema documented in `docs/FORMATS.md` ("Disagreement digest").
public struct DisagreementDigest: Sendable, Hashable, Codable {
    /// One level of a scale as the rubric writes it.
    public struct Level: Sendable, Hashable, Codable {
        /// What the judge writes (`4`, `pass`).
        public var label: String
        /// Its value.
        public var value: Double
        /// The rubric's text for the level.
        public var description: String
    }

    /// One row in a confusion pair.
    public struct Row: Sendable, Hashable, Codable {
        /// The row id.
        public var rowID: String
        /// The expert value (the mean of the raters, before rounding onto the scale).
        public var expert: Double
        /// The judge's score (before rounding onto the scale).
        public var judge: Double
        /// The judge's rationale.
        public var judgeRationale: String?
        /// The experts' notes (several raters' notes joined, each named).
        public var expertNote: String?
    }

    /// The rows the experts put at one level and the judge at another.
    public struct ConfusionPair: Sendable, Hashable, Codable {
        /// The experts' level (their mean rounded half up onto the scale).
        public var expert: Level
        /// The judge's level.
        public var judge: Level
        /// The quadratic disagreement weight 1 − w_ij = (v_i − v_j)² / (v_max − v_min)²,
        /// the share of the worst possible disagreement this pair costs quadratic kappa per row.
        public var weight: Double
        /// The rows, in the run's order.
        public var rows: [Row]
    }

    /// One dimension's disagreements.
    public struct Dimension: Sendable, Hashable, Codable {
        /// The dimension's name.
        public var name: String
        /// The scale's levels, lowest first.
        public var levels: [Level]
        /// Rows considered (in the row set, not worked examples) with an expert label.
        public var labelled: Int
        /// Labelled rows the judge scored: the rows compared.
        public var compared: Int
        /// Labelled rows the judge failed on, by failure code (`parse`, `off-scale`, …).
        public var judgeFailures: [String: Int]
        /// Labelled rows the judge has neither scored nor failed (not judged).
        public var notJudged: Int
        /// Compared rows where the judge's level is the experts'.
        public var agreed: Int
        /// The confusion pairs, heaviest ``ConfusionPair/weight`` first, then the
        /// most rows, then the higher expert level, then the lower judge level.
        public var pairs: [ConfusionPair]
    }

    /// The schema's version.
    public static let currentSchemaVersion = 1

    /// ``currentSchemaVersion`` when written.
    public var schemaVersion: Int
    /// Run, rubric, model and data set.
    public var info: AlignmentInfo
    /// Rows of the run.
    public var rowsInRun: Int
    /// The row ids the digest was restricted to, sorted (`nil`: every row of the run).
    public var rowSet: [String]?
    /// Worked-example rows of the rubric left out (or kept, with ``includeExampleRows``), sorted.
    public var exampleRows: [String]
    /// Whether the worked-example rows were kept.
    public var includeExampleRows: Bool
    /// One entry per rubric dimension, in the rubric's order.
    public var dimensions: [Dimension]

    /// How many rows the digest was restricted to (`nil`: every row of the run).
    public var rowsGiven: Int? { rowSet?.count }
}
