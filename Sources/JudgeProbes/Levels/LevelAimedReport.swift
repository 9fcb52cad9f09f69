public import StatisticsCore

/// What responses written at each level found (``LevelAimedResponses``): per dimension, how many
/// responses were written, kept and scored at each level aimed at, the judge's scores against those
/// levels as a confusion table, and their agreement (docs/PROBES.md, "Responses at each level"; JSON
/// schema in docs/FORMATS.md).
public struct LevelAimedReport: Sendable, Hashable, Codable {
    /// The JSON schema's version.
    public static let currentSchemaVersion = 1

    /// The schema version this report was written with.
    public var schemaVersion = currentSchemaVersion
    /// The run's name, and how many of its rows responses were written for.
    public var run: String
    public var rows: Int
    /// The rubric's name.
    public var rubric: String
    /// The judge, the generator and the validation judge (`nil`: the responses were not checked).
    public var model: String
    public var generator: String
    public var validator: String?
    /// The field the written responses replaced.
    public var field: String
    /// The level of the agreement's interval.
    public var intervalLevel: Double
    /// Per dimension aimed at, in the order asked.
    public var dimensions: [LevelAimedDimension]
}

/// One dimension's responses at each level, and the judge's scores of them.
public struct LevelAimedDimension: Sendable, Hashable, Codable {
    /// The dimension.
    public var dimension: String
    /// Per level of the scale, lowest first.
    public var levels: [Level]
    /// Rows: the level aimed at; columns: the judge's score; both in the scale's order (``levelLabels``).
    public var confusion: [[Int]]
    /// The scale's level labels, lowest first.
    public var levelLabels: [String]
    /// The share of scored responses the judge placed at the level aimed at.
    public var exactAgreement: Estimate
    /// The rows with at least one scored response: the units the kappa's interval resamples.
    public var rowsScored: Int
    /// Quadratic-weighted kappa between the level aimed at and the judge's score, its interval a
    /// bootstrap over the rows (each row's responses at every level drawn together, as they share a
    /// task and a writer), read at the expanded level for that many rows (``StatisticsCore/Bootstrap/expandedLevel(_:items:)``).
    /// Below ``fewRows`` rows it still covers less than its level.
    public var quadraticKappa: Estimate
    /// The rows below which the kappa's interval, expanded as it is, covered measurably less than its level
    /// in the coverage study of docs/PROBES.md ("Does the interval cover?"); from this many, about its level.
    public static let fewRows = 40

    /// Whether the kappa's interval rests on fewer than ``fewRows`` rows.
    public var fewRowsForInterval: Bool { rowsScored < Self.fewRows }
    /// Judge scores between two levels (a weighted mode's expected score) placed at the nearest level.
    public var scoresRounded: Int

    /// One level aimed at.
    public struct Level: Sendable, Hashable, Codable {
        /// The level's label and value.
        public var label: String
        public var value: Double
        /// Responses the generator was asked for (one per row).
        public var asked: Int
        /// Of those, replies that held no response (empty, or no item for a list).
        public var unreadable: Int
        /// Of the readable, those the validation judge placed at another level, or could not score.
        public var rejected: Int
        /// Responses kept: readable, and placed at this level by the validation judge when there is one.
        public var kept: Int
        /// Of the kept, those the judge scored on this dimension.
        public var scored: Int
        /// The judge's mean score of them; `nil` when none was scored.
        public var meanScore: Double?
    }
}
