public import CalibrationData
public import RunInference
public import StatisticsCore

/// Several judges aligned with the same experts, side by side (`judgecal align` with several judge-score
/// files): each judge's own ``AlignmentReport``, three panels of the judges scored like one more judge
/// (``JudgePanel``), and per dimension a table of every judge's verdict statistic and a ranking with
/// paired differences from the best, Holm-adjusted.
///
/// Each judge is aligned on its own rows, exactly as it would be alone; the ranking compares them on the
/// rows every judge scored and the experts have a value for (the common rows), so that every difference
/// is paired. Codable in the schema documented in `docs/FORMATS.md` ("Several judges (JSON)").
public struct JudgeTable: Sendable, Hashable, Codable {
    /// The schema's version, raised on any change a reader would notice.
    public static let currentSchemaVersion = 2

    /// ``currentSchemaVersion`` when written.
    public var schemaVersion: Int
    /// The settings every figure was computed with.
    public var options: AlignmentSettings
    /// The judges, then the panels formed, in the order the tables list them.
    public var judges: [Entry]
    /// Each judge's and panel's full report, by its name.
    public var reports: [String: AlignmentReport]
    /// One table per dimension the judges share, in the first judge's order.
    public var dimensions: [DimensionTable]

    /// A judge or a panel.
    public struct Entry: Sendable, Hashable, Codable {
        /// The judge's name (its file's name without the extension), or the panel's (`panel-mean`, …).
        public var name: String
        /// The panel, `nil` for a judge.
        public var panel: JudgePanel?
        /// The judge's file as named on the command line; `nil` for a panel.
        public var file: String?
        /// What a row cost the judge in tokens, or why that is unknown; `nil` for a panel (it calls no
        /// model of its own) and until the files are read for it.
        public var tokens: JudgeTokens? = nil
    }

    /// One dimension: every judge's and panel's verdict statistic, the panels not formed, and the ranking.
    public struct DimensionTable: Sendable, Hashable, Codable {
        /// The dimension's name.
        public var name: String
        /// One row per judge and per panel formed on this dimension, in ``JudgeTable/judges`` order.
        public var rows: [Row]
        /// The panels not formed here, each with why (a mean on a two-level scale, Dawid–Skene without a scale).
        public var panelsNotFormed: [PanelNotFormed]
        /// The Dawid–Skene panel's model, when it was formed.
        public var dawidSkene: DawidSkenePanel?
        /// The judges ordered by the statistic on the common rows.
        public var ranking: Ranking
    }

    /// One judge's (or panel's) figures on a dimension, on its own rows.
    public struct Row: Sendable, Hashable, Codable {
        /// The judge or panel.
        public var judge: String
        /// Its paired rows (``DimensionAlignment/Counts/paired``).
        public var n: Int
        /// The rows it has no score on (a judge's failures; a panel's ties and rows no judge scored).
        public var judgeFailures: Int
        /// The verdict's statistic with its interval.
        public var statisticEstimate: Estimate
        /// Its verdict.
        public var verdict: AlignmentOutcome
        /// How many expert labels it is worth in a corrected estimate of the mean, on its paired rows
        /// (``LabelMultiplier``, with its calibrated R² and paired bootstrap interval).
        public var labelMultiplier: LabelMultiplier
    }

    /// A panel that could not be formed on a dimension.
    public struct PanelNotFormed: Sendable, Hashable, Codable {
        /// The panel.
        public var panel: JudgePanel
        /// Why not.
        public var reason: String
    }

    /// The judges ranked on the rows they all scored.
    public struct Ranking: Sendable, Hashable, Codable {
        /// The rows every judge scored and the experts have a value for.
        public var commonRows: Int
        /// The judges and the panels that scored every common row, best first; those with no figure last.
        public var entries: [RankedEntry]
        /// The panels left out because they have no value on some common row (a tied majority), with how many.
        public var panelsLeftOut: [String: Int]
        /// How the p-values were formed and adjusted, in a sentence.
        public var test: String
        /// Why there is no ranking (no declared scale, fewer than two common rows); `nil` when there is one.
        public var undefinedReason: UndefinedReason?
    }

    /// One judge or panel in the ranking.
    public struct RankedEntry: Sendable, Hashable, Codable {
        /// The judge or panel.
        public var judge: String
        /// Its statistic on the common rows (their categories on the scale), without an interval.
        public var statistic: Estimate
        /// best − this judge on the common rows, with the paired bootstrap interval; `nil` for the best.
        public var differenceFromBest: Estimate?
        /// The two-sided percentile bootstrap p-value of no difference; `nil` for the best or without resamples.
        public var pValue: Double?
        /// ``pValue`` after Holm's adjustment over the dimension's comparisons with the best.
        public var holmAdjustedPValue: Double?
    }

    /// The Dawid–Skene panel's fitted model on one dimension.
    public struct DawidSkenePanel: Sendable, Hashable, Codable {
        /// The EM iterations run, and whether the tolerance stopped them.
        public var iterations: Int
        /// Whether EM converged before its most iterations.
        public var converged: Bool
        /// The prior of each category of the scale.
        public var priors: [Double]
        /// Per judge, `[given][true]` on the scale's categories.
        public var confusionMatrices: [String: [[Double]]]
        /// Per row any judge scored, the posterior over the scale's categories.
        public var posteriors: [String: [Double]]
    }
}
