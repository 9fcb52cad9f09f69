extension RunPassRate {
    /// How the Rogan–Gladen interval is formed.
    public enum Interval: String, Sendable, Hashable, Codable, CaseIterable {
        /// The delta method over p, Se and Sp: θ̂ ± z·SE, clipped to [0, 1].
        case delta
        /// Percentiles of θ over posterior draws of p, Se and Sp, each from a Beta
        /// posterior with Jeffreys' prior on its effective counts.
        case betaPosterior = "beta-posterior"
        /// The pass rate post-stratified by the judge's level, Σⱼ qⱼ r̂ⱼ, with the percentiles
        /// of θ = Σⱼ qⱼ rⱼ over posterior draws of each judge level's expert pass rate rⱼ,
        /// qⱼ the judge's share of the run at level j
        /// (``judgeLevelPosterior(_:scale:passLevel:level:draws:seed:)``).
        case judgeLevelPosterior = "judge-level-posterior"

        /// The interval a sample's design calls for when none is named: the delta
        /// method for a uniform draw, the judge-level posterior for rows drawn with
        /// unequal probabilities (a stratified draw), where it covers better
        /// (docs/ESTIMATION.md, "Rogan–Gladen on a stratified draw").
        public static func `default`(for sample: CorrectionSample) -> Interval {
            sample.isUniform ? .delta : .judgeLevelPosterior
        }
    }

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
        func draw(_ s: WeightedShare) -> Double { jeffreysDraw(share: s.share, count: s.effectiveCount, using: &generator) }
        var thetas: [Double] = []
        thetas.reserveCapacity(draws)
        for _ in 0..<draws {
            let (pb, seb, spb) = (draw(p), draw(se), draw(sp))
            let j = seb + spb - 1
            guard j > 0 else { continue }
            thetas.append(min(1, max(0, (pb + spb - 1) / j)))
        }
        guard !thetas.isEmpty else { return (nil, draws) }
        return (percentiles(of: thetas, level: level, method: .betaPosterior), draws - thetas.count)
    }

    /// A draw from Beta(s·m + ½, (1 − s)·m + ½): the posterior of a share s over m (effective) trials under
    /// Jeffreys' prior, by two gamma variates.
    private static func jeffreysDraw(share s: Double, count m: Double, using generator: inout Xoshiro256StarStar) -> Double {
        let a = generator.nextGamma(shape: s * m + 0.5)
        let b = generator.nextGamma(shape: (1 - s) * m + 0.5)
        return a / (a + b)
    }

    /// The central `level` interval of posterior draws: their (1 − level)/2 and (1 + level)/2 percentiles.
    private static func percentiles(of draws: [Double], level: Double, method: Interval) -> ConfidenceInterval {
        let sorted = draws.sorted()
        let alpha = (1 - level) / 2
        return ConfidenceInterval(
            lower: BootstrapResult.quantile(sorted, alpha), upper: BootstrapResult.quantile(sorted, 1 - alpha), level: level,
            method: method.rawValue)
    }
}

extension RunPassRate {
    /// The Rogan–Gladen interval from B seeded posterior draws, judge level by judge level.
    ///
    /// The pass rate of the run is θ = Σⱼ qⱼ rⱼ over the judge's levels j, where qⱼ is
    /// the judge's share of the run's rows at level j (known: the judge scored every
    /// row, labelled or not) and rⱼ = P(expert passes | judge gives j). Each rⱼ is a
    /// weighted share over the labelled rows at level j, drawn from
    /// Beta(rⱼ·mⱼ + ½, (1 − rⱼ)·mⱼ + ½) with mⱼ its Kish effective count (Jeffreys'
    /// prior, as ``posteriorInterval(p:se:sp:level:draws:seed:)``; a level with no
    /// labelled row draws from Beta(½, ½)); the interval is the percentiles of
    /// Σⱼ qⱼ rⱼ, and the point estimate its plug-in Σⱼ qⱼ r̂ⱼ (the pass rate post-stratified by
    /// the judge's level), so that the interval is about the value reported. With a judge-stratified
    /// draw the probability is constant within a
    /// level, so each level's labelled rows are a simple random sample of it and its
    /// posterior rests on its own counts. It needs no Se + Sp > 1 and no labelled
    /// false pass: the pooled Sp of a stratified draw that over-samples the judge's
    /// failures often reads 1 with variance 0 at n = 50 (19% of draws in the study),
    /// where the delta interval covers 0.3% of the time; here the judge-pass levels
    /// keep their own uncertainty. For weights that depend only on the judge's level
    /// Σⱼ qⱼ r̂ⱼ and the Rogan–Gladen estimate have the same expectation, but they part
    /// in a sample (most where Rogan–Gladen is clipped), so the plug-in replaces it
    /// (checked in numpy, `benchmarks/python/rg_stratified_check.py`: 97.3% coverage
    /// where delta gave 80.7%).
    ///
    /// - Returns: the plug-in estimate Σⱼ qⱼ r̂ⱼ (a level with no labelled row counts
    ///   its posterior mean ½) and the interval.
    static func judgeLevelPosterior(
        _ sample: CorrectionSample, scale: CategoryScale, passLevel: Double, level: Double, draws: Int, seed: UInt64
    ) -> (value: Double, interval: ConfidenceInterval) {
        let total = Double(sample.labelled + sample.unlabelled)
        let classes: [(q: Double, r: WeightedShare)] = scale.values.compactMap { value in
            let count = sample.judge.count { $0 == value } + sample.judgeUnlabelled.count { $0 == value }
            guard count > 0 else { return nil }
            let rows = sample.judge.indices.filter { sample.judge[$0] == value }
            let passes = rows.map { sample.expert[$0] >= passLevel ? 1.0 : 0.0 }
            return (Double(count) / total, WeightedShare(passes, weights: rows.map { sample.weights[$0] }))
        }
        var generator = Xoshiro256StarStar(seed: seed)
        var thetas: [Double] = []
        thetas.reserveCapacity(draws)
        for _ in 0..<draws {
            var theta = 0.0
            for c in classes {
                let (share, m) = c.r.count == 0 ? (0.5, 0.0) : (c.r.share, c.r.effectiveCount)
                theta += c.q * jeffreysDraw(share: share, count: m, using: &generator)
            }
            thetas.append(min(1, max(0, theta)))
        }
        let value = classes.reduce(0) { $0 + $1.q * ($1.r.count == 0 ? 0.5 : $1.r.share) }
        return (value, percentiles(of: thetas, level: level, method: .judgeLevelPosterior))
    }
}
