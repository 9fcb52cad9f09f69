public import AgreementCoefficients

extension AlignmentStatistic {
    /// A verdict statistic in the agreement catalogue's terms: the catalogue's statistic and the
    /// parameters that make it (quadratic-weighted kappa is Cohen's kappa with quadratic weights).
    public struct CatalogueForm: Sendable, Hashable {
        /// The catalogue's statistic.
        public var statistic: AgreementStatistic
        /// Its weights; `nil` for none (unweighted).
        public var weights: AgreementWeights?
        /// Krippendorff's metric; `nil` for a statistic that takes none.
        public var metric: KrippendorffAlpha.Metric?

        /// The form; unweighted weights are no weights, as the catalogue reads them.
        public init(_ statistic: AgreementStatistic, weights: AgreementWeights? = nil, metric: KrippendorffAlpha.Metric? = nil) {
            self.statistic = statistic
            self.weights = weights == .unweighted ? nil : weights
            self.metric = metric
        }
    }

    /// This statistic in the catalogue's terms: the one table from verdict statistics to the
    /// catalogue's, read back by ``init(_:)``.
    public var catalogueForm: CatalogueForm {
        switch self {
        case .quadraticKappa: CatalogueForm(.cohenKappa, weights: .quadratic)
        case .linearKappa: CatalogueForm(.cohenKappa, weights: .linear)
        case .kappa: CatalogueForm(.cohenKappa)
        case .alphaOrdinal: CatalogueForm(.krippendorffAlpha, metric: .ordinal)
        case .ac2: CatalogueForm(.gwetAC2, weights: .quadratic)
        case .spearman: CatalogueForm(.spearman)
        case .kendall: CatalogueForm(.kendallTauB)
        case .pearson: CatalogueForm(.pearson)
        }
    }

    /// The verdict statistic the catalogue's `form` is (``catalogueForm`` read backwards); `nil` when
    /// a verdict is not decided on it (Gwet's AC2 unweighted, Krippendorff's alpha nominal, Fleiss'
    /// kappa: ``allCases`` lists those it is).
    public init?(_ form: CatalogueForm) {
        guard let statistic = Self.allCases.first(where: { $0.catalogueForm == form }) else { return nil }
        self = statistic
    }
}
