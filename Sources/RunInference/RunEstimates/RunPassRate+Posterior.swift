import StatisticsCore

extension RunPassRate {
    /// The Rogan–Gladen interval from B seeded posterior draws.
    ///
    /// Each of the three shares s, a weighted share over rows of weights w, is given
    /// its Kish effective count m = (Σw)²/Σw² (m itself when the weights are equal)
    /// and drawn from Beta(s·m + ½, (1 − s)·m + ½), Jeffreys' prior on m trials with
    /// s·m successes (Korn & Graubard 1998, "Confidence intervals for proportions with
    /// small expected number of positive counts estimated from survey data", Survey
    /// Methodology 24:193–201, for the effective count). Each draw gives
    /// θ = (p + Sp − 1)/(Se + Sp − 1) clipped to [0, 1]; draws with Se + Sp ≤ 1 are
    /// dropped, and the interval is the 2.5% and 97.5% percentiles of the rest. Unlike
    /// the delta interval it follows the skew of 1/J, and a judge with no error on
    /// few labelled rows still has sensitivity and specificity below 1 in the posterior.
    ///
    /// - Returns: the interval, and how many draws were dropped; `nil` when every draw was.
    static func posteriorInterval(
        p: WeightedShare, se: WeightedShare, sp: WeightedShare, level: Double, draws: Int, seed: UInt64
    ) -> (interval: ConfidenceInterval?, dropped: Int) {
        var generator = Xoshiro256StarStar(seed: seed)
        func draw(_ s: WeightedShare) -> Double {
            let a = generator.nextGamma(shape: s.share * s.effectiveCount + 0.5)
            let b = generator.nextGamma(shape: (1 - s.share) * s.effectiveCount + 0.5)
            return a / (a + b)
        }
        var thetas: [Double] = []
        thetas.reserveCapacity(draws)
        for _ in 0..<draws {
            let (pb, seb, spb) = (draw(p), draw(se), draw(sp))
            let j = seb + spb - 1
            guard j > 0 else { continue }
            thetas.append(min(1, max(0, (pb + spb - 1) / j)))
        }
        guard !thetas.isEmpty else { return (nil, draws) }
        let sorted = thetas.sorted()
        let alpha = (1 - level) / 2
        let interval = ConfidenceInterval(
            lower: BootstrapResult.quantile(sorted, alpha), upper: BootstrapResult.quantile(sorted, 1 - alpha),
            level: level, method: .betaPosterior)
        return (interval, draws - thetas.count)
    }
}
