import DataFormats

/// Location and spread of a univariate sample: mean, median, modes, extremes,
/// variance and standard deviation.
///
/// Conventions (checked against `agreement-vectors.json`, including the NIST
/// StRD univariate sets Michelson, Mavro and NumAcc1–4):
/// - Sums are compensated (``CompensatedSum``) and the variance is two-pass with
///   the correction term Σ(x−x̄) (Chan, Golub & LeVeque 1983), so that data with a
///   large offset, such as NumAcc4 (10⁷ + 0.1·k), keep their digits. The naive
///   Σx² − (Σx)²/n formula returns a negative variance there.
/// - The variance divisor is n − 1 by default (``Divisor/sample``), matching R,
///   pandas, NIST's certified values and the statistics literature; n on request
///   (``Divisor/population``), matching numpy's default.
/// - Every function returns an ``Estimate``; an empty sample, or a sample variance
///   of a single value, is undefined with a reason, never 0.
public enum Spread {
    /// The divisor of a variance.
    public enum Divisor: String, Sendable, Hashable, Codable, CaseIterable {
        /// n − 1: the unbiased sample variance (R `var`, pandas, Python `statistics.variance`).
        case sample
        /// n: the population variance (numpy's default, Python `statistics.pvariance`).
        case population
    }

    /// The arithmetic mean x̄ = Σx / n, with a compensated sum and one refinement
    /// pass (x̄ + Σ(x − x̄)/n).
    ///
    /// Undefined for an empty sample.
    public static func mean(_ values: [Double]) -> Estimate {
        guard !values.isEmpty else {
            return Estimate(undefined: .noData("the mean of no values is undefined"), n: 0)
        }
        guard let scaled = Scaled(values), let m = accurateMean(scaled.values) else {
            return Estimate(undefined: notFiniteInput, n: values.count)
        }
        return Estimate(value: m * scaled.factor, n: values.count)
    }

    /// The median: the middle value of the sorted sample, or the mean of the two
    /// middle values when n is even.
    ///
    /// Undefined for an empty sample.
    public static func median(_ values: [Double]) -> Estimate {
        guard !values.isEmpty else {
            return Estimate(undefined: .noData("the median of no values is undefined"), n: 0)
        }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        let value = sorted.count % 2 == 1 ? sorted[mid] : sorted[mid - 1] / 2 + sorted[mid] / 2
        return Estimate(value: value, n: values.count)
    }

    /// Every most frequent value, in ascending order (pandas' convention; Python's
    /// `statistics.mode` returns only the first encountered and scipy the smallest).
    ///
    /// Empty for an empty sample.
    public static func modes(_ values: [Double]) -> [Double] {
        var counts: [Double: Int] = [:]
        for x in values { counts[x, default: 0] += 1 }
        guard let top = counts.values.max() else { return [] }
        return counts.filter { $0.value == top }.map(\.key).sorted()
    }

    /// The mode as a single estimate: defined only when exactly one value is most
    /// frequent.
    ///
    /// With a tie the estimate is undefined and its reason lists the tied values;
    /// ``modes(_:)`` returns them all.
    public static func mode(_ values: [Double]) -> Estimate {
        let all = modes(values)
        switch all.count {
        case 0:
            return Estimate(undefined: .noData("the mode of no values is undefined"), n: 0)
        case 1:
            return Estimate(value: all[0], n: values.count)
        default:
            let list = all.map(\.plainText).joined(separator: ", ")
            return Estimate(
                undefined: UndefinedReason(code: "tied-modes", message: "\(all.count) values are equally most frequent: \(list)"),
                n: values.count
            )
        }
    }

    /// The smallest value.
    ///
    /// Undefined for an empty sample.
    public static func minimum(_ values: [Double]) -> Estimate {
        guard let m = values.min() else {
            return Estimate(undefined: .noData("the minimum of no values is undefined"), n: 0)
        }
        return Estimate(value: m, n: values.count)
    }

    /// The largest value.
    ///
    /// Undefined for an empty sample.
    public static func maximum(_ values: [Double]) -> Estimate {
        guard let m = values.max() else {
            return Estimate(undefined: .noData("the maximum of no values is undefined"), n: 0)
        }
        return Estimate(value: m, n: values.count)
    }

    /// The variance s² = Σ(x − x̄)² / (n − d), where d is 1 for ``Divisor/sample``
    /// and 0 for ``Divisor/population``, computed in two passes with the
    /// correction (Σ(x − x̄))²/n subtracted.
    ///
    /// Undefined for an empty sample, and for a sample variance of one value
    /// (n − 1 = 0); the population variance of one value is 0.
    public static func variance(_ values: [Double], divisor: Divisor = .sample) -> Estimate {
        switch scaledVariance(values, divisor: divisor) {
        case .undefined(let reason): return Estimate(undefined: reason, n: values.count)
        case .value(let v, let factor):
            let variance = v * factor * factor
            guard variance.isFinite else {
                let sd = (v.squareRoot() * factor).plainText
                return Estimate(
                    undefined: UndefinedReason(
                        code: "overflow",
                        message:
                            "the variance (\(sd)²) exceeds the largest representable number (about 1.8e308); the standard deviation, \(sd), is defined"
                    ),
                    n: values.count)
            }
            return Estimate(value: variance, n: values.count)
        }
    }

    /// The standard deviation, the square root of ``variance(_:divisor:)``, with
    /// the same divisor and the same undefined cases — except that it stays
    /// defined where only the variance overflows (|x| beyond about 1e154).
    public static func standardDeviation(_ values: [Double], divisor: Divisor = .sample) -> Estimate {
        switch scaledVariance(values, divisor: divisor) {
        case .undefined(let reason): return Estimate(undefined: reason, n: values.count)
        case .value(let v, let factor): return Estimate(value: v.squareRoot() * factor, n: values.count)
        }
    }

    /// The variance of `values` / 2^e and the factor 2^e, by the two-pass
    /// algorithm with the correction (Σ(x − x̄))²/n; or why it is undefined.
    ///
    /// Values are divided by the power of two 2^e at or below their largest
    /// magnitude (an exact division), so that no square or sum can overflow;
    /// for data that did not overflow before, every result is bit-for-bit what
    /// it was unscaled, since scaling by a power of two commutes with rounding.
    private static func scaledVariance(
        _ values: [Double], divisor: Divisor
    ) -> ScaledVariance {
        let n = values.count
        let d = divisor == .sample ? 1 : 0
        guard n > 0 else { return .undefined(.noData("the variance of no values is undefined")) }
        guard n > d else { return .undefined(.tooFew("the sample variance needs at least 2 values (divisor n − 1 = 0)")) }
        guard let scaled = Scaled(values), let m = accurateMean(scaled.values) else { return .undefined(notFiniteInput) }
        var squares = CompensatedSum()
        var deviations = CompensatedSum()
        for x in scaled.values {
            let e = x - m
            squares.add(e * e)
            deviations.add(e)
        }
        let dev = deviations.value
        let ss = max(0, squares.value - dev * dev / Double(n))
        return .value(ss / Double(n - d), factor: scaled.factor)
    }

    /// The mean difference (bias) between two raters over the pairs both rated:
    /// mean(a − b), with the sample standard deviation of the differences as its
    /// spread and the standard error s/√n.
    ///
    /// - Precondition: `a` and `b` have the same length; pairs with a `nil` on
    ///   either side are left out (listwise deletion), and `n` counts the rest.
    public static func meanDifference(_ a: [Double?], _ b: [Double?]) -> Estimate {
        precondition(a.count == b.count, "meanDifference needs paired vectors of equal length")
        var pairs: [(Double, Double)] = []
        pairs.reserveCapacity(a.count)
        for (x, y) in zip(a, b) {
            if let x, let y { pairs.append((x, y)) }
        }
        // Both sides divided by one power of two, so that x − y cannot overflow.
        guard let factor = Scaled.factor(pairs.flatMap { [$0.0, $0.1] }) else {
            return Estimate(undefined: notFiniteInput, n: pairs.count)
        }
        let differences = pairs.map { $0.0 / factor - $0.1 / factor }
        var result = mean(differences)
        result.value = result.value.map { $0 * factor }
        if let sd = standardDeviation(differences).value {
            result.standardError = sd / Double(differences.count).squareRoot() * factor
        }
        return result
    }

    /// A variance of scaled values with its scale factor, or why it is undefined.
    private enum ScaledVariance {
        case value(Double, factor: Double)
        case undefined(UndefinedReason)
    }

    /// Why a spread of values that include ∞ or NaN is undefined.
    static let notFiniteInput = UndefinedReason(
        code: "not-finite", message: "a value is not a finite number (infinite or NaN), so the figure is undefined")

    /// Values divided by the power of two at or below their largest magnitude.
    package struct Scaled {
        /// The values divided by ``factor``: each of magnitude below 2.
        package let values: [Double]
        /// 2^e, where e is the exponent of the largest magnitude (1 when all are 0).
        package let factor: Double

        /// `nil` when a value is not finite.
        package init?(_ values: [Double]) {
            guard let factor = Self.factor(values) else { return nil }
            self.factor = factor
            self.values = factor == 1 ? values : values.map { $0 / factor }
        }

        /// The power of two at or below the largest magnitude of `values`, or `nil`
        /// when one is not finite.
        package static func factor(_ values: [Double]) -> Double? {
            var largest = 0.0
            for x in values {
                guard x.isFinite else { return nil }
                largest = Swift.max(largest, abs(x))
            }
            guard largest > 0 else { return 1 }
            return Double(sign: .plus, exponent: largest.exponent, significand: 1)
        }
    }

    /// The mean with a compensated sum and a refinement pass, or `nil` when empty.
    package static func accurateMean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let n = Double(values.count)
        let first = CompensatedSum.of(values) / n
        var residual = CompensatedSum()
        for x in values { residual.add(x - first) }
        return first + residual.value / n
    }
}
