import DataFormats
public import StatisticsCore

/// Fleiss' kappa for several raters per unit (Fleiss 1971), with Gwet's
/// unconditional standard error, the z test under H₀ and per-category kappas.
///
/// With r_uk raters putting unit u in category k and π_k the category shares,
///
///     p_a = mean over units of Σ_k r_uk (r_uk − 1) / (r_u (r_u − 1)),   p_e = Σ_k π_k²,   κ = (p_a − p_e)/(1 − p_e)
///
/// With the same number of raters m on every unit this is Fleiss (1971). With
/// missing ratings it follows Gwet's generalisation (R irrCAC
/// `fleiss.kappa.raw`): p_a over units with two or more ratings, π_k averaged
/// over the per-unit shares of every rated unit (0.76117 on `cac.raw4raters`).
/// Weights other than the identity give irrCAC's weighted Fleiss kappa,
/// p_e = Σ_kl w_kl π_k π_l.
///
/// **Two standard errors, never mixed.** ``coefficient`` carries Gwet's
/// unconditional SE (the linearised variance of ``ChanceCorrectedAgreement``;
/// 0.0542 on Fleiss' diagnoses, 0.08119291 on `distrib.6raters`) and its
/// interval. ``z`` uses the SE under H₀: κ = 0 of Fleiss, Nee & Landis (1979),
/// as R `irr::kappam.fleiss` (z = 17.65 on the diagnoses, SE₀ 0.0244):
///
///     Var₀ = 2 / (N m (m − 1) (Σ p_k q_k)²) · ((Σ p_k q_k)² − Σ p_k q_k (q_k − p_k))
///
/// which, like the per-category kappas κ_k = 1 − Σ_u r_uk (m − r_uk) / (N m (m − 1) p_k q_k),
/// needs the same m on every unit; otherwise they are `nil`.
///
/// **Range and interval.** With the same m ratings on every unit and identity,
/// linear or quadratic weights kappa lies in [−1/(m − 1), 1]; with missing ratings
/// it has no lower limit and goes below −1 (``CoefficientRange``). The interval is
/// clipped to that range, never past kappa; irrCAC clips only at 1.
///
/// **Edge cases.** Every rating in one category: p_e = 1, kappa undefined
/// (`no-variation`; statsmodels and R irr give NaN). No unit with two ratings:
/// undefined (`no-pairable-values`). A category nobody used has an undefined
/// per-category kappa (p_k q_k = 0).
///
/// Checked against R irr (0.4302445, z 17.65183, per-category
/// 0.245/0.245/0.520/0.471/0.566 on Fleiss' diagnoses), statsmodels (the
/// Wikipedia 14-rater example 0.210; Randolph's calculator −0.166667) and irrCAC.
public struct FleissKappa: Sendable, Hashable, Codable {
    /// Kappa with n = rated units, Gwet's unconditional SE and interval; undefined with a reason.
    public let coefficient: Estimate
    /// p_a.
    public let observedAgreement: Double?
    /// p_e.
    public let chanceAgreement: Double?
    /// The SE under H₀ (Fleiss, Nee & Landis 1979), only for ``z``; `nil` unless every unit has the same m ≥ 2.
    public let nullStandardError: Double?
    /// κ / SE₀.
    public let z: Double?
    /// The two-sided normal p-value of ``z``.
    public let pValue: Double?
    /// Kappa for each category against all others, in scale order; empty unless every unit has the same m ≥ 2.
    public let perCategory: [Estimate]

    /// Fleiss' kappa from per-unit category counts.
    public init(
        _ counts: UnitCategoryCounts, weights: AgreementWeights = .unweighted, level: Double = 0.95, quantile: ConfidenceInterval.Quantile = .normal
    ) {
        let k = counts.k
        let range = CoefficientRange.fleissKappa(weights, ratingsPerUnit: counts.commonRatingCount)
        let core = ChanceCorrectedAgreement(
            counts, weights: weights.matrix(on: counts.scale), level: level, quantile: quantile, range: range,
            name: "Fleiss' kappa"
        ) { shares, w in
            var pe = 0.0
            var perCategory = [Double](repeating: 0, count: k)
            for c in 0..<k {
                for l in 0..<k {
                    pe += w[c, l] * shares[c] * shares[l]
                    perCategory[c] += (w[c, l] + w[l, c]) / 2 * shares[l]
                }
            }
            return (pe, perCategory)
        }
        coefficient = core.coefficient
        observedAgreement = core.observed
        chanceAgreement = core.chance

        guard let m = counts.commonRatingCount, m >= 2 else {
            (nullStandardError, z, pValue, perCategory) = (nil, nil, nil, [])
            return
        }
        let units = Double(counts.unitCount)
        var p = [Double](repeating: 0, count: k)
        for u in 0..<counts.unitCount { for c in 0..<k { p[c] += counts[unit: u, category: c] } }
        for c in 0..<k { p[c] /= units * m }
        var spread = 0.0
        var skew = 0.0
        for c in 0..<k {
            spread += p[c] * (1 - p[c])
            skew += p[c] * (1 - p[c]) * (1 - 2 * p[c])
        }
        if spread > 0, let value = coefficient.value {
            let variance = 2 / (spread * spread * units * m * (m - 1)) * (spread * spread - skew)
            let se0 = variance.squareRoot()
            nullStandardError = se0
            z = value / se0
            pValue = NormalDistribution.twoSidedPValue(value / se0)
        } else {
            (nullStandardError, z, pValue) = (nil, nil, nil)
        }
        perCategory = (0..<k).map { c in
            let pq = p[c] * (1 - p[c])
            guard pq > 0 else {
                return Estimate(
                    undefined: .noVariation("category \(counts.scale.labels[c]) was used by every rating or by none"), n: counts.unitCount)
            }
            var disagreement = 0.0
            for u in 0..<counts.unitCount {
                let r = counts[unit: u, category: c]
                disagreement += r * (m - r)
            }
            return Estimate(value: 1 - disagreement / (units * m * (m - 1) * pq), n: counts.unitCount)
        }
    }

    /// Conger's (1980) "exact" kappa (R `irr::kappam.fleiss(exact = TRUE)`), which
    /// removes from Fleiss' p_e the spread between raters' own category shares p_kr:
    /// p_e = Σ_k p_k² − Σ_k s_k² / (m − 1), s_k² the variance (divisor m) of p_k1…p_km
    /// across the m raters.
    ///
    /// It needs rater identities, so it takes a units × raters layout with every rating
    /// present. 0.4418085 on Fleiss' diagnoses (R irr). Undefined when p_e = 1 or with
    /// fewer than two raters or units.
    ///
    /// - Throws: ``RatingError`` for a missing or off-scale rating, naming unit and rater.
    public static func congerExact(unitsByRaters: [[Double?]], scale: CategoryScale) throws -> Estimate {
        let k = scale.count
        let units = unitsByRaters.count
        let m = unitsByRaters.first?.count ?? 0
        guard units >= 1, m >= 2 else {
            return Estimate(undefined: .tooFew("Conger's kappa needs at least one unit and two raters"), n: units)
        }
        var raterShares = [Double](repeating: 0, count: k * m)  // p_kr
        var unitCounts = [Double](repeating: 0, count: units * k)
        for (u, row) in unitsByRaters.enumerated() {
            guard row.count == m else {
                throw RatingError(
                    message:
                        "unit \(u + 1) has \(row.count) ratings where the first has \(m); Conger's kappa needs every rater on every unit",
                    position: u)
            }
            for (r, rating) in row.enumerated() {
                guard let rating else {
                    throw RatingError(
                        message: "rater \(r + 1) has no rating for unit \(u + 1); Conger's kappa needs every rater on every unit",
                        position: u)
                }
                guard let c = scale.index(of: rating) else {
                    throw RatingError(
                        message: "rating \(rating.plainText) of rater \(r + 1) on unit \(u + 1) is not on the scale \(scale)",
                        position: u)
                }
                raterShares[c * m + r] += 1 / Double(units)
                unitCounts[u * k + c] += 1
            }
        }
        let md = Double(m)
        var pa = 0.0
        for u in 0..<units {
            for c in 0..<k { pa += unitCounts[u * k + c] * (unitCounts[u * k + c] - 1) }
        }
        pa /= Double(units) * md * (md - 1)
        var pe = 0.0
        for c in 0..<k {
            let shares = raterShares[(c * m)..<(c * m + m)]
            let mean = shares.reduce(0, +) / md
            let variance = shares.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / md
            pe += mean * mean - variance / (md - 1)
        }
        guard !ChanceCorrectedAgreement.isChanceCertain(pe) else {
            return Estimate(
                undefined: .noVariation("every rating is in one category, so chance agreement p_e = 1 and kappa is 0/0"), n: units)
        }
        return Estimate(value: (pa - pe) / (1 - pe), n: units)
    }
}
