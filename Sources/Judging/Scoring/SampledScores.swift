/// The scores of repeated replies to one prompt.
public struct SampledScores: Sendable, Hashable {
    /// Each usable sample's value, in sample order; empty when read from a
    /// judgments file written before the values were kept.
    public var values: [Double]
    /// Their mean.
    public var mean: Double
    /// Their sample standard deviation (n − 1); `nil` with fewer than two samples.
    public var standardDeviation: Double?
    /// The share of pairs of samples that chose the same level; `nil` with
    /// fewer than two samples.
    ///
    /// 1 when every sample agrees.
    public var selfAgreement: Double?

    /// Creates sampled scores.
    public init(values: [Double], mean: Double, standardDeviation: Double?, selfAgreement: Double?) {
        self.values = values
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.selfAgreement = selfAgreement
    }
}
