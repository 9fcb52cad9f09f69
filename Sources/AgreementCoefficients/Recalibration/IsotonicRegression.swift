/// The least-squares non-decreasing map from a judge's scores onto the experts' scores: the
/// fitted values ŷ minimise Σ wᵢ (yᵢ − ŷᵢ)² subject to ŷᵢ ≤ ŷⱼ whenever xᵢ < xⱼ, found by the
/// pool-adjacent-violators algorithm (Barlow, Bartholomew, Bremner & Brunk 1972; Best & Chakravarti
/// 1990), then clipped into the bounds when given. The map a judge's score is read through once the
/// experts' scale is known to be monotone in it, however far from straight (CJE's monotone calibrator,
/// Landesberg 2025).
///
/// **Fitting**, as scikit-learn's `IsotonicRegression(increasing=True)` fits (checked within 1e-12):
/// 1. rows of weight 0 are dropped; the rest are sorted by x, then y;
/// 2. rows whose x lies less than 10⁻¹⁵ (NumPy's `finfo(float64).resolution`) above the first x of
///    their run are one point at that x: its y the weighted mean, its weight the sum;
/// 3. adjacent violators are pooled left to right with backtracking, each pool's value
///    Σ w y / Σ w over its points;
/// 4. the values are clipped into `bounds`;
/// 5. of each run of equal values only its ends are kept (the map is the same).
///
/// **Predicting** at x: x is clipped into [x_min, x_max] of the fitted points, then read by linear
/// interpolation between the two kept points around it (the first point at or above x and the one
/// before it); a fit of one point is that constant.
public struct IsotonicRegression: Sendable, Hashable, Codable {
    /// The kept points' x, increasing, and their fitted values, non-decreasing.
    public let thresholds: [Double]
    public let values: [Double]

    /// Why a fit cannot be made.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// x, y (and the weights) are not of one length.
        case lengths(x: Int, y: Int, weights: Int?)
        /// A value is not a finite number, or a weight is negative; `index` from 1.
        case notFinite(what: String, index: Int)
        case negativeWeight(index: Int)
        /// No row with a positive weight.
        case noRows
        /// A bound is not finite.
        case bounds(lower: Double, upper: Double)

        public var description: String {
            switch self {
            case .lengths(let x, let y, let weights):
                "the scores and targets differ in length (\(x) and \(y)\(weights.map { ", weights \($0)" } ?? ""))"
            case .notFinite(let what, let index): "\(what) \(index) is not a finite number"
            case .negativeWeight(let index): "weight \(index) is negative"
            case .noRows: "no row with a positive weight to fit"
            case .bounds(let lower, let upper): "the bounds [\(lower), \(upper)] are not finite"
            }
        }
    }

    /// NumPy's `finfo(float64).resolution`: x values closer than this to the first of their run are one point.
    static let tieResolution = 1e-15

    /// Fits the map of `x` onto `y`, each row weighted by `weights` (all 1 when `nil`), the values
    /// clipped into `bounds` when given.
    ///
    /// - Throws: ``Failure`` for lengths that differ, a value that is not finite, a negative weight,
    ///   no row of positive weight, or a bound that is not finite.
    public init(x: [Double], y: [Double], weights: [Double]? = nil, bounds: ClosedRange<Double>? = nil) throws(Failure) {
        guard x.count == y.count, weights.map({ $0.count == x.count }) ?? true else {
            throw .lengths(x: x.count, y: y.count, weights: weights?.count)
        }
        if let bad = x.firstIndex(where: { !$0.isFinite }) { throw .notFinite(what: "score", index: bad + 1) }
        if let bad = y.firstIndex(where: { !$0.isFinite }) { throw .notFinite(what: "target", index: bad + 1) }
        if let weights {
            if let bad = weights.firstIndex(where: { !$0.isFinite }) { throw .notFinite(what: "weight", index: bad + 1) }
            if let bad = weights.firstIndex(where: { $0 < 0 }) { throw .negativeWeight(index: bad + 1) }
        }
        if let bounds, !(bounds.lowerBound.isFinite && bounds.upperBound.isFinite) {
            throw .bounds(lower: bounds.lowerBound, upper: bounds.upperBound)
        }
        let rows = x.indices.filter { (weights?[$0] ?? 1) > 0 }.sorted { (x[$0], y[$0], $0) < (x[$1], y[$1], $1) }
        guard !rows.isEmpty else { throw .noRows }

        // Ties in x become one point: the weighted mean of their y, the sum of their weights.
        var points: [Double] = [], means: [Double] = [], mass: [Double] = []
        var currentX = x[rows[0]], sumWY = 0.0, sumW = 0.0
        for row in rows {
            let w = weights?[row] ?? 1
            if x[row] - currentX >= Self.tieResolution {
                points.append(currentX)
                means.append(sumWY / sumW)
                mass.append(sumW)
                currentX = x[row]
                sumWY = 0
                sumW = 0
            }
            sumWY += y[row] * w
            sumW += w
        }
        points.append(currentX)
        means.append(sumWY / sumW)
        mass.append(sumW)

        var fitted = Self.poolAdjacentViolators(means, weights: mass)
        if let bounds { fitted = fitted.map { min(max($0, bounds.lowerBound), bounds.upperBound) } }
        // Keep the ends of each run of equal values: the interpolation is unchanged.
        let kept = fitted.indices.filter { i in
            i == 0 || i == fitted.count - 1 || fitted[i] != fitted[i - 1] || fitted[i] != fitted[i + 1]
        }
        thresholds = kept.map { points[$0] }
        values = kept.map { fitted[$0] }
    }

    /// The non-decreasing values closest to `y` in weighted least squares: blocks of adjacent
    /// violators pooled left to right, each new pool checked against the one before it (so one
    /// pass, O(n)). `end[i]` is the last index of the block starting at i, and `end[last]` its start.
    static func poolAdjacentViolators(_ y: [Double], weights: [Double]) -> [Double] {
        var y = y, w = weights
        let n = y.count
        var end = Array(0..<n)
        var i = 0
        while i < n {
            var k = end[i] + 1
            if k == n { break }
            if y[i] < y[k] {
                i = k
                continue
            }
            var sumWY = w[i] * y[i], sumW = w[i]
            while true {
                let previous = y[k]
                sumWY += w[k] * y[k]
                sumW += w[k]
                k = end[k] + 1
                if k == n || previous < y[k] {
                    y[i] = sumWY / sumW
                    w[i] = sumW
                    end[i] = k - 1
                    end[k - 1] = i
                    if i > 0 { i = end[i - 1] }
                    break
                }
            }
        }
        i = 0
        while i < n {
            let k = end[i] + 1
            for j in (i + 1)..<max(i + 1, k) { y[j] = y[i] }
            i = k
        }
        return y
    }

    /// The map at `x`: clipped into the fitted range, then interpolated linearly between the kept
    /// points around it.
    public func predict(_ x: Double) -> Double {
        guard thresholds.count > 1 else { return values[0] }
        let t = min(max(x, thresholds[0]), thresholds[thresholds.count - 1])
        // The first kept point at or above t, at least the second.
        var low = 0, high = thresholds.count
        while low < high {
            let middle = (low + high) / 2
            if thresholds[middle] < t { low = middle + 1 } else { high = middle }
        }
        let upper = min(max(low, 1), thresholds.count - 1), lower = upper - 1
        let slope = (values[upper] - values[lower]) / (thresholds[upper] - thresholds[lower])
        return slope * (t - thresholds[lower]) + values[lower]
    }
}
