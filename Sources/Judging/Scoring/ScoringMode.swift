import DataFormats

/// How a judge's reply becomes a score.
public enum ScoringMode: Sendable, Hashable {
    /// The level the judge wrote.
    case discrete

    /// The expected score under the judge's probabilities for the score token,
    /// as G-Eval does (Liu et al., 2023): Σ pᵢ·vᵢ / Σ pᵢ over the levels vᵢ
    /// found among the `topLogprobs` most likely tokens at the position where
    /// the judge wrote the score. The sum is renormalised over the levels
    /// found, so probability mass on tokens that are not levels is left out.
    ///
    /// When the server returns no log-probabilities, or none of the
    /// alternatives is a level (a label longer than one token, say),
    /// `whenUnavailable` decides: ``LogprobFallback/fail`` makes the row a
    /// judge failure; ``LogprobFallback/discrete`` keeps the written score and
    /// counts the fallback (``DimensionJudgment/fellBack``, and a
    /// `<dimension> (discrete fallback)` metric in an evaluation).
    case probabilityWeighted(topLogprobs: Int = 10, whenUnavailable: LogprobFallback = .fail)

    /// `count` replies sampled at `temperature`; the score is their mean,
    /// reported with its spread and the judge's self-agreement.
    case sampled(count: Int, temperature: Double = 0.7)

    /// `count` simulated annotators (``SimulatedAnnotators``): the judge asked once per annotator at
    /// the judge's temperature, each annotator's prompt showing a different set of the worked
    /// examples; the score is their mean, with their spread and agreement, and the confidence the
    /// share of annotators on the level most of them chose. Only a judge given the prompt's parts
    /// (``ModelJudge/judgment(ofContent:id:)``) can vary the examples.
    case simulatedAnnotators(count: Int)
}

/// What to do when a probability-weighted score cannot be computed.
public enum LogprobFallback: String, Sendable, Hashable, Codable {
    /// Record a judge failure for the row.
    case fail
    /// Use the written score and count the fallback.
    case discrete
}

/// How a judge is asked.
public struct JudgeSettings: Sendable, Hashable {
    /// How replies become scores.
    public var mode: ScoringMode
    /// Attempts per reply before the row is recorded as a judge failure (at least 1).
    public var maxAttempts: Int
    /// Sampling temperature of discrete and probability-weighted calls.
    public var temperature: Double
    /// The most tokens a reply may use.
    public var maxTokens: Int
    /// A sampling seed, for servers that honour one; ``defaultSeed`` unless set, so that every
    /// request carries one (`nil` sends none).
    public var seed: Int?

    /// The seed sent unless another is chosen: 42. At temperature 0 a server picks the most likely
    /// token and the seed should not matter, but some servers (and any sampling they still do, such
    /// as a tie between tokens) use it, so repeatable judgments send a fixed one.
    public static let defaultSeed = 42
    /// Whether to send the reply's JSON schema as a structured-output constraint.
    public var sendsSchema: Bool
    /// The words every rationale must open with, sent in the schema (a rubric's
    /// ``Rubric/rationaleOpening``, which a judge built from a rubric sets here); `nil` for none.
    public var rationaleOpening: String?

    /// Options for a judge; by default discrete scores at temperature 0 with seed
    /// ``defaultSeed``, up to 3 attempts, 512 tokens, schema sent.
    public init(
        mode: ScoringMode = .discrete, maxAttempts: Int = 3, temperature: Double = 0, maxTokens: Int = 512,
        seed: Int? = defaultSeed, sendsSchema: Bool = true
    ) {
        self.mode = mode
        self.maxAttempts = max(1, maxAttempts)
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.seed = seed
        self.sendsSchema = sendsSchema
    }
}
