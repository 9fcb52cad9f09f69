public import DataFormats

/// Why trust cannot be measured on a dimension.
public enum TrustError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The judge gave no confidence on any labelled row of the dimension (a judge asked in discrete
    /// mode, or scores without a confidence column).
    case noConfidence(dimension: String)
    /// The dimension has no declared scale, so levels cannot be compared.
    case noScale(dimension: String)
    /// Agreement within one level was asked on a scale of two levels, where every pair agrees.
    case withinOneOnTwoLevels(dimension: String)
    /// Prediction sets or an abstain band were asked, but no judged row of the dimension has the judge's probability of each level.
    case noLevelDistribution(dimension: String)
    /// An abstain band was asked, but no dimension has a scale of two levels: each dimension and its levels.
    case noTwoLevelDimension([TrustAbstainBand.ScaleSize])

    public var description: String {
        switch self {
        case .noConfidence(let d):
            "the judge gave no confidence on any labelled row of \(d); selective trust needs one per row "
                + "(the probability of the level in probability-weighted mode, the agreement of sampled replies, or a confidence column)"
        case .noScale(let d): "dimension \(d) has no declared scale; give the rubric that declares it"
        case .withinOneOnTwoLevels(let d): "dimension \(d) has two levels, so every pair of levels is within one of each other; ask for exact agreement"
        case .noLevelDistribution(let d):
            "no judged row of \(d) has the judge's probability of each level, which prediction sets and the abstain band are built from "
                + "(probability-weighted, sampled or simulated-annotator judgments have it; scores with a confidence alone only on two levels)"
        case .noTwoLevelDimension(let sizes):
            "an abstain band is drawn on a dimension of two levels (pass/fail), and none has two: "
                + sizes.map { "\($0.dimension) has \($0.levels)" }.joined(separator: ", ")
        }
    }
}

extension TrustError: KindedError {
    /// ``DataFormats/ErrorKind/usage`` for agreement within one on two levels and an abstain band without a
    /// two-level dimension; ``DataFormats/ErrorKind/malformedInput`` otherwise.
    public var kind: ErrorKind {
        switch self {
        case .withinOneOnTwoLevels, .noTwoLevelDimension: .usage
        case .noConfidence, .noScale, .noLevelDistribution: .malformedInput
        }
    }
}
