public import StatisticsCore

/// Control limits for the next look at a figure measured again and again — an alignment statistic, an
/// audit's mean residual — from the earlier looks, each with its standard error: is the latest look
/// where the earlier ones say it should be, or has the judge drifted?
///
/// The earlier looks yᵢ (i = 1…k) with variances vᵢ = sᵢ² are pooled by the random-effects model of
/// DerSimonian & Laird (1986), since each look's figure moves by more than its own sampling error (other
/// rows, other labels): with wᵢ = 1/vᵢ, ȳ the wᵢ-weighted mean, Q = Σ wᵢ(yᵢ − ȳ)² and
/// C = Σ wᵢ − Σ wᵢ² / Σ wᵢ, the between-look variance is τ² = max(0, (Q − (k − 1)) / C); then
/// wᵢ* = 1/(vᵢ + τ²), the baseline μ = Σ wᵢ* yᵢ / Σ wᵢ* and Var(μ) = 1 / Σ wᵢ*.
///
/// The latest look, with its own standard error s, is inside its limits when it lies in
/// μ ± t · √(τ² + Var(μ) + s²), t the 1 − α/2 quantile of Student's t on k − 2 degrees of freedom — the
/// prediction interval of Higgins, Thompson & Spiegelhalter (2009) for a new study, widened by the new
/// look's own sampling error. At least ``minimumEarlierLooks`` earlier looks are needed (k − 2 ≥ 1); a
/// look without a finite, positive standard error is not used.
public struct ControlLimits: Sendable, Hashable, Codable {
    /// A look: its figure and standard error.
    public struct Look: Sendable, Hashable, Codable {
        public var value: Double
        public var standardError: Double

        /// Creates a look.
        public init(value: Double, standardError: Double) {
            self.value = value
            self.standardError = standardError
        }
    }

    /// The fewest earlier looks limits are set from.
    public static let minimumEarlierLooks = 3

    /// The earlier looks used, the baseline μ and its standard error, the between-look SD τ.
    public let earlierLooks: Int
    public let baseline: Double
    public let baselineStandardError: Double
    public let betweenLookSD: Double
    /// The critical value and the limits for the latest look.
    public let critical: Double
    public let lower: Double
    public let upper: Double
    /// The latest look, and whether it lies outside the limits.
    public let latest: Look
    public let isOutside: Bool

    /// The limits the `earlier` looks set for `latest` at level 1 − `alpha`; `nil` with fewer than
    /// ``minimumEarlierLooks`` usable earlier looks or a latest look without a usable standard error.
    ///
    /// - Precondition: 0 < α < 1.
    public init?(earlier: [Look], latest: Look, alpha: Double = 0.05) {
        precondition(alpha > 0 && alpha < 1, "α is out of range")
        let usable = { (look: Look) in look.value.isFinite && look.standardError.isFinite && look.standardError > 0 }
        let looks = earlier.filter(usable)
        guard looks.count >= Self.minimumEarlierLooks, usable(latest) else { return nil }
        let k = Double(looks.count)
        let w = looks.map { 1 / ($0.standardError * $0.standardError) }
        let sumW = w.reduce(0, +)
        let fixed = zip(w, looks).reduce(0) { $0 + $1.0 * $1.1.value } / sumW
        let q = zip(w, looks).reduce(0) { $0 + $1.0 * ($1.1.value - fixed) * ($1.1.value - fixed) }
        let c = sumW - w.reduce(0) { $0 + $1 * $1 } / sumW
        let tau2 = c > 0 ? max(0, (q - (k - 1)) / c) : 0
        let wStar = looks.map { 1 / ($0.standardError * $0.standardError + tau2) }
        let sumStar = wStar.reduce(0, +)
        let mu = zip(wStar, looks).reduce(0) { $0 + $1.0 * $1.1.value } / sumStar
        let t = StudentTDistribution.quantile(1 - alpha / 2, degreesOfFreedom: k - 2)
        let half = t * (tau2 + 1 / sumStar + latest.standardError * latest.standardError).squareRoot()
        earlierLooks = looks.count
        baseline = mu
        baselineStandardError = (1 / sumStar).squareRoot()
        betweenLookSD = tau2.squareRoot()
        critical = t
        lower = mu - half
        upper = mu + half
        self.latest = latest
        isOutside = latest.value < mu - half || latest.value > mu + half
    }
}
