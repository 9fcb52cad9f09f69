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
        guard let m = accurateMean(values) else {
            return Estimate(undefined: .noData("the mean of no values is undefined"), n: 0)
        }
        return Estimate(value: m, n: values.count)
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
        let n = values.count
        let d = divisor == .sample ? 1 : 0
        guard n > 0 else {
            return Estimate(undefined: .noData("the variance of no values is undefined"), n: 0)
        }
        guard n > d else {
            return Estimate(undefined: .tooFew("the sample variance needs at least 2 values (divisor n − 1 = 0)"), n: n)
        }
        guard let m = accurateMean(values) else {
            return Estimate(undefined: .noData(), n: 0)
        }
        var squares = CompensatedSum()
        var deviations = CompensatedSum()
        for x in values {
            let e = x - m
            squares.add(e * e)
            deviations.add(e)
        }
        let dev = deviations.value
        let ss = max(0, squares.value - dev * dev / Double(n))
        return Estimate(value: ss / Double(n - d), n: n)
    }

    /// The standard deviation, the square root of ``variance(_:divisor:)``, with
    /// the same divisor and the same undefined cases.
    public static func standardDeviation(_ values: [Double], divisor: Divisor = .sample) -> Estimate {
        var v = variance(values, divisor: divisor)
        if let value = v.value { v.value = value.squareRoot() }
        return v
    }

    /// The mean difference (bias) between two raters over the pairs both rated:
    /// mean(a − b), with the sample standard deviation of the differences as its
    /// spread and the standard error s/√n.
    ///
    /// - Precondition: `a` and `b` have the same length; pairs with a `nil` on
    ///   either side are left out (listwise deletion), and `n` counts the rest.
    public static func meanDifference(_ a: [Double?], _ b: [Double?]) -> Estimate {
        precondition(a.count == b.count, "meanDifference needs paired vectors of equal length")
        var differences: [Double] = []
        differences.reserveCapacity(a.count)
        for (x, y) in zip(a, b) {
            if let x, let y { differences.append(x - y) }
        }
        var result = mean(differences)
        if let sd = standardDeviation(differences).value {
            result.standardError = sd / Double(differences.count).squareRoot()
        }
        return result
    }

    /// The mean with a compensated sum and a refinement pass, or `nil` when empty.
    static func accurateMean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let n = Double(values.count)
        let first = CompensatedSum.of(values) / n
        var residual = CompensatedSum()
        for x in values { residual.add(x - first) }
        return first + residual.value / n
    }
}
