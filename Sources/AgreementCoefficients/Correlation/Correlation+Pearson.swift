import Foundation
import StatisticsCore

extension Correlation {
    /// Pearson's r on validated vectors: two passes (means, then centred
    /// cross-products with compensated sums).
    ///
    /// `method` is `.spearman` when the vectors are ranks. Each vector is first
    /// divided by the power of two at or below its largest magnitude (exact,
    /// and r does not change with scale), so that values beyond about 1e154,
    /// whose squares overflow, give r rather than NaN or "no variation".
    static func pearsonValidated(_ x: [Double], _ y: [Double], level: Double, method: Method = .pearson) -> Correlation {
        let n = x.count
        guard n >= 2, let sx = Spread.Scaled(x), let sy = Spread.Scaled(y) else {
            return undefined(method, n: n, constantSide: nil)
        }
        let (x, y) = (sx.values, sy.values)
        guard let mx = Spread.accurateMean(x), let my = Spread.accurateMean(y) else {
            return undefined(method, n: n, constantSide: nil)
        }
        var sxx = CompensatedSum()
        var syy = CompensatedSum()
        var sxy = CompensatedSum()
        for i in 0..<n {
            let dx = x[i] - mx
            let dy = y[i] - my
            sxx.add(dx * dx)
            syy.add(dy * dy)
            sxy.add(dx * dy)
        }
        return fromMoments(method, n: n, sxx: sxx.value, syy: syy.value, sxy: sxy.value, level: level)
    }

    /// r = Sxy / √(Sxx·Syy) from centred sums of squares and products, with its
    /// p-value and, for Pearson's r, the Fisher z interval.
    ///
    /// Shared by Pearson and Spearman (on ranks), on vectors and on tables.
    ///
    /// - n = 2: r = ±1 exactly (the sign of Sxy), p = 1, no interval.
    /// - p-value: t = r·√((n − 2)/(1 − r²)) on n − 2 degrees of freedom, two-sided;
    ///   1 when n = 2, 0 when |r| = 1 and n > 2.
    /// - Interval: tanh(atanh(r) ± z_{α/2}/√(n − 3)), defined for n > 3.
    static func fromMoments(_ method: Method, n: Int, sxx: Double, syy: Double, sxy: Double, level: Double) -> Correlation {
        guard n >= 2 else { return undefined(method, n: n, constantSide: nil) }
        guard sxx > 0 else { return undefined(method, n: n, constantSide: 1) }
        guard syy > 0 else { return undefined(method, n: n, constantSide: 2) }
        // Two distinct points lie on a line: r is exactly the sign of the slope,
        // which rounding in Sxy/√(Sxx·Syy) would otherwise leave at ±(1 − ε).
        let r = n == 2 ? (sxy > 0 ? 1 : -1) : min(1, max(-1, sxy / (sxx.squareRoot() * syy.squareRoot())))
        var estimate = Estimate(value: r, n: n)
        if method == .pearson, n > 3 {
            let z = atanh(r)
            let half = NormalDistribution.twoSidedCritical(level: level) / Double(n - 3).squareRoot()
            estimate.interval = ConfidenceInterval(lower: tanh(z - half), upper: tanh(z + half), level: level, method: .fisherZ)
        }
        return Correlation(method: method, estimate: estimate, pValue: tTestPValue(r, n: n))
    }

    /// The two-sided p-value of r under H₀: ρ = 0, by the t test on n − 2 df.
    private static func tTestPValue(_ r: Double, n: Int) -> Double {
        guard n > 2 else { return 1 }
        guard abs(r) < 1 else { return 0 }
        let df = Double(n - 2)
        let t = r * (df / ((1 - r) * (1 + r))).squareRoot()
        return StudentTDistribution.twoSidedPValue(t, degreesOfFreedom: df)
    }
}
