import Foundation
import LinearAlgebra

/// Ridge regression with an unpenalised intercept and the penalty chosen by leave-one-out error from a
/// grid, as scikit-learn's `RidgeCV(alphas, fit_intercept=True)` with its default efficient
/// leave-one-out (no `cv`, no scorer): the regression of CJE's two-stage calibrator (Landesberg 2025).
///
/// With weights w (all 1 when none), the columns of X and y are centred at their weighted means x̄, ȳ and
/// each row scaled by √wᵢ: X̃ = diag(√w)(X − 1x̄ᵀ), ỹ = diag(√w)(y − ȳ). For each α of the grid, from the
/// eigen-decomposition X̃ᵀX̃ = V Λ Vᵀ (scikit-learn's "cov" route; the "gram" one it takes when rows ≤
/// columns is the same algebra) and H = V (Λ + αI)⁻¹ Vᵀ:
///
/// - β = H X̃ᵀ ỹ, the coefficients;
/// - the leave-one-out residual eᵢ = (ỹᵢ − (X̃β)ᵢ) / (1 − (X̃HX̃ᵀ)ᵢᵢ − (√wᵢ − (X̃HX̃ᵀ√w)ᵢ)√wᵢ / Σw): the
///   hat matrix of the ridge plus the intercept's column √w/‖√w‖, so eᵢ/√wᵢ is exactly yᵢ less the fit
///   without row i (Golub, Heath & Wahba 1979; Hastie, Tibshirani & Friedman 2009, §7.10);
/// - the score −Σ eᵢ² / n.
///
/// The α of the highest score is kept: the first of the grid, replaced only by a strictly higher score (so
/// the first on a tie, as scikit-learn); the intercept is ȳ − x̄ᵀβ. Checked against scikit-learn 1.9.1 inside
/// the two-stage map (`TwoStageMapReferenceTests`).
public struct RidgeRegression: Sendable, Hashable, Codable {
    /// The penalty chosen, the coefficients of the columns, the intercept.
    public let alpha: Double
    public let coefficients: [Double]
    public let intercept: Double

    /// CJE's grid: 13 penalties spaced evenly in log from 10⁻³ to 10³ (NumPy's `logspace(-3, 3, 13)`).
    public static let standardAlphas: [Double] = BSplineBasis.linspace(-3, 3, count: 13).map { pow(10, $0) }

    /// Why a fit cannot be made.
    public enum Failure: Error, Sendable, Hashable {
        /// Fewer than 2 rows, rows of different lengths, weights not one per row, or an empty grid.
        case shape
        /// A value or weight that is not finite, a weight that is not positive, or a penalty not above 0.
        case notFinite
        /// The eigen-decomposition did not converge.
        case decomposition
    }

    /// The fit of `y` on the rows of `x` (each a row of the same number of columns), weighted by `weights`
    /// (all 1 when `nil`), α chosen from `alphas`.
    ///
    /// - Throws: ``Failure``.
    public init(x: [[Double]], y: [Double], weights: [Double]? = nil, alphas: [Double] = standardAlphas) throws(Failure) {
        let n = x.count, p = x.first?.count ?? 0
        guard n >= 2, y.count == n, x.allSatisfy({ $0.count == p }), weights.map({ $0.count == n }) ?? true, !alphas.isEmpty else {
            throw .shape
        }
        guard x.allSatisfy({ $0.allSatisfy(\.isFinite) }), y.allSatisfy(\.isFinite), alphas.allSatisfy({ $0 > 0 && $0.isFinite }),
            (weights ?? []).allSatisfy({ $0 > 0 && $0.isFinite })
        else { throw .notFinite }
        let w = weights ?? Array(repeating: 1, count: n)
        let total = w.reduce(0, +)
        let xMean = (0..<p).map { j in (0..<n).reduce(0) { $0 + w[$1] * x[$1][j] } / total }
        let yMean = (0..<n).reduce(0) { $0 + w[$1] * y[$1] } / total
        let root = w.map { $0.squareRoot() }
        let xs = (0..<n).map { i in (0..<p).map { j in (x[i][j] - xMean[j]) * root[i] } }
        let ys = (0..<n).map { i in (y[i] - yMean) * root[i] }
        var covariance = [Double](repeating: 0, count: p * p)
        for row in xs {
            for a in 0..<p where row[a] != 0 {
                for b in 0..<p { covariance[a * p + b] += row[a] * row[b] }
            }
        }
        guard p > 0 else {
            self.init(alpha: alphas[0], coefficients: [], intercept: yMean)
            return
        }
        guard let (values, vectors) = LAPACK.symmetricEigen(covariance, dimension: p) else { throw .decomposition }
        let xty = (0..<p).map { j in (0..<n).reduce(0) { $0 + xs[$1][j] * ys[$1] } }
        let xtRoot = (0..<p).map { j in (0..<n).reduce(0) { $0 + xs[$1][j] * root[$1] } }
        // Rows in the eigenbasis: X̃V, and Vᵀ of the two right-hand sides.
        let xv = xs.map { row in vectors.map { v in zip(row, v).reduce(0) { $0 + $1.0 * $1.1 } } }
        let vty = vectors.map { v in zip(v, xty).reduce(0) { $0 + $1.0 * $1.1 } }
        let vtRoot = vectors.map { v in zip(v, xtRoot).reduce(0) { $0 + $1.0 * $1.1 } }
        var best: (score: Double, alpha: Double, coefficients: [Double])?
        for alpha in alphas {
            let d = values.map { 1 / ($0 + alpha) }
            var squares = 0.0
            for i in 0..<n {
                var fitted = 0.0, leverage = 0.0, rootFitted = 0.0
                for j in 0..<p {
                    fitted += xv[i][j] * d[j] * vty[j]
                    leverage += xv[i][j] * xv[i][j] * d[j]
                    rootFitted += xv[i][j] * d[j] * vtRoot[j]
                }
                let denominator = 1 - leverage - (root[i] - rootFitted) * root[i] / total
                let e = (ys[i] - fitted) / denominator
                squares += e * e
            }
            let score = -squares / Double(n)
            if let kept = best, !(score > kept.score) { continue }
            let beta = (0..<p).map { a in (0..<p).reduce(0) { $0 + vectors[$1][a] * d[$1] * vty[$1] } }
            best = (score, alpha, beta)
        }
        guard let best else { throw .shape }
        let intercept = yMean - zip(xMean, best.coefficients).reduce(0) { $0 + $1.0 * $1.1 }
        self.init(alpha: best.alpha, coefficients: best.coefficients, intercept: intercept)
    }

    /// A fit from its parts, as a file holds them.
    public init(alpha: Double, coefficients: [Double], intercept: Double) {
        self.alpha = alpha
        self.coefficients = coefficients
        self.intercept = intercept
    }

    /// The fit at a row of features: Σⱼ βⱼ xⱼ accumulated column by column from 0, then the intercept
    /// added — the order CJE's `_predict_spline_ridge` fixes so that equal rows give equal values.
    public func predict(_ features: [Double]) -> Double {
        var value = 0.0
        for (x, beta) in zip(features, coefficients) { value += x * beta }
        return value + intercept
    }
}
