public import StatisticsCore

/// One figure of the catalogue: which raters it compares, what it measures,
/// the estimate with its interval, and what it left out.
public struct AgreementMeasurement: Sendable, Hashable {
    /// The test of H₀: no agreement beyond chance, where the statistic has one
    /// (Cohen's and Fleiss' kappa).
    public struct ZTest: Sendable, Hashable {
        /// The standard error under H₀ (κ = 0), used only for the test.
        public var nullStandardError: Double
        /// z = κ / SE₀.
        public var z: Double
        /// The two-sided p-value, 2 (1 − Φ(|z|)).
        public var pValue: Double
    }

    /// How a bootstrap interval was drawn.
    public struct Resampling: Sendable, Hashable {
        /// What was resampled: `items` or `multinomial-table`.
        public var method: String
        /// The number of resamples drawn.
        public var resamples: Int
        /// The generator's seed.
        public var seed: UInt64
        /// Resamples on which the statistic was undefined, left out of the SE and interval.
        public var undefinedResamples: Int
    }

    /// The raters compared, by name.
    public var raters: [String]
    /// What the figure measures (`kappa`, `alpha`, `sd`, `pairwise percent`, …).
    public var measure: String
    /// The value, its standard error and interval, or why it is undefined.
    public var estimate: Estimate
    /// Items left out because a rating was missing, where the statistic pairs them.
    public var excluded: Int?
    /// The z test, where the statistic has one.
    public var test: ZTest?
    /// The two raters' table of counts on the declared scale, rows the first
    /// rater (the `confusion` statistic).
    public var table: ContingencyTable?
    /// How the bootstrap interval was drawn, when it was.
    public var resampling: Resampling?
    /// What a reader should know about the value (an ICC above 1, an interval
    /// that has no F test); empty when there is nothing to say.
    public var notes: [String]

    /// Creates a measurement.
    public init(
        raters: [String], measure: String, estimate: Estimate, excluded: Int? = nil, test: ZTest? = nil,
        table: ContingencyTable? = nil, resampling: Resampling? = nil, notes: [String] = []
    ) {
        self.raters = raters
        self.measure = measure
        self.estimate = estimate
        self.excluded = excluded
        self.test = test
        self.table = table
        self.resampling = resampling
        self.notes = notes
    }
}
