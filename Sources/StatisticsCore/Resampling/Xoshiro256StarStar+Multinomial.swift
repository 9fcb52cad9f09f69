import Foundation

extension Xoshiro256StarStar {
    /// A binomial variate: the number of successes in `trials` independent
    /// trials with success probability `p`, in O(1) expected time.
    ///
    /// For n·min(p, 1 − p) < 10 it inverts the distribution function from 0
    /// (Kachitvichyanukul & Schmeiser's BINV, expected O(np) steps); above, it
    /// uses Hörmann's (1993) transformed rejection with squeeze, BTRS, whose
    /// expected cost does not grow with n. Both are exact samplers.
    public mutating func binomial(trials n: Int, probability p: Double) -> Int {
        precondition(n >= 0, "the number of trials cannot be negative")
        if n == 0 || p <= 0 { return 0 }
        if p >= 1 { return n }
        if p > 0.5 { return n - binomial(trials: n, probability: 1 - p) }
        return Double(n) * p < 10 ? binomialByInversion(n, p) : binomialByRejection(n, p)
    }

    private mutating func binomialByInversion(_ n: Int, _ p: Double) -> Int {
        let q = 1 - p
        let s = p / q
        let a = Double(n + 1) * s
        let start = pow(q, Double(n))
        while true {
            var r = start
            var u = nextUniform()
            var x = 0
            while u > r {
                u -= r
                x += 1
                if x > n { break }
                r *= a / Double(x) - s
            }
            if x <= n { return x }
        }
    }

    private mutating func binomialByRejection(_ n: Int, _ p: Double) -> Int {
        let nd = Double(n)
        let spq = (nd * p * (1 - p)).squareRoot()
        let b = 1.15 + 2.53 * spq
        let a = -0.0873 + 0.0248 * b + 0.01 * p
        let c = nd * p + 0.5
        let acceptBelow = 0.92 - 4.2 / b
        let alpha = (2.83 + 5.1 / b) * spq
        let logOdds = log(p / (1 - p))
        let mode = ((nd + 1) * p).rounded(.down)
        let h = Self.logFactorial(mode) + Self.logFactorial(nd - mode)
        while true {
            let u = nextUniform() - 0.5
            var v = nextUniform()
            let us = 0.5 - abs(u)
            let k = ((2 * a / us + b) * u + c).rounded(.down)
            if k < 0 || k > nd { continue }
            if us >= 0.07 && v <= acceptBelow { return Int(k) }
            v = log(v * alpha / (a / (us * us) + b))
            let bound: Double = h - Self.logFactorial(k) - Self.logFactorial(nd - k) + (k - mode) * logOdds
            if v <= bound { return Int(k) }
        }
    }

    /// log k! for a whole number k ≥ 0, for the rejection test above, which
    /// needs four of them per draw: exact values (from `lgamma`) from a table
    /// below 256, and above it Stirling's series for ln Γ(k + 1) to the x⁻⁵
    /// term, whose truncation error there is below 1/(1680·257⁷) ≈ 1e-20, far
    /// under the result's rounding; so the sampler stays exact, at a fraction of
    /// the cost of `lgamma`, which took half of a table bootstrap's time.
    static func logFactorial(_ k: Double) -> Double {
        if k < 256 { return logFactorials[Int(k)] }
        let x = k + 1
        let r = 1 / x
        let r2 = r * r
        return (x - 0.5) * log(x) - x + 0.918_938_533_204_672_742 + r * (1.0 / 12 - r2 * (1.0 / 360 - r2 / 1260))  // ½ ln 2π
    }

    private static let logFactorials: [Double] = (0..<256).map { lgamma(Double($0) + 1) }

    /// Draws `total` items over cells with probabilities proportional to the
    /// integer `weights`, writing the cell counts into `counts`: one binomial
    /// per cell, each conditional on the cells before (x_c ~ Bin(N − Σ_{<c} x,
    /// w_c / Σ_{≥c} w)), so the cost is O(cells), independent of `total`.
    ///
    /// The conditional probabilities are exact ratios of the integer weights.
    public mutating func multinomial(total: Int, weights: [Int], into counts: inout [Int]) {
        precondition(counts.count == weights.count, "one count per cell")
        var remaining = total
        var remainingWeight = weights.reduce(0, +)
        for c in weights.indices {
            let w = weights[c]
            if w == 0 || remaining == 0 {
                counts[c] = 0
            } else if w == remainingWeight {
                counts[c] = remaining
            } else {
                counts[c] = binomial(trials: remaining, probability: Double(w) / Double(remainingWeight))
            }
            remaining -= counts[c]
            remainingWeight -= w
        }
    }
}
