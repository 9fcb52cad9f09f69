extension Spread {
    /// The `p`-quantile (0 ≤ p ≤ 1) by linear interpolation between order statistics, Hyndman &
    /// Fan's type 7 (R's default, numpy's `linear`): with the sorted values x₍₁₎ ≤ … ≤ x₍ₙ₎ and
    /// h = (n − 1)·p, the value x₍⌊h⌋+1₎ + (h − ⌊h⌋)·(x₍⌊h⌋+2₎ − x₍⌊h⌋+1₎).
    ///
    /// Undefined for an empty sample. Reference: Hyndman, R. J. & Fan, Y. (1996), "Sample
    /// quantiles in statistical packages", *The American Statistician* 50(4), 361–365.
    public static func quantile(_ values: [Double], _ p: Double) -> Estimate {
        guard !values.isEmpty else {
            return Estimate(undefined: .noData("a quantile of no values is undefined"), n: 0)
        }
        return Estimate(value: quantile(sorted: values.sorted(), min(max(p, 0), 1)), n: values.count)
    }

    /// The type-7 `p`-quantile of values already sorted ascending (at least one).
    static func quantile(sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * p
        let low = Int(h.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
    }
}
