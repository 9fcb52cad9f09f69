public import StatisticsCore

/// Krippendorff's alpha reliability coefficient for any number of raters,
/// missing values and four levels of measurement, in the coincidence-matrix form
/// (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability").
///
/// From the ``CoincidenceMatrix`` o_ck with margins n_c and n = Σ n_c pairable
/// values, and a difference function δ²_ck (``Metric``):
///
///     D_o = Σ_ck o_ck δ²_ck / n,   D_e = Σ_ck n_c n_k δ²_ck / (n (n − 1)),   α = 1 − D_o / D_e
///
/// **Edge cases.** Units with fewer than two values are dropped (reported in
/// ``unitsDropped``). With no pairable unit alpha is undefined
/// (`no-pairable-values`; Python `krippendorff` raises). When every pairable
/// value falls in one category, D_e = 0 and alpha is undefined (`no-variation`),
/// where R `irr::kripp.alpha` returns 1. Declaring scale points nobody used
/// changes nothing: they have n_c = 0.
///
/// Checked against Krippendorff (2011) example C (nominal 0.743, ordinal 0.815,
/// ratio 0.797, with missing values), Krippendorff (1980) interval 0.547 and
/// ratio 0.483, Hayes & Krippendorff (2007) ordinal 0.7598, and the full
/// precision of Python `krippendorff` and R irr; on real data, JUDGE-BENCH's
/// Newsroom and Recipes human alphas and HANNA's crowd alphas (ordinal).
public struct KrippendorffAlpha: Sendable, Hashable, Codable {
    /// The difference function δ²_ck between categories c and k, with values v.
    public enum Metric: Sendable, Hashable, Codable {
        /// δ² = 0 when c = k, else 1.
        case nominal
        /// Krippendorff's rank metric: δ²_ck = (Σ_{g from c to k} n_g − (n_c + n_k)/2)²,
        /// which depends on how many pairable values fall in and between the two
        /// categories, not on their numeric values. (Gwet's irrCAC "ordinal"
        /// weights differ: 0.834 against 0.815 on Krippendorff's example.)
        case ordinal
        /// δ² = (v_c − v_k)².
        case interval
        /// δ² = ((v_c − v_k)/(v_c + v_k))², and 0 when both values are 0.
        case ratio
        /// δ² = 1 − w_ck from agreement weights: Gwet's weighted form of alpha
        /// (R irrCAC `krippen.alpha.raw(weights:)`). Quadratic weights give the
        /// interval metric up to a constant factor, so the same alpha; irrCAC's
        /// "ordinal" weights give 0.8336 on Krippendorff's example C.
        case weighted(AgreementWeights)
    }

    /// Alpha with n = the number of pairable values; undefined with a reason.
    public let alpha: Estimate
    /// The metric used.
    public let metric: Metric
    /// D_o, the observed disagreement; `nil` with no pairable values.
    public let observedDisagreement: Double?
    /// D_e, the disagreement expected by chance; `nil` with no pairable values.
    public let expectedDisagreement: Double?
    /// Units with two or more values.
    public let unitsPaired: Int
    /// Units dropped for carrying fewer than two values.
    public let unitsDropped: Int

    /// Alpha from a coincidence matrix.
    public init(_ coincidences: CoincidenceMatrix, metric: Metric) {
        self.metric = metric
        self.unitsPaired = coincidences.unitsPaired
        self.unitsDropped = coincidences.unitsDropped
        let d = coincidences.marginals.withUnsafeBufferPointer { margins in
            Self.disagreements(scale: coincidences.scale, metric: metric, margins: margins) { coincidences[$0, $1] }
        }
        guard let d else {
            alpha = Estimate(undefined: .noPairableValues("no unit has two or more values, so alpha is undefined"), n: 0)
            (observedDisagreement, expectedDisagreement) = (nil, nil)
            return
        }
        observedDisagreement = d.observed / d.n
        expectedDisagreement = d.expected / (d.n * (d.n - 1))
        let n = Int(d.n.rounded())
        if d.expected > 0 {
            alpha = Estimate(value: 1 - (d.n - 1) * d.observed / d.expected, n: n)
        } else {
            alpha = Estimate(
                undefined: .noVariation("every pairable value is in one category, so expected disagreement D_e = 0 and alpha is 0/0"), n: n)
        }
    }

    /// Alpha from multi-rater counts.
    public init(_ counts: UnitCategoryCounts, metric: Metric) {
        self.init(CoincidenceMatrix(counts), metric: metric)
    }

    /// Alpha from a units × raters layout (`nil` for a missing value).
    ///
    /// - Throws: ``RatingError`` for a value that is not on the scale.
    public init(unitsByRaters: [[Double?]], scale: CategoryScale, metric: Metric) throws {
        self.init(try UnitCategoryCounts(scale: scale, unitsByRaters: unitsByRaters), metric: metric)
    }

    /// Alpha for two raters from their contingency table, in O(k²).
    ///
    /// Pairs with a missing rating are not pairable; the table's excluded pairs
    /// are reported in ``unitsDropped``.
    public init(_ table: ContingencyTable, metric: Metric) {
        self.init(CoincidenceMatrix(table), metric: metric)
    }

    /// Alpha alone for two raters, O(k²) and allocation-free for the four metrics
    /// (``Metric/weighted(_:)`` builds its k×k weights on each call): for
    /// bootstrap resamples.
    ///
    /// `nil` where alpha is undefined.
    public static func value(of table: ContingencyTable, metric: Metric) -> Double? {
        let k = table.k
        let d: Sums? = withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { margins in
            for c in 0..<k {
                var sum = 0
                for j in 0..<k { sum += table[c, j] + table[j, c] }
                margins[c] = Double(sum)
            }
            return disagreements(scale: table.scale, metric: metric, margins: UnsafeBufferPointer(margins)) {
                Double(table[$0, $1] + table[$1, $0])
            }
        }
        guard let d, d.expected > 0 else { return nil }
        return 1 - (d.n - 1) * d.observed / d.expected
    }

    struct Sums {
        var observed: Double
        var expected: Double
        var n: Double
    }

    /// Σ o_ck δ²_ck, Σ n_c n_k δ²_ck and n; `nil` when there are no pairable values.
    static func disagreements(
        scale: CategoryScale, metric: Metric, margins: UnsafeBufferPointer<Double>, coincidence: (Int, Int) -> Double
    ) -> Sums? {
        let k = scale.count
        let values = scale.values
        let weights: WeightMatrix? = if case .weighted(let w) = metric { w.matrix(on: scale) } else { nil }
        var n = 0.0
        for c in 0..<k { n += margins[c] }
        guard n > 0 else { return nil }
        var observed = 0.0
        var expected = 0.0
        for c in 0..<k {
            var between = 0.0  // Σ n_g for g from c to d, for the ordinal metric
            for d in c..<k {
                between += margins[d]
                let delta: Double
                switch metric {
                case .nominal: delta = c == d ? 0 : 1
                case .ordinal:
                    let r = between - (margins[c] + margins[d]) / 2
                    delta = r * r
                case .interval:
                    let r = values[c] - values[d]
                    delta = r * r
                case .ratio:
                    let s = values[c] + values[d]
                    let r = s == 0 ? 0 : (values[c] - values[d]) / s
                    delta = r * r
                case .weighted:
                    delta = 1 - (weights?[c, d] ?? 0)
                }
                guard delta != 0, c != d else { continue }
                // δ² is symmetric, so each off-diagonal pair counts twice.
                observed += delta * (coincidence(c, d) + coincidence(d, c))
                expected += 2 * delta * margins[c] * margins[d]
            }
        }
        return Sums(observed: observed, expected: expected, n: n)
    }
}
