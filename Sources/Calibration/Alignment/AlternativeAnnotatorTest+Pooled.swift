import RunInference
import StatisticsCore

extension AlternativeAnnotatorTest {
    /// The alternative annotator test over every dimension at once: whether the judge can replace a
    /// rater across the rubric, not only dimension by dimension.
    ///
    /// As Calderon, Reichart & Dror (2025, FAQ: "several environments or domains") advise, the p-values
    /// of every rater on every tested dimension form one family, corrected together by
    /// Benjamini–Yekutieli at q = 0.05, and the winning rate is then taken per dimension: a dimension
    /// passes when the judge wins against at least half its raters under the pooled correction, and the
    /// summary is "passes in k of D dimensions". Beside it, the share of all comparisons won and ρ as the
    /// mean of every comparison's ρ_h, each rater on each dimension counted once. Dimensions whose test
    /// was refused are listed and take no part. A dimension can win under its own correction and not
    /// under the pooled one, whose family is larger.
    public struct Pooled: Sendable, Hashable, Codable {
        /// The dimensions whose test ran, in report order.
        public var dimensionsTested: [String]
        /// Those the judge passes under the pooled correction (ω ≥ ½ among their raters).
        public var dimensionsPassing: [String]
        /// The dimensions whose test was refused (each says why).
        public var dimensionsRefused: [String]
        /// Comparisons in the family: raters summed over the tested dimensions.
        public var comparisons: Int
        /// Comparisons the judge wins under the pooled correction.
        public var wins: Int
        /// wins / comparisons.
        public var winningRate: Double
        /// The mean of every comparison's ρ_h.
        public var advantageProbability: Double

        /// The pooled test of `dimensions` (name and per-dimension result, in report order); `nil` when
        /// fewer than two dimensions were tested, where it would only repeat the one.
        init?(_ dimensions: [(name: String, test: AlternativeAnnotatorTest)]) {
            let tested = dimensions.filter { $0.test.refusal == nil && !$0.test.raters.isEmpty }
            let family = tested.flatMap { dimension in dimension.test.raters.map { (dimension.name, $0) } }
            guard tested.count >= 2, let advantage = Spread.mean(family.map(\.1.judgeAdvantage)).value else { return nil }
            let wins = BenjaminiYekutieliAdjustment.rejected(family.map(\.1.pValue), q: AlternativeAnnotatorTest.falseDiscoveryRate)
            dimensionsTested = tested.map(\.name)
            dimensionsPassing = tested.map(\.name).filter { name in
                let own = family.indices.filter { family[$0].0 == name }
                return Double(own.count { wins[$0] }) / Double(own.count) >= AlternativeAnnotatorTest.passingWinningRate
            }
            dimensionsRefused = dimensions.filter { $0.test.refusal != nil }.map(\.name)
            comparisons = family.count
            self.wins = wins.count { $0 }
            winningRate = Double(self.wins) / Double(family.count)
            advantageProbability = advantage
        }
    }
}
