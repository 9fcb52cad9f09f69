/// The judge's score on one dimension of one row.
///
/// In a judgments file the sampled scores are stored flat, beside the other
/// members: `sampledValues`, `sampledStandardDeviation` and `selfAgreement`
/// (see ``init(from:)``), so that files written before the values were kept
/// still read; the confidence as `confidence`, an object with `method`, `level` and `value`.
public struct DimensionJudgment: Sendable, Hashable, Codable {
    /// The dimension's name.
    public var dimension: String
    /// The score: the written level's value (discrete), the expected value
    /// under the score token's probabilities, or the mean of sampled replies.
    public var score: Double
    /// The label of the level written (in sampled mode, that of the first sample).
    public var label: String
    /// The judge's rationale (in sampled mode, that of the first sample).
    public var rationale: String
    /// Probability-weighted mode: each level's renormalised probability, by label.
    public var probabilities: [String: Double]?
    /// Probability-weighted mode: whether the written score was used because
    /// no log-probabilities were available.
    public var fellBack: Bool
    /// Sampled mode: every sample's value, their spread and self-agreement.
    public var sampling: SampledScores?
    /// How sure the judge was, and of which level (``JudgeConfidence``): in probability-weighted
    /// mode the most probable level's probability, in sampled mode the share of replies on the most
    /// chosen level, for scores made elsewhere the confidence their file gives; `nil` in discrete
    /// mode, after a discrete fallback, and in files written before confidences were kept.
    public var confidence: JudgeConfidence?

    /// Creates a dimension judgment.
    public init(
        dimension: String,
        score: Double,
        label: String,
        rationale: String,
        probabilities: [String: Double]? = nil,
        fellBack: Bool = false,
        sampling: SampledScores? = nil,
        confidence: JudgeConfidence? = nil
    ) {
        self.dimension = dimension
        self.score = score
        self.label = label
        self.rationale = rationale
        self.probabilities = probabilities
        self.fellBack = fellBack
        self.sampling = sampling
        self.confidence = confidence
    }
}

extension DimensionJudgment {
    private enum CodingKeys: String, CodingKey {
        case dimension, score, label, rationale, probabilities, fellBack
        case sampledValues, sampledStandardDeviation, selfAgreement, confidence
    }

    /// Reads a dimension judgment as the judgments file stores it.
    ///
    /// ``sampling`` is present when any of `sampledValues`,
    /// `sampledStandardDeviation` or `selfAgreement` is; its mean is the
    /// score. A file written before the values were kept has no
    /// `sampledValues`: its ``SampledScores/values`` are then empty, and its
    /// spread and self-agreement are those written.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let score = try c.decode(Double.self, forKey: .score)
        let values = try c.decodeIfPresent([Double].self, forKey: .sampledValues)
        let spread = try c.decodeIfPresent(Double.self, forKey: .sampledStandardDeviation)
        let agreement = try c.decodeIfPresent(Double.self, forKey: .selfAgreement)
        let sampled = values != nil || spread != nil || agreement != nil
        self.init(
            dimension: try c.decode(String.self, forKey: .dimension),
            score: score,
            label: try c.decode(String.self, forKey: .label),
            rationale: try c.decode(String.self, forKey: .rationale),
            probabilities: try c.decodeIfPresent([String: Double].self, forKey: .probabilities),
            fellBack: try c.decodeIfPresent(Bool.self, forKey: .fellBack) ?? false,
            sampling: sampled
                ? SampledScores(
                    values: values ?? [], mean: score, standardDeviation: spread, selfAgreement: agreement)
                : nil,
            confidence: try c.decodeIfPresent(JudgeConfidence.self, forKey: .confidence)
        )
    }

    /// Writes the members flat, the sampled scores as `sampledValues`,
    /// `sampledStandardDeviation` and `selfAgreement` (the mean is the score).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dimension, forKey: .dimension)
        try c.encode(score, forKey: .score)
        try c.encode(label, forKey: .label)
        try c.encode(rationale, forKey: .rationale)
        try c.encodeIfPresent(probabilities, forKey: .probabilities)
        try c.encode(fellBack, forKey: .fellBack)
        try c.encodeIfPresent(sampling?.values, forKey: .sampledValues)
        try c.encodeIfPresent(sampling?.standardDeviation, forKey: .sampledStandardDeviation)
        try c.encodeIfPresent(sampling?.selfAgreement, forKey: .selfAgreement)
        try c.encodeIfPresent(confidence, forKey: .confidence)
    }
}
