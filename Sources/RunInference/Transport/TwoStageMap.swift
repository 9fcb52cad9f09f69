public import AgreementCoefficients

/// CJE's two-stage judge-to-expert map (its `FlexibleCalibrator` in `two_stage` mode, Landesberg 2025):
/// a smooth index of the judge's score and named covariates, put on its rank scale, then an isotonic map
/// of the experts' value on that rank. It lets the map use what the score alone misses — a judge that
/// rewards length the experts do not, a judge that is not monotone in quality at the top.
///
/// **Fit**, on rows (sᵢ, xᵢ, yᵢ, wᵢ) — judge score, covariates, experts' value, weight — n of them:
/// 1. the index g(s, x) = β₀ + Σ βⱼ φⱼ(s, x): φ the cubic B-spline features of the score and of each
///    covariate (``BSplineBasis``, knots = min(max(5, knots asked), ⌊n/4⌋) base knots spanning each
///    variable's training range), β by ridge with α chosen by leave-one-out from 10⁻³ … 10³
///    (``RidgeRegression``), weighted by w;
/// 2. F, the weighted mid-rank ECDF of g over the training rows (``MidRankECDF``);
/// 3. the isotonic regression of y on F(g(sᵢ, xᵢ)), weighted, clipped into the bounds
///    (``AgreementCoefficients/IsotonicRegression``).
///
/// **Predict** at (s, x): isotonic(F(g(s, x))), each variable held inside its training range first.
///
/// **Few rows.** Below ``minimumRows`` (20) training rows CJE fits no index: F is the ECDF of the judge's
/// score itself and the isotonic map is fitted on its ranks (``index`` is `nil`), and any covariates are
/// not used. (A full map on fewer than 20 rows is CJE's plain isotonic map of the score: ``CrossFittedMap``
/// decides that.)
///
/// Checked against scikit-learn's pipeline and cje-eval 0.9.3 (`TwoStageMapReferenceTests`).
public struct TwoStageMap: Sendable, Hashable, Codable {
    /// The smooth index: one basis per variable (the score first, then the covariates in order) and the ridge on their features.
    public struct Index: Sendable, Hashable, Codable {
        public let bases: [BSplineBasis]
        public let ridge: RidgeRegression

        /// g at a row of variables (score, then covariates), the variables matched to the bases in order.
        public func value(_ variables: [Double]) -> Double {
            ridge.predict(zip(bases, variables).flatMap { $0.features($1) })
        }
    }

    /// Why a two-stage map cannot be fitted, or read at a point.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// A row, or a point asked for, has another number of covariates than the map.
        case covariates(expected: Int, given: Int)
        /// A weight that is not positive and finite (the mid-ranks need positive weights).
        case weights
        /// A value that is not finite, or a ridge fit that failed.
        case ridge(RidgeRegression.Failure)
        case isotonic(IsotonicRegression.Failure)

        public var description: String {
            switch self {
            case .covariates(let expected, let given): "\(given) covariates where the map has \(expected)"
            case .weights: "a row's weight is not a positive number"
            case .ridge(.notFinite): "a score, covariate or expert value is not a finite number"
            case .ridge: "the smooth fit of score and covariates failed"
            case .isotonic(let failure): failure.description
            }
        }
    }

    /// The fewest training rows CJE fits the index on (its `TWO_STAGE_MIN_ROWS`).
    public static let minimumRows = 20
    /// The knots asked when none are given (CJE's `n_splines`), and the fewest it uses whatever is asked.
    public static let standardKnots = 8
    public static let fewestKnots = 5

    /// The smooth index, or `nil` when the map ranks the judge's score itself (fewer than ``minimumRows`` rows).
    public let index: Index?
    /// The names' count the map reads besides the score.
    public let covariateCount: Int
    /// The mid-ranks of the index over the training rows.
    public let ecdf: MidRankECDF
    /// The isotonic map from rank to the experts' value.
    public let isotonic: IsotonicRegression

    /// The base knots used for `rows` training rows when `asked` are asked: min(max(5, asked), ⌊rows/4⌋).
    public static func knots(rows: Int, asked: Int) -> Int { min(max(fewestKnots, asked), rows / 4) }

    /// Fits the map on `scores`, each row's `covariates` (as many for every row), `targets` and `weights`
    /// (all 1 when `nil`), with `knots` asked, the values clipped into `bounds`.
    ///
    /// - Throws: ``Failure``.
    public init(
        scores: [Double], covariates: [[Double]], targets: [Double], weights: [Double]? = nil, knots: Int = standardKnots,
        bounds: ClosedRange<Double>? = nil
    ) throws(Failure) {
        let width = covariates.first?.count ?? 0
        if let bad = covariates.first(where: { $0.count != width }) { throw .covariates(expected: width, given: bad.count) }
        guard covariates.count == scores.count else { throw .covariates(expected: width, given: 0) }
        if let weights, !weights.allSatisfy({ $0 > 0 && $0.isFinite }) { throw .weights }
        let n = scores.count
        let variables = zip(scores, covariates).map { [$0] + $1 }
        let index: Index?
        let positions: [Double]
        if n >= Self.minimumRows {
            let k = Self.knots(rows: n, asked: knots)
            var bases: [BSplineBasis] = []
            for j in 0...width {
                let column = variables.map { $0[j] }
                guard let lowest = column.min(), let highest = column.max(), column.allSatisfy(\.isFinite),
                    let basis = BSplineBasis(lowest: lowest, highest: highest, knots: k)
                else { throw .ridge(.notFinite) }
                bases.append(basis)
            }
            let vectors = bases.map(\.knotVector)
            let features = variables.map { row in zip(bases.indices, row).flatMap { bases[$0].features($1, knotVector: vectors[$0]) } }
            let ridge: RidgeRegression
            do {
                ridge = try RidgeRegression(x: features, y: targets, weights: weights)
            } catch {
                throw .ridge(error)
            }
            index = Index(bases: bases, ridge: ridge)
            positions = features.map(ridge.predict)
        } else {
            index = nil
            positions = scores
        }
        guard let ecdf = MidRankECDF(positions, weights: weights) else { throw .ridge(.notFinite) }
        do {
            isotonic = try IsotonicRegression(x: positions.map(ecdf.rank), y: targets, weights: weights, bounds: bounds)
        } catch {
            throw .isotonic(error)
        }
        self.index = index
        self.covariateCount = width
        self.ecdf = ecdf
    }

    /// The index g(s, x) of a judge's `score` with its `covariates`: the score itself when the map has no smooth index.
    ///
    /// - Throws: ``Failure/covariates(expected:given:)`` when `covariates` are not as many as the map's.
    public func index(_ score: Double, covariates: [Double]) throws(Failure) -> Double {
        guard covariates.count == covariateCount else { throw .covariates(expected: covariateCount, given: covariates.count) }
        return index?.value([score] + covariates) ?? score
    }

    /// The calibrated value of a judge's `score` with its `covariates`: isotonic(F(g(s, x))).
    ///
    /// - Throws: ``Failure/covariates(expected:given:)`` when `covariates` are not as many as the map's.
    public func predict(_ score: Double, covariates: [Double]) throws(Failure) -> Double {
        isotonic.predict(ecdf.rank(try index(score, covariates: covariates)))
    }
}
