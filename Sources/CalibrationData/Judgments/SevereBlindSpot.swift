public import Foundation

/// A severe degradation the judge did not notice: in its last probe battery (`judgecal probe`, kind
/// `probe` in the history), a rewrite that makes a response wrong or broken (a claim negated, a figure
/// changed; severity `severe`) left the judge's scores on a dimension where they were — *insensitive*,
/// no fall shown where one should be.
///
/// Practitioners' validation recipes put severity before averages: a judge blind to a severe failure
/// class is unfit for that dimension however well it agrees with the experts on ordinary rows (FBI,
/// Doddapaneni et al., EMNLP 2024, found evaluator models missing deliberate quality drops in over half
/// of their perturbations). An alignment and a certificate carry every such finding beside the agreement
/// figure (docs/PROBES.md, "Severity into the verdict").
public struct SevereBlindSpot: Sendable, Hashable, Codable {
    /// The degradation's name (`contradiction`, `wrong-number`, a probe file's name).
    public var degradation: String
    /// The dimension whose score did not fall.
    public var dimension: String
    /// When the battery ran.
    public var probed: Date
    /// The run the battery ran on.
    public var run: String

    /// Creates the finding.
    public init(degradation: String, dimension: String, probed: Date, run: String) {
        self.degradation = degradation
        self.dimension = dimension
        self.probed = probed
        self.run = run
    }

    /// `contradiction (probe battery of 2026-12-05 on book-tags)`.
    public var phrase: String {
        "\(degradation) (probe battery of \(probed.formatted(.iso8601.year().month().day())) on \(run))"
    }
}
