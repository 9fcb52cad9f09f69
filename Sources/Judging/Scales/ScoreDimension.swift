public import EvaluationCore
public import StatisticsCore

/// One quality a judge scores separately, such as Relevance or Fluency: a
/// name, a description of what to look at, and a scale of levels.
///
/// ```swift
/// let relevance = ScoreDimension(
///     "Relevance",
///     description: "Whether each tag describes the book rather than the reader's reaction.",
///     scale: .numeric([4: "Every tag describes the book", 3: "…", 2: "…", 1: "…"])
/// )
/// ```
///
/// The dimension's ``metric`` carries its name, so aggregates read
/// `aggregator.computeMean(of: relevance.metric)`.
public struct ScoreDimension: Sendable, Hashable {
    /// The name, also the metric's name and the key of the judge's reply.
    public var name: String
    /// What the judge should look at.
    public var description: String
    /// The levels the judge chooses from.
    public var scale: ScoringScale

    /// Creates a dimension.
    public init(_ name: String, description: String, scale: ScoringScale) {
        self.name = name
        self.description = description
        self.scale = scale
    }

    /// The metric this dimension's scores are recorded under.
    public var metric: Metric { Metric(name) }

    /// The declared categories of this dimension's scale, for agreement statistics.
    public var categoryScale: CategoryScale { scale.categoryScale }
}
