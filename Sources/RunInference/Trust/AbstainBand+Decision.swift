extension AbstainBand {
    /// What the band does with a row.
    public enum Decision: String, Sendable, Hashable, Codable {
        /// The judge's negative level ("fail") is kept.
        case negative
        /// The judge's positive level ("pass") is kept.
        case positive
        /// The row goes to an expert.
        case abstain
    }

    /// What the chosen band does with a row whose positive-level probability is `score`; `nil`
    /// when no band is certified.
    public func decision(for score: Double) -> Decision? {
        chosen.map { Self.decision(score: score, thresholds: $0.thresholds) }
    }

    /// What `thresholds` do with a row whose positive-level probability is `score`.
    public static func decision(score: Double, thresholds: Thresholds) -> Decision {
        if score >= thresholds.upper { return .positive }
        if score <= thresholds.lower { return .negative }
        return .abstain
    }

    /// A row's score from the judge's probabilities of the two levels, negative first, renormalised
    /// to sum to 1 (mass on answers off the scale dropped): s = p₊ / (p₋ + p₊).
    ///
    /// - Throws: ``ConformalError`` naming `row` when there are not two probabilities, one is
    ///   negative or not finite, or both are 0.
    public static func positiveProbability(_ probabilities: [Double], row: Int) throws(ConformalError) -> Double {
        try OrdinalPredictionSets.normalised(probabilities, levels: 2, row: row)[1]
    }

    /// The pairs (λ₁, λ₂) with λ₁ from `lower` and λ₂ from `upper` and λ₁ ≤ λ₂, λ₁ varying slowest —
    /// the grid of MAPIE's example, with `lower` = linspace(0.3, 0.7, 5), `upper` = linspace(0.4, 0.8, 5).
    public static func grid(lower: [Double], upper: [Double]) -> [Thresholds] {
        lower.flatMap { l in upper.filter { $0 >= l }.map { Thresholds(lower: l, upper: $0) } }
    }
}
