/// The interval a user asks for, by the interval option of `agreement`, `align`, `certify` and
/// `compare`: the one request type of the package. The interval then formed is recorded on it as a
/// ``ConfidenceInterval/Method``.
public enum IntervalMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// The statistic's own large-sample interval: normal for the kappa family
    /// (Fleiss–Cohen–Everitt or Gwet standard error), Fisher z for Pearson, F
    /// for the ICC.
    case analytic
    /// value ± t(n − 1) · SE, as Gwet's irrCAC prints (kappa family only).
    case t
    /// A seeded percentile bootstrap: a multinomial over the cells of the
    /// two-rater table where the statistic has a table form and every rating
    /// is on the declared scale, the items otherwise.
    case bootstrap
    /// The same seeded bootstrap, its interval bias-corrected and accelerated
    /// (BCa, Efron 1987): the percentile interval's quantiles shifted by the
    /// bias correction z₀ and the acceleration from a jackknife. Offered
    /// wherever the bootstrap is; its coverage on skewed judge tables is in
    /// docs/PLANNING.md.
    case bca

    /// Whether the interval is resampled (``bootstrap`` or ``bca``).
    public var isBootstrap: Bool { self == .bootstrap || self == .bca }

    /// The quantile of a value ± c·SE interval for this request: the t quantile for ``t``, the
    /// normal one otherwise.
    public var quantile: ConfidenceInterval.Quantile { self == .t ? .studentT : .normal }
}
