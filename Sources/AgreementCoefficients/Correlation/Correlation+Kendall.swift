import StatisticsCore

extension Correlation {
    /// The sizes of the groups of tied values on one side, summarised as the
    /// sums Kendall's coefficients and their variance need.
    struct TieGroups {
        /// Σ t(t − 1)/2: pairs tied on this side.
        var tiedPairs = 0
        /// Σ t(t − 1)(2t + 5), for the variance of S.
        var v0 = 0.0
        /// Σ t(t − 1).
        var v1 = 0.0
        /// Σ t(t − 1)(t − 2).
        var v2 = 0.0
        /// The number of distinct values (groups of any size, including 1).
        var distinct = 0

        mutating func add(groupOf t: Int) {
            guard t > 0 else { return }
            distinct += 1
            tiedPairs += t * (t - 1) / 2
            let t = Double(t)
            v0 += t * (t - 1) * (2 * t + 5)
            v1 += t * (t - 1)
            v2 += t * (t - 1) * (t - 2)
        }
    }

    /// Kendall's τ-b or τ-c on validated vectors by Knight's (1966) algorithm:
    /// sort the pairs by (x, y), count the pairs tied in x and in both; merge-sort
    /// the y values in that order counting exchanges (the discordant pairs); count
    /// the pairs tied in y.
    ///
    /// Then S = n₀ − n₁ − n₂ + n₃ − 2·exchanges. O(N log N), for the merge sort;
    /// the (x, y) order comes from two stable radix sorts (by y, then by x), O(N).
    static func kendallValidated(_ x: [Double], _ y: [Double], variant: Method) -> Correlation {
        let n = x.count
        guard n >= 2 else { return undefined(variant, n: n, constantSide: nil) }
        let pairs = RadixSort.order(of: x, from: RadixSort.order(of: y)).map { (x[$0], y[$0]) }
        var xTies = TieGroups()
        var jointTiedPairs = 0
        var start = 0
        while start < n {
            var end = start + 1
            while end < n && pairs[end].0 == pairs[start].0 { end += 1 }
            xTies.add(groupOf: end - start)
            // Within an x group, y is sorted: count runs of equal y.
            var runStart = start
            while runStart < end {
                var runEnd = runStart + 1
                while runEnd < end && pairs[runEnd].1 == pairs[runStart].1 { runEnd += 1 }
                let t = runEnd - runStart
                jointTiedPairs += t * (t - 1) / 2
                runStart = runEnd
            }
            start = end
        }
        var ys = pairs.map(\.1)
        let exchanges = mergeSortCountingExchanges(&ys)
        var yTies = TieGroups()
        start = 0
        while start < n {
            var end = start + 1
            while end < n && ys[end] == ys[start] { end += 1 }
            yTies.add(groupOf: end - start)
            start = end
        }
        let n0 = n * (n - 1) / 2
        let s = n0 - xTies.tiedPairs - yTies.tiedPairs + jointTiedPairs - 2 * exchanges
        return fromPairCounts(variant, n: n, s: s, xTies: xTies, yTies: yTies)
    }

    /// Sorts `values` ascending (stably) and returns the number of exchanges a
    /// bubble sort would make: the pairs i < j with values[i] > values[j].
    ///
    /// Bottom-up merge sort between `values` and one scratch buffer.
    static func mergeSortCountingExchanges(_ values: inout [Double]) -> Int {
        let n = values.count
        guard n > 1 else { return 0 }
        var exchanges = 0
        var scratch = values
        values.withUnsafeMutableBufferPointer { original in
            scratch.withUnsafeMutableBufferPointer { other in
                var source = original
                var target = other
                var width = 1
                while width < n {
                    var lo = 0
                    while lo < n {
                        let mid = min(lo + width, n)
                        let hi = min(lo + 2 * width, n)
                        var i = lo
                        var j = mid
                        var k = lo
                        while i < mid && j < hi {
                            // Without branches: which side wins is a coin toss on random data.
                            let left = source[i]
                            let right = source[j]
                            let takeRight = right < left
                            target[k] = takeRight ? right : left
                            exchanges += takeRight ? mid - i : 0
                            j += takeRight ? 1 : 0
                            i += takeRight ? 0 : 1
                            k += 1
                        }
                        while i < mid {
                            target[k] = source[i]
                            i += 1
                            k += 1
                        }
                        while j < hi {
                            target[k] = source[j]
                            j += 1
                            k += 1
                        }
                        lo = hi
                    }
                    swap(&source, &target)
                    width *= 2
                }
                if source.baseAddress != original.baseAddress {
                    _ = original.update(fromContentsOf: source)
                }
            }
        }
        return exchanges
    }

    /// τ-b or τ-c from S = concordant − discordant pairs and the tie groups of
    /// each side; shared by the vector and table forms.
    ///
    /// - τ-b = S / √((n₀ − n₁)(n₀ − n₂)), n₀ = n(n − 1)/2, n₁ and n₂ the pairs
    ///   tied in x and in y; undefined when either side is constant.
    /// - τ-c = 2mS / (n²(m − 1)), m = min(distinct x values, distinct y values),
    ///   counted over the values observed (scipy's convention); undefined when m = 1.
    /// - p-value: z = S/√Var(S) with the tie-corrected variance
    ///   Var(S) = (v₀ − v₀ₓ − v₀ᵧ)/18 + v₁ₓv₁ᵧ/(2n(n − 1)) + v₂ₓv₂ᵧ/(9n(n − 1)(n − 2)),
    ///   two-sided normal (scipy's asymptotic method, also used for τ-c). The exact
    ///   small-sample distribution is not computed.
    static func fromPairCounts(_ variant: Method, n: Int, s: Int, xTies: TieGroups, yTies: TieGroups) -> Correlation {
        guard n >= 2 else { return undefined(variant, n: n, constantSide: nil) }
        guard xTies.distinct > 1 else { return undefined(variant, n: n, constantSide: 1) }
        guard yTies.distinct > 1 else { return undefined(variant, n: n, constantSide: 2) }
        let n0 = Double(n * (n - 1) / 2)
        let value: Double
        if variant == .kendallTauC {
            let m = Double(min(xTies.distinct, yTies.distinct))
            value = 2 * m * Double(s) / (Double(n) * Double(n) * (m - 1))
        } else {
            let denominator = ((n0 - Double(xTies.tiedPairs)) * (n0 - Double(yTies.tiedPairs))).squareRoot()
            value = Double(s) / denominator
        }
        let nd = Double(n)
        let m = nd * (nd - 1)
        var variance = (m * (2 * nd + 5) - xTies.v0 - yTies.v0) / 18 + xTies.v1 * yTies.v1 / (2 * m)
        if n > 2 { variance += xTies.v2 * yTies.v2 / (9 * m * (nd - 2)) }
        let pValue: Double? = variance > 0 ? 2 * NormalDistribution.survival(abs(Double(s)) / variance.squareRoot()) : nil
        return Correlation(method: variant, estimate: Estimate(value: min(1, max(-1, value)), n: n), pValue: pValue)
    }
}
